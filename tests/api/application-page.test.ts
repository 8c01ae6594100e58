import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '~/lib/schemas';
import { applicationPageMessages as m, type ApplicationView } from '~/lib/schemas/application-page';
import { defaultApiConfig } from '~/server/config';
import { applicationForm, apply, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';
import { readZip } from '../helpers/zip';

const SITE = 'https://www.edgecraft.test';
/** The app's clock, fixed, so dates in the answers are exact. */
const NOW = new Date();

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ config: { mail: { ...defaultApiConfig.mail, siteUrl: SITE } }, now: () => NOW });
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

/** The private page links the outbox holds for an address, oldest first (the tokens themselves). */
async function linksTo(email: string): Promise<string[]> {
  const rows = await api.db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .where('kind', 'in', ['application_received', 'application_links'])
    .orderBy('id')
    .execute();
  return rows.flatMap((r) => [...r.text_body.matchAll(/\/application\/([A-Za-z0-9_-]{43})/g)].map((x) => x[1]!));
}

async function applyAs(email: string, job = jobId): Promise<string> {
  const res = await apply(api, applicationForm(job, { email }));
  expect(res.status).toBe(201);
  const links = await linksTo(email);
  return links.at(-1)!;
}

async function idOf(email: string): Promise<number> {
  const row = await api.db.selectFrom('applicants').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(row.id);
}

const page = (token: string, suffix = '', method = 'GET', headers: Record<string, string> = {}) =>
  call(api.app, method, `/api/applications/${token}${suffix}`, { headers });

