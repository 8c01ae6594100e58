import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_STATUSES, STATUS_TRANSITIONS, type ApplicantStatus } from '~/lib/schemas';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

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

/** A new applicant brought into `status` through the allowed transitions. */
async function applicantIn(status: ApplicantStatus): Promise<number> {
  const res = await apply(api, applicationForm(jobId, { email: `status${++n}@example.com` }));
  const { applicant } = (await res.json()) as { applicant: { id: number } };
  if (status !== 'pending') {
    const r = await setStatus(applicant.id, status);
    expect(r.status).toBe(200);
  }
  return applicant.id;
}

function setStatus(id: number | string, status: unknown) {
  return call(api.app, 'PUT', `/api/applicants/${id}/status`, { token: api.token, json: { status } });
}

async function statusOf(id: number): Promise<string | undefined> {
  const res = await call(api.app, 'GET', '/api/applicants', { token: api.token });
  return ((await res.json()) as { applicants: { id: number; status: string }[] }).applicants.find((a) => a.id === id)
    ?.status;
}

describe('PUT /api/applicants/:id/status — table', () => {
  const pairs = APPLICANT_STATUSES.flatMap((from) => APPLICANT_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', async (from, to) => {
    const id = await applicantIn(from);
    const allowed = STATUS_TRANSITIONS.find((t) => t.from === from && t.to === to);
    const res = await setStatus(id, to);
    const body = (await res.json()) as { message: string; applicant?: { status: string } };
    if (allowed) {
      expect(res.status).toBe(200);
      expect(body.message).toBe(allowed.successMessage);
      expect(body.applicant?.status).toBe(to);
      expect(await statusOf(id)).toBe(to);
    } else {
      expect(res.status).toBe(409);
      expect(body.message).toBe(`Cannot change status from ${from} to ${to}`);
      expect(await statusOf(id)).toBe(from);
    }
  });

  it('has exactly four allowed transitions, matching their messages', () => {
    expect(STATUS_TRANSITIONS.map((t) => t.successMessage)).toEqual([
      'Applicant shortlisted successfully!',
      'Applicant rejected successfully!',
      'Applicant reverted to pending successfully!',
      'Applicant reverted to pending successfully!',
    ]);
  });

  it.each([['hired'], [''], [null], [42]])('answers 400 to the unknown status %j', async (status) => {
    const id = await applicantIn('pending');
    const res = await setStatus(id, status);
    expect(res.status).toBe(400);
    expect(await statusOf(id)).toBe('pending');
  });

  it('answers 404 for an unknown applicant', async () => {
    const res = await setStatus(777777, 'shortlisted');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Applicant not found' });
  });
});
