import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDO_SECONDS } from '~/lib/limits';
import type { MailTemplate } from '~/lib/schemas';
import { undoMessages } from '~/lib/schemas/applicant';
import type { ApplicationView } from '~/lib/schemas/application-page';
import { claimDueMails, insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import {
  appliedId,
  apply,
  applicationForm,
  call,
  callAsAdminAt,
  setupApi,
  validJob,
  type TestApi,
} from '../../support/api';

const START = new Date('2027-04-05T10:00:00.000Z');
let clock = START;
let api: TestApi;
let jobId: number;
let rejection: MailTemplate;
beforeAll(async () => {
  api = await setupApi({ now: () => clock });
  jobId = ((await (await asAdmin('POST', '/api/job', validJob)).json()) as { job: { id: number } }).job.id;
  const { templates } = (await (await asAdmin('GET', '/api/mail-templates')).json()) as { templates: MailTemplate[] };
  rejection = templates.find((t) => t.name === 'Rejection') as MailTemplate;
});
afterAll(async () => {
  await api.close();
});

const later = (ms: number) => new Date(START.getTime() + ms);
const asAdmin = (method: string, url: string, json?: unknown) => callAsAdminAt(api, clock, method, url, json);

type Offer = { token: string; seconds: number };
type Undone = { message: string; applicants: { id: number; status: string }[]; skipped: { id: number }[] };

let people = 0;
/** A fresh applicant who applied at START, with the receipt's private-page token. */
async function applicant(): Promise<{ id: number; email: string; pageToken: string }> {
  clock = START;
  people += 1;
  const email = `undo${people}@example.org`;
  const id = await appliedId(api, await apply(api, applicationForm(jobId, { email })));
  const receipt = await api.db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .executeTakeFirstOrThrow();
  const pageToken = /\/application\/([A-Za-z0-9_-]{43})/.exec(receipt.text_body)?.[1] ?? '';
  return { id, email, pageToken };
}

const undo = (token: string) => asAdmin('POST', '/api/applicants/undo', { token });
const rejectionMailsTo = (email: string) =>
  api.db
    .selectFrom('outbox')
    .select(['id', 'next_attempt_at'])
    .where('recipient', '=', email)
    .where('kind', '=', 'applicant_message')
    .execute();
const row = (id: number) =>
  api.db
    .selectFrom('applicants')
    .select(['status', 'rejection_reason', 'status_changed_at', 'reached_screening_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
/** The mails a worker would take at `at` (released again: only which ones matters). */
async function dueAt(at: Date): Promise<number[]> {
  const rows = await claimDueMails(api.db, api.dbKind, 'undo-test', at, 1, 1000);
  await api.db
    .updateTable('outbox')
    .set({ locked_by: null, locked_until: null })
    .where('locked_by', '=', 'undo-test')
    .execute();
  return rows.map((r) => Number(r.id));
}

async function rejectWithMail(id: number): Promise<Offer> {
  const res = await asAdmin('PUT', `/api/applicants/${id}/status`, {
    status: 'rejected',
    reason: 'experience',
    templateId: rejection.id,
  });
  expect(res.status).toBe(200);
  const { undo: offer } = (await res.json()) as { undo: Offer };
  return offer;
}

describe('undo before mail', () => {
  it('holds a rejection mail for the undo window, and Undo puts the applicant back and withdraws it', async () => {
    const person = await applicant();
    const before = await row(person.id);
    clock = later(60_000);
    const offer = await rejectWithMail(person.id);
    expect(offer).toEqual({ token: expect.any(String), seconds: UNDO_SECONDS });

    const [mail] = await rejectionMailsTo(person.email);
    expect(mail?.next_attempt_at).toBe(later(60_000 + UNDO_SECONDS * 1000).toISOString());
    expect(await dueAt(later(60_000 + UNDO_SECONDS * 1000 - 1))).not.toContain(Number(mail?.id));

    clock = later(60_000 + UNDO_SECONDS * 1000 - 1);
    const res = await undo(offer.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Undone;
    expect(body.message).toBe('Undone: 1 applicant back where they were, 1 mail withdrawn');
    expect(body.applicants).toMatchObject([{ id: person.id, status: 'pending' }]);
    expect(await row(person.id)).toEqual(before);
    expect(await rejectionMailsTo(person.email)).toEqual([]);

    // The applicant's own page never saw a decision, and the team's timeline says what happened.
    const view = (await (
      await call(api.app, 'GET', `/api/applications/${person.pageToken}`)
    ).json()) as ApplicationView;
    expect(view).toMatchObject({ stage: 'Received', passed: [] });
    const detail = (await (await asAdmin('GET', `/api/applicants/${person.id}`)).json()) as {
      timeline: { text: string }[];
    };
    // The withdrawn mail leaves no trace there.
    expect(detail.timeline.map((e) => e.text).slice(-2)).toEqual([
      'Moved from Pending to Rejected',
      'Undid the move from Pending to Rejected',
    ]);

    // A token works once.
    expect((await undo(offer.token)).status).toBe(410);
  });

  it('is too late once the window has closed: the change stands and its mail goes out', async () => {
    const person = await applicant();
    clock = later(1000);
    const offer = await rejectWithMail(person.id);
    clock = later(1000 + UNDO_SECONDS * 1000);
    const res = await undo(offer.token);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ message: undoMessages.tooLate });
    expect((await row(person.id)).status).toBe('rejected');
    const [mail] = await rejectionMailsTo(person.email);
    expect(await dueAt(clock)).toContain(Number(mail?.id));
  });

  it('is too late once a mail of the action went out, and changes nothing', async () => {
    const person = await applicant();
    const offer = await rejectWithMail(person.id);
    const [mail] = await rejectionMailsTo(person.email);
    await api.db.updateTable('outbox').set({ status: 'sent' }).where('id', '=', Number(mail?.id)).execute();
    expect((await undo(offer.token)).status).toBe(410);
    expect((await row(person.id)).status).toBe('rejected');
    expect(await rejectionMailsTo(person.email)).toHaveLength(1);
  });

  it('belongs to the admin who acted: a colleague’s undo is refused', async () => {
    const person = await applicant();
    const offer = await rejectWithMail(person.id);
    const colleague = await insertAdmin(api.db, 'colleague@example.com', await hashPassword('another long passphrase'));
    const { token } = await signToken(
      { sub: String(colleague.id), tv: colleague.token_version },
      api.jwtSecret,
      3600,
      clock,
    );
    const res = await call(api.app, 'POST', '/api/applicants/undo', { token, json: { token: offer.token } });
    expect(res.status).toBe(410);
    expect((await row(person.id)).status).toBe('rejected');
    expect((await undo(offer.token)).status).toBe(200);
  });

  it('undoes a bulk move for everyone still where it left them, and says who moved again meanwhile', async () => {
    const [a, b, c] = [await applicant(), await applicant(), await applicant()];
    clock = later(5000);
    const res = await asAdmin('POST', '/api/applicants/bulk', {
      ids: [a.id, b.id, c.id],
      action: 'status',
      status: 'shortlisted',
    });
    const answer = (await res.json()) as { message: string; undo: Offer };
    expect(answer.message).toBe('3 moved to Shortlisted');
    expect((await row(a.id)).reached_screening_at).toBe(clock.toISOString());

    clock = later(6000);
    expect((await asAdmin('PUT', `/api/applicants/${c.id}/status`, { status: 'interview' })).status).toBe(200);
    const body = (await (await undo(answer.undo.token)).json()) as Undone;
    expect(body.message).toBe(
      'Undone: 2 applicants back where they were; 1 moved again meanwhile and left where they are',
    );
    expect(body.skipped).toEqual([{ id: c.id, message: undoMessages.movedMeanwhile }]);
    for (const person of [a, b]) {
      expect(await row(person.id)).toMatchObject({ status: 'pending', reached_screening_at: null });
    }
    expect((await row(c.id)).status).toBe('interview');
  });

  it('withdraws the mails of a bulk mailing, and answers 400 without a token', async () => {
    const [a, b] = [await applicant(), await applicant()];
    const res = await asAdmin('POST', '/api/applicants/bulk', {
      ids: [a.id, b.id],
      action: 'mail',
      templateId: rejection.id,
    });
    const answer = (await res.json()) as { message: string; undo: Offer };
    expect(answer.message).toBe('2 mailed · 2 mails queued');
    const body = (await (await undo(answer.undo.token)).json()) as Undone;
    expect(body.message).toBe('Undone: 2 mails withdrawn');
    expect([...(await rejectionMailsTo(a.email)), ...(await rejectionMailsTo(b.email))]).toEqual([]);

    const missing = await asAdmin('POST', '/api/applicants/undo', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: undoMessages.tokenRequired });
  });
});