describe('the private application page', () => {
  it('the receipt carries a link whose token opens the application in the applicant’s words', async () => {
    const token = await applyAs('meera@example.org');
    const receipt = await api.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'application_received')
      .where('recipient', '=', 'meera@example.org')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain(`${SITE}/application/${token}`);
    // Only the hash is stored.
    const stored = await api.db.selectFrom('application_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const res = await page(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const view = (await res.json()) as ApplicationView;
    expect(view).toEqual({
      jobTitle: 'Embedded AI Engineer',
      jobPath: expect.stringMatching(new RegExp(`^/career/jobs/${jobId}-`)) as unknown as string,
      appliedAt: NOW.toISOString(),
      stage: 'Received',
      passed: [],
      interview: null,
      eraseAt: new Date(NOW.getTime() + 365 * 86_400_000).toISOString(),
      canWithdraw: true,
      erases: { applications: 1, messages: 0 },
    });
  });

  it('shows a shortlisted application as under review, never the reason or notes', async () => {
    const token = await applyAs('ravi@example.org');
    const id = Number(
      (
        await api.db
          .selectFrom('applicants')
          .select('id')
          .where('email', '=', 'ravi@example.org')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await call(api.app, 'POST', `/api/applicants/${id}/notes`, { token: api.token, json: { text: 'Weak on RTOS' } });
    expect(
      (
        await call(api.app, 'PUT', `/api/applicants/${id}/status`, {
          token: api.token,
          json: { status: 'shortlisted' },
        })
      ).status,
    ).toBe(200);
    const res = await page(token);
    const body = await res.text();
    expect((JSON.parse(body) as ApplicationView).stage).toBe('Under review');
    expect(body).not.toContain('Weak on RTOS');
    // The date would tell when the team moved it, which the applicant may not have been told.
    expect((JSON.parse(body) as ApplicationView).eraseAt).toBeNull();
  });

  it('shows a silent rejection exactly as a hire: the same stage and no date that tells them apart', async () => {
    const views: ApplicationView[] = [];
    for (const [email, move] of [
      ['rejected@example.org', { status: 'rejected', reason: 'experience' }],
      ['hired@example.org', { status: 'hired' }],
    ] as const) {
      const token = await applyAs(email);
      const [row] = await api.db.selectFrom('applicants').select('id').where('email', '=', email).execute();
      const moved = await call(api.app, 'PUT', `/api/applicants/${row!.id}/status`, { token: api.token, json: move });
      expect(moved.status).toBe(200);
      views.push((await (await page(token)).json()) as ApplicationView);
    }
    expect(views[0]).toEqual(views[1]);
    expect(views[0]).toMatchObject({ stage: 'Decision made', eraseAt: null });
  });

  it('ticks only the stages the applicant reached: a rejection from Received never reads as an interview', async () => {
    const journeys = {
      rejectedAtOnce: [{ status: 'rejected', reason: 'experience' }],
      rejectedAfterInterview: [
        { status: 'shortlisted' },
        { status: 'interview' },
        { status: 'rejected', reason: 'skills' },
      ],
      straightToInterview: [{ status: 'interview' }],
      backToApplied: [{ status: 'shortlisted' }, { status: 'pending' }],
    } as const;
    const seen: Record<string, Pick<ApplicationView, 'stage' | 'passed'>> = {};
    for (const [name, moves] of Object.entries(journeys)) {
      const email = `${name.toLowerCase()}@example.org`;
      const token = await applyAs(email);
      const id = await idOf(email);
      for (const move of moves) {
        const res = await call(api.app, 'PUT', `/api/applicants/${id}/status`, { token: api.token, json: move });
        expect(res.status).toBe(200);
      }
      const { stage, passed } = (await (await page(token)).json()) as ApplicationView;
      seen[name] = { stage, passed };
    }
    expect(seen).toEqual({
      rejectedAtOnce: { stage: 'Decision made', passed: ['Received'] },
      rejectedAfterInterview: { stage: 'Decision made', passed: ['Received', 'Under review', 'Interviewing'] },
      straightToInterview: { stage: 'Interviewing', passed: ['Received'] },
      backToApplied: { stage: 'Received', passed: [] },
    });
  });

  it('shows the booked interview, its time, length and place, and serves it as the .ics the mail carried', async () => {
    const token = await applyAs('interviewee@example.org');
    const id = await idOf('interviewee@example.org');
    expect((await page(token, '/interview.ics')).status).toBe(404);
    // On the minute: calendars keep no milliseconds.
    const startsAt = new Date(Math.ceil(NOW.getTime() / 60_000) * 60_000 + 3 * 86_400_000).toISOString();
    const location = 'https://meet.example.com/edge-panel';
    const booked = await call(api.app, 'POST', `/api/applicants/${id}/interviews`, {
      token: api.token,
      json: { startsAt, durationMinutes: 45, location, interviewerIds: [api.admin.id] },
    });
    expect(booked.status).toBe(201);
    const interviewId = ((await booked.json()) as { interviews: { id: number }[] }).interviews[0]!.id;

    const view = (await (await page(token)).json()) as ApplicationView;
    expect(view.interview).toEqual({ startsAt, durationMinutes: 45, location });
    const ics = await page(token, '/interview.ics');
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(ics.headers.get('cache-control')).toContain('no-store');
    const eventOf = (calendar: string) =>
      Object.values(ical.sync.parseICS(calendar)).find((c): c is VEvent => c?.type === 'VEVENT');
    const mailed = await api.db
      .selectFrom('outbox')
      .select('calendar')
      .where('recipient', '=', 'interviewee@example.org')
      .where('kind', '=', 'interview_invitation')
      .executeTakeFirstOrThrow();
    const [downloaded, invitation] = [eventOf(await ics.text()), eventOf(mailed.calendar ?? '')];
    expect(downloaded?.uid).toBe(invitation?.uid);
    expect(downloaded?.start.toISOString()).toBe(startsAt);
    expect(downloaded?.location).toBe(location);

    const cancelled = await call(api.app, 'POST', `/api/applicants/${id}/interviews/${interviewId}/cancel`, {
      token: api.token,
    });
    expect(cancelled.status).toBe(200);
    expect(((await (await page(token)).json()) as ApplicationView).interview).toBeNull();
    const gone = await page(token, '/interview.ics');
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: m.noInterview });
  });

  it('answers an unknown token and an erased one alike: 404 with the same body', async () => {
    const token = await applyAs('gone@example.org');
    const erased = await page(token, '', 'DELETE');
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ message: m.erased });

    const afterErasure = await page(token);
    const unknown = await page('A'.repeat(43));
    const malformed = await page('not-a-token');
    for (const res of [afterErasure, unknown, malformed]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(await res.json()).toEqual({ message: m.notFound });
    }
  });

  it('erases exactly as an admin erasure does, audits it as the applicant and mails a confirmation', async () => {
    const token = await applyAs('twice@example.org');
    const otherJob = (await createJobViaApi(api, { title: 'Edge ML Researcher' })).id;
    await applyAs('twice@example.org', otherJob);
    expect(((await (await page(token)).json()) as ApplicationView).erases.applications).toBe(2);

    expect((await page(token, '', 'DELETE')).status).toBe(200);
    const left = await api.db
      .selectFrom('applicants')
      .select('id')
      .where('email_key', '=', 'twice@example.org')
      .execute();
    expect(left).toEqual([]);
    const mails = await api.db
      .selectFrom('outbox')
      .select(['kind', 'text_body'])
      .where('recipient', '=', 'twice@example.org')
      .execute();
    expect(mails.map((r) => r.kind)).toEqual(['application_erased']);
    expect(mails[0]!.text_body).toContain('your 2 applications');
    const audit = await api.db
      .selectFrom('audit_log')
      .select(['admin_email', 'admin_id'])
      .where('action', '=', 'person.erased')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ admin_email: 'the applicant', admin_id: null });
  });

  it('downloads the same person.json and resume an admin export gives, no-store', async () => {
    const token = await applyAs('zip@example.org');
    const id = Number(
      (
        await api.db
          .selectFrom('applicants')
          .select('id')
          .where('email', '=', 'zip@example.org')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const mine = await page(token, '/export');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/zip');
    expect(mine.headers.get('cache-control')).toContain('no-store');
    const admins = await call(api.app, 'GET', `/api/applicants/${id}/export`, { token: api.token });
    const [own, theirs] = [
      await readZip(new Uint8Array(await mine.arrayBuffer())),
      await readZip(new Uint8Array(await admins.arrayBuffer())),
    ];
    expect([...own.keys()].sort()).toEqual([...theirs.keys()].sort());
    const person = JSON.parse(own.get('person.json')!.toString('utf8')) as {
      email: string;
      applications: { id: number }[];
      auditEntries: { action: string; by: string }[];
    };
    expect(person.email).toBe('zip@example.org');
    expect(person.applications.map((a) => a.id)).toEqual([id]);
    expect(person.auditEntries.map((e) => e.action)).toContain('person.exported');
  });

  it('withdraws: the stage becomes withdrawn, the team is mailed and sees it in the timeline; nothing else changes', async () => {
    const token = await applyAs('withdraw@example.org');
    const before = await api.db
      .selectFrom('applicants')
      .selectAll()
      .where('email', '=', 'withdraw@example.org')
      .executeTakeFirstOrThrow();
    const res = await page(token, '/withdraw', 'POST');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toEqual({ message: m.withdrawn });

    const after = await api.db
      .selectFrom('applicants')
      .selectAll()
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ ...before, status: 'withdrawn', status_changed_at: NOW.toISOString() });
    const view = (await (await page(token)).json()) as ApplicationView;
    expect(view).toMatchObject({ stage: 'Withdrawn by you', canWithdraw: false });

    const notice = await api.db
      .selectFrom('outbox')
      .select(['recipient', 'subject'])
      .where('kind', '=', 'application_withdrawn')
      .executeTakeFirstOrThrow();
    expect(notice.recipient).toBe(defaultApiConfig.mail.hiringTeam);
    expect(notice.subject).toBe('Application withdrawn: Ada Lovelace for Embedded AI Engineer');
    const detail = (await (
      await call(api.app, 'GET', `/api/applicants/${before.id}`, { token: api.token })
    ).json()) as {
      timeline: { kind: string; by: string | null; text: string }[];
    };
    expect(detail.timeline).toContainEqual(
      expect.objectContaining({ kind: 'status', by: 'the applicant', text: 'Moved from Pending to Withdrawn' }),
    );

    const again = await page(token, '/withdraw', 'POST');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: m.cannotWithdraw });
  });

  it('refuses withdraw and erase from another site', async () => {
    const token = await applyAs('csrf@example.org');
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/withdraw'],
    ] as const) {
      const res = await page(token, suffix, method, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: requestMessages.crossSite });
    }
    expect((await page(token)).status).toBe(200);
  });
});

