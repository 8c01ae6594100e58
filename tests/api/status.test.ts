import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_STAGES, APPLICANT_STATUSES, type ApplicantStatus } from '~/lib/schemas';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi, appliedId } from '../../support/api';

let api: TestApi;
let jobId: number;
let n = 0;
beforeAll(async () => {
  api = await setupApi();
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

type Body = { message: string; applicant?: { status: string; rejectionReason: string | null } };

function setStatus(id: number | string, json: unknown) {
  return call(api.app, 'PUT', `/api/applicants/${id}/status`, { token: api.token, json });
}

/** A new applicant moved to `status` (with a reason when rejected). */
async function applicantIn(status: ApplicantStatus): Promise<number> {
  const res = await apply(api, applicationForm(jobId, { email: `status${++n}@example.com` }));
  const applicant = { id: await appliedId(api, res) };
  if (status === 'withdrawn') {
    // Only the applicant withdraws, from their own page: stored here as that page would.
    await api.db.updateTable('applicants').set({ status: 'withdrawn' }).where('id', '=', applicant.id).execute();
  } else if (status !== 'pending') {
    const r = await setStatus(applicant.id, status === 'rejected' ? { status, reason: 'experience' } : { status });
    expect(r.status).toBe(200);
  }
  return applicant.id;
}

async function stored(id: number): Promise<{ status: string; rejectionReason: string | null } | undefined> {
  const res = await call(api.app, 'GET', '/api/applicants', { token: api.token });
  return (
    (await res.json()) as { applicants: { id: number; status: string; rejectionReason: string | null }[] }
  ).applicants.find((a) => a.id === id);
}

describe('the seven stages', () => {
  it.each(APPLICANT_STATUSES)('stores %s and reads it back from the list and the detail', async (status) => {
    const id = await applicantIn(status);
    expect((await stored(id))?.status).toBe(status);
    const detail = await call(api.app, 'GET', `/api/applicants/${id}`, { token: api.token });
    expect(((await detail.json()) as { applicant: { status: string } }).applicant.status).toBe(status);
  });

  it('refuses a status the database does not know, below the API too', async () => {
    const id = await applicantIn('pending');
    await expect(
      api.db
        .updateTable('applicants')
        .set({ status: 'archived' as ApplicantStatus })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow();
    expect((await stored(id))?.status).toBe('pending');
  });
});

describe('PUT /api/applicants/:id/status', () => {
  const pairs = ADMIN_STAGES.flatMap((from) => ADMIN_STAGES.filter((to) => to !== from).map((to) => [from, to]));

  it.each(pairs)('moves %s → %s', async (from, to) => {
    const id = await applicantIn(from);
    const res = await setStatus(id, to === 'rejected' ? { status: to, reason: 'skills' } : { status: to });
    const body = (await res.json()) as Body;
    expect(res.status).toBe(200);
    expect(body.message).toMatch(/^Applicant moved to /);
    expect(body.applicant?.status).toBe(to);
    expect((await stored(id))?.status).toBe(to);
  });

  it('refuses a move to the stage the applicant is already in', async () => {
    const id = await applicantIn('interview');
    const res = await setStatus(id, { status: 'interview' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'The applicant is already in Interview' });
  });

  it('never sets withdrawn: only the applicant withdraws', async () => {
    const id = await applicantIn('offer');
    const res = await setStatus(id, { status: 'withdrawn' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Only the applicant can withdraw their application' });
    expect((await stored(id))?.status).toBe('offer');
  });

  it.each(ADMIN_STAGES)('refuses moving a withdrawn applicant to %s', async (to) => {
    const id = await applicantIn('withdrawn');
    const res = await setStatus(id, to === 'rejected' ? { status: to, reason: 'skills' } : { status: to });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: 'This applicant withdrew their application; their stage can no longer change',
    });
    expect((await stored(id))?.status).toBe('withdrawn');
  });

  it('asks for a reason to reject, keeps it with the application and its timeline, never in the audit trail', async () => {
    const id = await applicantIn('interview');
    const missing = await setStatus(id, { status: 'rejected' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Choose a reason for rejecting' });
    expect((await stored(id))?.status).toBe('interview');

    const res = await setStatus(id, { status: 'rejected', reason: 'closer_fit' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Body).applicant?.rejectionReason).toBe('closer_fit');
    expect(await stored(id)).toMatchObject({ status: 'rejected', rejectionReason: 'closer_fit' });

    const detail = await call(api.app, 'GET', `/api/applicants/${id}`, { token: api.token });
    const { timeline } = (await detail.json()) as { timeline: { kind: string; text: string; by: string | null }[] };
    expect(timeline.filter((e) => e.kind === 'status')).toEqual([
      expect.objectContaining({ text: 'Moved from Pending to Interview', by: api.admin.email }),
      expect.objectContaining({
        text: 'Moved from Interview to Rejected (reason: Another candidate was a closer fit)',
        by: api.admin.email,
      }),
    ]);
    const audit = await call(api.app, 'GET', '/api/audit?action=applicant.status_changed', { token: api.token });
    const { entries } = (await audit.json()) as { entries: { subjectId: number | null; summary: string }[] };
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({ subjectId: id, summary: 'moved from Interview to Rejected' }),
      expect.objectContaining({ subjectId: id, summary: 'moved from Pending to Interview' }),
    ]);
    // The trail outlives the application: no column of any of its rows holds the reason, by key or by words.
    const trail = JSON.stringify(await api.db.selectFrom('audit_log').selectAll().execute());
    expect(trail).not.toContain('closer');
    expect(trail).not.toMatch(/reason/i);
  });

  it('clears the reason when a rejected applicant moves on', async () => {
    const id = await applicantIn('rejected');
    expect((await stored(id))?.rejectionReason).toBe('experience');
    expect((await setStatus(id, { status: 'offer' })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'offer', rejectionReason: null });
  });

  it.each([
    [{ status: 'offer', reason: 'skills' }, 'A reason is only kept when rejecting'],
    [{ status: 'rejected', reason: 'too tall' }, expect.stringMatching(/^Reason must be one of: experience, skills/)],
    [{ status: 'archived' }, expect.stringMatching(/^Status must be one of: pending, shortlisted, interview/)],
    [{ status: '' }, expect.any(String)],
    [{ status: null }, expect.any(String)],
    [{ status: 42 }, expect.any(String)],
  ])('answers 400 to %j', async (json, message) => {
    const id = await applicantIn('pending');
    const res = await setStatus(id, json);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Body).message).toEqual(message);
    expect((await stored(id))?.status).toBe('pending');
  });

  it('answers 404 for an unknown applicant', async () => {
    const res = await setStatus(777777, { status: 'shortlisted' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Applicant not found' });
  });
});