describe('send me my link', () => {
  it('answers the same neutral 202 for a known and an unknown address, and mails a new link to each application of the known one', async () => {
    const first = await applyAs('links@example.org');
    const second = await applyAs('links@example.org', (await createJobViaApi(api, { title: 'Firmware Lead' })).id);
    const known = await call(api.app, 'POST', '/api/applications/link', { json: { email: 'Links@Example.org ' } });
    const unknown = await call(api.app, 'POST', '/api/applications/link', { json: { email: 'nobody@example.org' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual({ message: m.linkRequested });
    expect(await unknown.json()).toEqual({ message: m.linkRequested });

    // The mail is queued after the answer has left.
    await expect.poll(async () => (await linksTo('links@example.org')).length).toBe(4);
    const links = await linksTo('links@example.org');
    const fresh = links.slice(2);
    expect(fresh).not.toContain(first);
    for (const token of fresh) expect((await page(token)).status).toBe(200);
    // Only hashes are kept, so the new links replace the older ones, which open nothing now.
    for (const token of [first, second]) expect((await page(token)).status).toBe(404);
    const nobody = await api.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'nobody@example.org')
      .execute();
    expect(nobody).toEqual([]);
  });

  it('issues a first link to an application stored before links existed', async () => {
    await applyAs('old@example.org');
    await api.db.deleteFrom('application_tokens').execute();
    await call(api.app, 'POST', '/api/applications/link', { json: { email: 'old@example.org' } });
    await expect.poll(async () => (await linksTo('old@example.org')).length).toBe(2);
    expect((await page((await linksTo('old@example.org')).at(-1)!)).status).toBe(200);
  });

  it('asks for a valid address', async () => {
    const res = await call(api.app, 'POST', '/api/applications/link', { json: { email: 'not an address' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(m.emailInvalid);
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After past the per-network limit', async () => {
    const limited = await setupApi({ config: { rateLimits: { applicationPagePerIp: { max: 2, windowMs: 60_000 } } } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call(limited.app, 'GET', `/api/applications/${'B'.repeat(43)}`)).status);
      expect(statuses).toEqual([404, 404, 429]);
      const res = await call(limited.app, 'GET', `/api/applications/${'B'.repeat(43)}`);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toEqual({ message: m.tooMany });
    } finally {
      await limited.close();
    }
  });
});
