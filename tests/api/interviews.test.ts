/**
 * Interviews and scorecards: scheduling mails the applicant and the panel an iCalendar invitation
 * through the outbox (REQUEST, a stable UID, SEQUENCE up at each change, CANCEL at the end);
 * scorecards stay hidden from an interviewer until theirs is in; viewers read and never write;
 * both are in the person's export without staff addresses and leave with the person.
 */
import ical, { type Attendee, type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewList } from '~/lib/interviews';
import type { ApplicantDetail, AuditPage } from '~/lib/privacy';
import type { AdminJob } from '~/lib/schemas/job';
import type { Role } from '~/lib/team';
import { defaultApiConfig } from '~/server/config';
import { insertAdmin, type OutboxRow } from '~/server/db';
import { smtpSender } from '~/server/mail';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  validJob,
  type TestApi,
  appliedId,
} from '../../support/api';
import { startSmtpCapture } from '../../support/smtp';
import { readZip } from '../helpers/zip';

let api: TestApi;
let jobId: number;
type Member = 'ana' | 'ben' | 'viewer';
const tokens = {} as Record<Member, string>;
const ids = {} as Record<Member, number>;
const emails = {} as Record<Member, string>;

async function member(key: Member, role: Role) {
  const row = await insertAdmin(
    api.db,
    `${key}@example.com`,
    await hashPassword('a long password 42'),
    new Date(),
    role,
  );
  tokens[key] = (await signToken({ sub: String(row.id), tv: row.token_version }, api.jwtSecret, 3600)).token;
  ids[key] = Number(row.id);
  emails[key] = row.email;
}

beforeAll(async () => {
  api = await setupApi();
  await member('ana', 'recruiter');
  await member('ben', 'recruiter');
  await member('viewer', 'viewer');
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

let applied = 0;
async function applicant(email = `interviewee${++applied}@example.com`): Promise<number> {
  const res = await apply(api, applicationForm(jobId, { email }));
  return await appliedId(api, res);
}

const inDays = (days: number, hour = 10) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 30, 0, 0);
  return date.toISOString();
};
const schedule = (id: number, body: Record<string, unknown>, token = api.token) =>
  call(api.app, 'POST', `/api/applicants/${id}/interviews`, { token, json: body });
const interviewsOf = async (id: number, token = api.token) =>
  (await (await call(api.app, 'GET', `/api/applicants/${id}/interviews`, { token })).json()) as InterviewList;
const submit = (id: number, interviewId: number, body: Record<string, unknown>, token: string) =>
  call(api.app, 'POST', `/api/applicants/${id}/interviews/${interviewId}/scorecard`, { token, json: body });

/** The outbox rows about an applicant's interview, oldest first. */
async function interviewMails(since: number): Promise<OutboxRow[]> {
  return api.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', 'in', ['interview_invitation', 'interview_cancelled'])
    .where('id', '>', since)
    .orderBy('id')
    .execute();
}
const lastMailId = async () =>
  Number(
    (
      await api.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

/** The invitation's METHOD and its one event, parsed by node-ical as a calendar client would. */
function parseInvitation(calendar: string | null): { method: string | undefined; event: VEvent } {
  const parsed = ical.sync.parseICS(calendar ?? '');
  const event = Object.values(parsed).find((c): c is VEvent => c?.type === 'VEVENT');
  if (!event) throw new Error('no VEVENT in the invitation');
  return { method: parsed.vcalendar?.method, event };
}
const address = (a: Attendee | string) => (typeof a === 'string' ? a : a.val).replace(/^mailto:/i, '');
const attendeesOf = (event: VEvent) =>
  [event.attendee ?? []]
    .flat()
    .map((a) => address(a as Attendee))
    .sort();

const sixty = { durationMinutes: 60, location: 'https://meet.example.com/firmware-panel' };

describe('interviews', () => {
  it('mail the applicant and each interviewer an invitation with one UID, DTSTART in UTC and every attendee', async () => {
    const id = await applicant('asha@example.com');
    const since = await lastMailId();
    const startsAt = inDays(7);
    const res = await schedule(id, {
      ...sixty,
      startsAt,
      interviewerIds: [ids.ana, ids.ben],
      note: 'We will talk through a Zephyr driver you wrote.',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as InterviewList & { message: string };
    expect(body.message).toBe('Interview scheduled; the invitations are in the outbox');
    expect(body.interviews).toHaveLength(1);
    expect(body.interviews[0]).toMatchObject({ startsAt, durationMinutes: 60, timeZone: 'Asia/Kolkata', sequence: 0 });
    expect(body.interviews[0]?.interviewers.map((i) => i.email)).toEqual([emails.ana, emails.ben]);

    const mails = await interviewMails(since);
    expect(mails.map((m) => m.recipient).sort()).toEqual(['ana@example.com', 'asha@example.com', 'ben@example.com']);
    const uid = body.interviews[0]?.uid;
    for (const mail of mails) {
      expect(mail.kind).toBe('interview_invitation');
      expect(mail.subject_key).toBe('asha@example.com');
      const { method, event } = parseInvitation(mail.calendar);
      expect(method).toBe('REQUEST');
      expect(event.uid).toBe(uid);
      expect(Number(event.sequence)).toBe(0);
      expect(event.start?.toISOString()).toBe(startsAt);
      expect(event.end?.toISOString()).toBe(new Date(Date.parse(startsAt) + 3_600_000).toISOString());
      expect(attendeesOf(event)).toEqual(['ana@example.com', 'asha@example.com', 'ben@example.com']);
      expect(address(event.organizer as Attendee)).toBe(defaultApiConfig.mail.hiringTeam);
    }
    expect(mails.every((m) => /^DTSTART:\d{8}T\d{6}Z\r$/m.test(m.calendar ?? ''))).toBe(true);
    // The applicant reads the time in UTC and in the team's zone, each named.
    const toApplicant = mails.find((m) => m.recipient === 'asha@example.com');
    expect(toApplicant?.text_body).toMatch(
      /When: \w+day, \d+ \w+ \d{4} at 16:00 GMT\+5:30 \(Asia\/Kolkata\) · \d+ \w{3}, 10:30 UTC/,
    );
    expect(toApplicant?.reply_to).toBe(defaultApiConfig.mail.hiringTeam);
  });

  it('go out as a text/calendar alternative with its method and an .ics file', async () => {
    const smtp = await startSmtpCapture();
    try {
      const id = await applicant();
      const since = await lastMailId();
      await schedule(id, { ...sixty, startsAt: inDays(3), interviewerIds: [ids.ana], timeZone: 'Europe/Berlin' });
      const [row] = await interviewMails(since);
      if (!row) throw new Error('no invitation queued');
      expect(row.text_body).toMatch(/ at \d{2}:\d{2} CES?T \(Europe\/Berlin\) · /);
      const sender = smtpSender({ ...defaultApiConfig.mail, smtpUrl: smtp.url });
      await sender.send(row);
      sender.close();
      const [captured] = await smtp.waitFor(1);
      const parsed = captured?.parsed;
      const ics = parsed?.attachments.find((a) => a.filename === 'invite.ics');
      expect(ics?.contentType).toBe('application/ics');
      expect(parseInvitation(ics?.content.toString('utf8') ?? '').method).toBe('REQUEST');
      const alternative = parsed?.attachments.find((a) => a.contentType === 'text/calendar');
      expect(alternative?.headers.get('content-type')).toMatchObject({ params: { method: 'REQUEST' } });
      expect(parseInvitation(alternative?.content.toString('utf8') ?? '').event.uid).toBe(
        parseInvitation(row.calendar).event.uid,
      );
      expect(parsed?.text).toContain('The invitation is attached');
    } finally {
      await smtp.stop();
    }
  });

  it('moved keep their UID with a higher SEQUENCE; a removed interviewer gets a cancellation', async () => {
    const id = await applicant();
    const first = (await (
      await schedule(id, { ...sixty, startsAt: inDays(5), interviewerIds: [ids.ana, ids.ben] })
    ).json()) as InterviewList;
    const interview = first.interviews[0];
    if (!interview) throw new Error('not scheduled');
    const since = await lastMailId();
    const startsAt = inDays(6, 4);
    const res = await call(api.app, 'PUT', `/api/applicants/${id}/interviews/${interview.id}`, {
      token: api.token,
      json: { ...sixty, durationMinutes: 45, startsAt, interviewerIds: [ids.ana] },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as InterviewList).interviews[0]).toMatchObject({ sequence: 1, startsAt });
    const mails = await interviewMails(since);
    const invites = mails.filter((m) => m.kind === 'interview_invitation');
    expect(invites.map((m) => m.recipient).sort()).toEqual([emails.ana, `interviewee${applied}@example.com`]);
    for (const mail of invites) {
      const { method, event } = parseInvitation(mail.calendar);
      expect([method, event.uid, Number(event.sequence), event.start?.toISOString()]).toEqual([
        'REQUEST',
        interview.uid,
        1,
        startsAt,
      ]);
      expect(mail.subject).toMatch(/New time for your interview|Moved: interview/);
    }
    const dropped = mails.filter((m) => m.kind === 'interview_cancelled');
    expect(dropped.map((m) => m.recipient)).toEqual([emails.ben]);
    expect(parseInvitation(dropped[0]?.calendar ?? null).method).toBe('CANCEL');
  });

  it('cancelled send METHOD:CANCEL with the same UID and a higher SEQUENCE, and cannot be moved after', async () => {
    const id = await applicant();
    const { interviews } = (await (
      await schedule(id, { ...sixty, startsAt: inDays(4), interviewerIds: [ids.ben] })
    ).json()) as InterviewList;
    const interview = interviews[0];
    if (!interview) throw new Error('not scheduled');
    const since = await lastMailId();
    const res = await call(api.app, 'POST', `/api/applicants/${id}/interviews/${interview.id}/cancel`, {
      token: api.token,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as InterviewList).interviews[0]?.cancelledAt).toEqual(expect.any(String));
    const mails = await interviewMails(since);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const { method, event } = parseInvitation(mail.calendar);
      expect([mail.kind, method, event.uid, Number(event.sequence), event.status]).toEqual([
        'interview_cancelled',
        'CANCEL',
        interview.uid,
        1,
        'CANCELLED',
      ]);
    }
    const again = await call(api.app, 'POST', `/api/applicants/${id}/interviews/${interview.id}/cancel`, {
      token: api.token,
    });
    expect(again.status).toBe(409);
    const moved = await call(api.app, 'PUT', `/api/applicants/${id}/interviews/${interview.id}`, {
      token: api.token,
      json: { ...sixty, startsAt: inDays(8), interviewerIds: [ids.ben] },
    });
    expect([moved.status, ((await moved.json()) as { message: string }).message]).toEqual([
      409,
      'This interview was cancelled',
    ]);
  });

  it('refuse a start in the past, a viewer or unknown interviewer, bad input, and viewers scheduling', async () => {
    const id = await applicant();
    const refused = async (body: Record<string, unknown>, token = api.token) => {
      const res = await schedule(id, body, token);
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    const base = { ...sixty, startsAt: inDays(2), interviewerIds: [ids.ana] };
    expect(await refused({ ...base, startsAt: new Date(Date.now() - 60_000).toISOString() })).toEqual([
      400,
      'The interview must start in the future',
    ]);
    expect(await refused({ ...base, interviewerIds: [ids.viewer] })).toEqual([
      400,
      'Viewers cannot interview: make them a recruiter first',
    ]);
    expect((await refused({ ...base, interviewerIds: [99_999] }))[0]).toBe(400);
    expect((await refused({ ...base, interviewerIds: [] }))[0]).toBe(400);
    expect((await refused({ ...base, durationMinutes: 5 }))[0]).toBe(400);
    expect((await refused({ ...base, location: '  ' }))[0]).toBe(400);
    expect((await refused({ ...base, timeZone: 'Mars/Olympus' }))[0]).toBe(400);
    expect((await refused(base, tokens.viewer))[0]).toBe(403);
    expect((await interviewsOf(id)).interviews).toEqual([]);
  });

  it('take a start in ISO 8601 with its offset, at most two years ahead', async () => {
    const id = await applicant();
    const answer = async (startsAt: string) => {
      const res = await schedule(id, { ...sixty, startsAt, interviewerIds: [ids.ana] });
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    const invalid = [
      400,
      'The start must be a date and time in ISO 8601 with its offset, such as 2027-01-12T10:00:00Z',
    ];
    const year = new Date().getUTCFullYear() + 1;
    for (const startsAt of [
      '+275760-09-13T00:00:00Z',
      `${year}-01-12T10:00:00`,
      `${year}-01-12 10:00:00Z`,
      `${year}-02-30T10:00:00Z`,
      `${year}-01-12T24:00:00Z`,
      'next Tuesday',
    ])
      expect(await answer(startsAt), startsAt).toEqual(invalid);
    /** Two years from now, give or take `hours`. */
    const twoYears = (hours: number) => {
      const date = new Date(Date.now() + hours * 3_600_000);
      date.setUTCFullYear(date.getUTCFullYear() + 2);
      return date.toISOString();
    };
    const tooFar = [400, 'The interview must start within 2 years from now'];
    expect(await answer(twoYears(1))).toEqual(tooFar);
    expect(await answer(twoYears(365 * 24))).toEqual(tooFar);
    expect(await interviewsOf(id)).toMatchObject({ interviews: [] });
    expect(await answer(twoYears(-1))).toEqual([201, 'Interview scheduled; the invitations are in the outbox']);
    expect((await answer(`${year}-01-12T15:30+05:30`))[0]).toBe(201);
    expect((await interviewsOf(id)).interviews.map((i) => i.startsAt)).toContain(`${year}-01-12T10:00:00.000Z`);
  });

  it('are refused, new or moved, for withdrawn, rejected and hired applicants, and none is mailed', async () => {
    const id = await applicant();
    const body = { ...sixty, startsAt: inDays(3), interviewerIds: [ids.ana] };
    const interviewId = ((await (await schedule(id, body)).json()) as InterviewList).interviews[0]?.id ?? 0;
    const since = await lastMailId();
    const messages = {
      withdrawn: 'This applicant withdrew their application and gets no more mail',
      rejected: 'This applicant was rejected: move them to another stage before planning an interview',
      hired: 'This applicant is hired: there is no interview left to plan',
    } as const;
    for (const [status, message] of Object.entries(messages)) {
      await api.db
        .updateTable('applicants')
        .set({ status: status as keyof typeof messages })
        .where('id', '=', id)
        .execute();
      for (const res of [
        await schedule(id, body),
        await call(api.app, 'PUT', `/api/applicants/${id}/interviews/${interviewId}`, { token: api.token, json: body }),
      ])
        expect([res.status, ((await res.json()) as { message: string }).message], status).toEqual([409, message]);
    }
    expect(await interviewMails(since)).toEqual([]);
    expect((await interviewsOf(id)).interviews).toHaveLength(1);
  });
});

describe('scorecards', () => {
  const ratings = { 'Technical depth': 4, Communication: 3, Ownership: 3 };

  it('of the others stay hidden from an interviewer until their own is in; the tally counts what one may read', async () => {
    const id = await applicant();
    const { interviews } = (await (
      await schedule(id, { ...sixty, startsAt: inDays(1), interviewerIds: [ids.ana, ids.ben] })
    ).json()) as InterviewList;
    const interviewId = interviews[0]?.id ?? 0;

    const first = await submit(
      id,
      interviewId,
      { recommendation: 'strong_yes', ratings, notes: 'Ported an RTOS.' },
      tokens.ana,
    );
    expect(first.status).toBe(201);
    const seenByAna = (await first.json()) as InterviewList;
    expect(seenByAna.interviews[0]?.scorecards.map((s) => [s.author, s.mine])).toEqual([[emails.ana, true]]);

    const seenByBen = await interviewsOf(id, tokens.ben);
    expect(seenByBen.interviews[0]).toMatchObject({
      onPanel: true,
      submitted: false,
      submittedCount: 1,
      scorecards: [],
    });
    expect(seenByBen.hiddenScorecards).toBe(1);
    expect(seenByBen.tally).toEqual({ strong_no: 0, no: 0, yes: 0, strong_yes: 0 });

    // Not on the panel: owners and viewers read every scorecard.
    for (const token of [api.token, tokens.viewer]) {
      const seen = await interviewsOf(id, token);
      expect([seen.hiddenScorecards, seen.tally.strong_yes, seen.interviews[0]?.scorecards[0]?.notes]).toEqual([
        0,
        1,
        'Ported an RTOS.',
      ]);
    }

    const second = await submit(
      id,
      interviewId,
      { recommendation: 'no', ratings: { ...ratings, Ownership: 1 } },
      tokens.ben,
    );
    expect(second.status).toBe(201);
    const after = (await second.json()) as InterviewList;
    expect(after.interviews[0]?.scorecards.map((s) => s.author)).toEqual([emails.ana, emails.ben]);
    expect(after.tally).toEqual({ strong_no: 0, no: 1, yes: 0, strong_yes: 1 });
    expect(after.hiddenScorecards).toBe(0);

    const twice = await submit(id, interviewId, { recommendation: 'yes', ratings }, tokens.ana);
    expect([twice.status, ((await twice.json()) as { message: string }).message]).toEqual([
      409,
      'You have already submitted your scorecard for this interview',
    ]);
  });

  /** An applicant interviewed by Ana and Ben, Ben's secret verdict in and Ana's not; the interview's id. */
  async function benVotedFirst(id: number): Promise<number> {
    const { interviews } = (await (
      await schedule(id, { ...sixty, startsAt: inDays(2), interviewerIds: [ids.ana, ids.ben] })
    ).json()) as InterviewList;
    const interviewId = interviews[0]?.id ?? 0;
    const card = { recommendation: 'strong_no', ratings, notes: 'SECRET-BEN-VERDICT' };
    expect((await submit(id, interviewId, card, tokens.ben)).status).toBe(201);
    return interviewId;
  }

  it('of the others stay out of the person’s export for an interviewer who owes theirs', async () => {
    const id = await applicant();
    const interviewId = await benVotedFirst(id);
    type Exported = {
      applications: { interviews: { withheldScorecards: number; scorecards: { notes: string }[] }[] }[];
    };
    const exported = async (token: string) => {
      const res = await call(api.app, 'GET', `/api/applicants/${id}/export`, { token });
      expect(res.status).toBe(200);
      const files = await readZip(new Uint8Array(await res.arrayBuffer()));
      const text = files.get('person.json')?.toString('utf8') ?? '';
      return { text, interview: (JSON.parse(text) as Exported).applications[0]?.interviews[0] };
    };

    const byAna = await exported(tokens.ana);
    expect(byAna.text).not.toContain('SECRET-BEN-VERDICT');
    expect(byAna.text).not.toContain('strong_no');
    expect(byAna.interview).toMatchObject({ withheldScorecards: 1, scorecards: [] });
    // Not on the panel: the owner's copy is complete.
    expect((await exported(api.token)).interview).toMatchObject({
      withheldScorecards: 0,
      scorecards: [{ notes: 'SECRET-BEN-VERDICT' }],
    });

    expect((await submit(id, interviewId, { recommendation: 'yes', ratings }, tokens.ana)).status).toBe(201);
    expect((await exported(tokens.ana)).interview?.scorecards.map((c) => c.notes)).toEqual(['SECRET-BEN-VERDICT', '']);
  });

  it('of the others stay hidden from an interviewer who leaves the panel and rejoins it', async () => {
    const id = await applicant();
    const interviewId = await benVotedFirst(id);
    const move = async (interviewerIds: number[]) => {
      const res = await call(api.app, 'PUT', `/api/applicants/${id}/interviews/${interviewId}`, {
        token: tokens.ana,
        json: { ...sixty, startsAt: inDays(3), interviewerIds },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as InterviewList;
    };
    const hidden = (list: InterviewList) => [
      list.hiddenScorecards,
      list.interviews[0]?.scorecards,
      list.tally.strong_no,
    ];

    const left = await move([ids.ben]);
    expect(left.interviews[0]?.onPanel).toBe(false);
    expect(hidden(left)).toEqual([1, [], 0]);
    expect(hidden(await interviewsOf(id, tokens.ana))).toEqual([1, [], 0]);
    expect(hidden(await move([ids.ana, ids.ben]))).toEqual([1, [], 0]);
    // Ben, and the owner who was never on it, read the card as before.
    expect((await interviewsOf(id, api.token)).tally.strong_no).toBe(1);
    expect((await interviewsOf(id, tokens.ben)).hiddenScorecards).toBe(0);
  });

  it('are written only by the panel, never by viewers, and rate every criterion of the vacancy from 1 to 4', async () => {
    const id = await applicant();
    const { interviews } = (await (
      await schedule(id, { ...sixty, startsAt: inDays(1), interviewerIds: [ids.ana] })
    ).json()) as InterviewList;
    const interviewId = interviews[0]?.id ?? 0;
    const status = async (body: Record<string, unknown>, token: string) => {
      const res = await submit(id, interviewId, body, token);
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    expect((await status({ recommendation: 'yes', ratings }, tokens.viewer))[0]).toBe(403);
    expect(await status({ recommendation: 'yes', ratings }, tokens.ben)).toEqual([
      403,
      'Only the interviewers of this interview submit its scorecards',
    ]);
    expect(await status({ recommendation: 'yes', ratings: { 'Technical depth': 3 } }, tokens.ana)).toEqual([
      400,
      'Rate communication',
    ]);
    expect((await status({ recommendation: 'yes', ratings: { ...ratings, Ownership: 5 } }, tokens.ana))[0]).toBe(400);
    expect((await status({ recommendation: 'maybe', ratings }, tokens.ana))[0]).toBe(400);
    expect((await status({ recommendation: 'yes', ratings: { ...ratings, Charisma: 2 } }, tokens.ana))[0]).toBe(400);
    expect((await interviewsOf(id)).interviews[0]?.submittedCount).toBe(0);
  });
});

describe('scorecard criteria', () => {
  it('are the vacancy’s own when the job form sets them, kept when a save leaves them out, and checked', async () => {
    const save = (method: 'POST' | 'PUT', path: string, criteria?: unknown) =>
      call(api.app, method, path, {
        token: api.token,
        json: { ...validJob, ...(criteria === undefined ? {} : { scorecardCriteria: criteria }) },
      });
    const created = await save('POST', '/api/job', 'Zephyr drivers\n\n  Debugging on hardware  \n');
    expect(created.status).toBe(201);
    const job = ((await created.json()) as { job: { id: number } }).job;
    const listed = async () =>
      (
        (await (await call(api.app, 'GET', '/api/job/all', { token: api.token })).json()) as { jobs: AdminJob[] }
      ).jobs.find((j) => j.id === job.id)?.scorecardCriteria;
    expect(await listed()).toEqual(['Zephyr drivers', 'Debugging on hardware']);
    expect((await save('PUT', `/api/job/${job.id}`)).status).toBe(200);
    expect(await listed()).toEqual(['Zephyr drivers', 'Debugging on hardware']);

    const refused = async (criteria: unknown) => {
      const res = await save('PUT', `/api/job/${job.id}`, criteria);
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    expect(await refused(['Rust', 'rust'])).toEqual([400, 'Each criterion once']);
    expect(await refused(Array.from({ length: 11 }, (_, i) => `Criterion ${i}`))).toEqual([400, 'At most 10 criteria']);
    expect((await refused(['x'.repeat(61)]))[0]).toBe(400);

    const res = await apply(api, applicationForm(job.id, { email: 'criteria@example.com' }));
    const id = await appliedId(api, res);
    const { interviews, criteria } = (await (
      await schedule(id, { ...sixty, startsAt: inDays(1), interviewerIds: [ids.ana] })
    ).json()) as InterviewList;
    expect(criteria).toEqual(['Zephyr drivers', 'Debugging on hardware']);
    const card = { recommendation: 'yes', ratings: { 'Zephyr drivers': 4, 'Debugging on hardware': 2 } };
    expect((await submit(id, interviews[0]?.id ?? 0, card, tokens.ana)).status).toBe(201);

    // An empty list brings the defaults back.
    expect((await save('PUT', `/api/job/${job.id}`, [])).status).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await interviewsOf(id)).criteria).toEqual(['Technical depth', 'Communication', 'Ownership']);
  });
});

describe('interviews and scorecards as personal data', () => {
  it('appear in the timeline and the audit trail, and in the export without staff addresses', async () => {
    const id = await applicant('exported.interviewee@example.com');
    const { interviews } = (await (
      await schedule(id, { ...sixty, startsAt: inDays(2), interviewerIds: [ids.ana] })
    ).json()) as InterviewList;
    await submit(
      id,
      interviews[0]?.id ?? 0,
      {
        recommendation: 'yes',
        ratings: { 'Technical depth': 3, Communication: 4, Ownership: 2 },
        notes: 'Clear on DMA.',
      },
      tokens.ana,
    );

    const detail = (await (
      await call(api.app, 'GET', `/api/applicants/${id}`, { token: api.token })
    ).json()) as ApplicantDetail;
    const events = detail.timeline.filter((e) => e.kind === 'interview').map((e) => e.text);
    expect(events).toEqual([
      expect.stringMatching(/^Scheduled interview \d+ for \d{4}-\d\d-\d\d 10:30 UTC$/),
      expect.stringMatching(/^Submitted a scorecard for interview \d+$/),
    ]);
    expect(detail.timeline.some((e) => e.kind === 'mail' && e.text.includes('Your interview for'))).toBe(true);
    for (const action of ['interview.scheduled', 'scorecard.submitted', 'interviews.viewed'] as const) {
      await interviewsOf(id);
      const audit = (await (
        await call(api.app, 'GET', `/api/audit?action=${action}`, { token: api.token })
      ).json()) as AuditPage;
      expect(audit.entries.filter((e) => e.subjectId === id).length, action).toBeGreaterThan(0);
    }

    const res = await call(api.app, 'GET', `/api/applicants/${id}/export`, { token: api.token });
    const files = await readZip(new Uint8Array(await res.arrayBuffer()));
    const person = JSON.parse(files.get('person.json')?.toString('utf8') ?? '{}') as {
      applications: { interviews: { interviewers: number; scorecards: { by: string; notes: string }[] }[] }[];
    };
    const exported = person.applications[0]?.interviews;
    expect(exported).toHaveLength(1);
    expect(exported?.[0]).toMatchObject({ interviewers: 1, durationMinutes: 60, location: sixty.location });
    expect(exported?.[0]?.scorecards).toEqual([
      {
        recommendation: 'yes',
        ratings: { 'Technical depth': 3, Communication: 4, Ownership: 2 },
        notes: 'Clear on DMA.',
        by: 'the hiring team',
        submittedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(person)).not.toContain(emails.ana);
  });

  it('leave with the person on erasure: interviews, panels and their history, scorecards and the invitations', async () => {
    const email = 'erased.interviewee@example.com';
    const id = await applicant(email);
    const { interviews } = (await (
      await schedule(id, { ...sixty, startsAt: inDays(2), interviewerIds: [ids.ana, ids.ben] })
    ).json()) as InterviewList;
    const interviewId = interviews[0]?.id ?? 0;
    await submit(
      id,
      interviewId,
      { recommendation: 'strong_no', ratings: { 'Technical depth': 1, Communication: 1, Ownership: 1 } },
      tokens.ben,
    );
    const left = async () => ({
      interviews: (await api.db.selectFrom('interviews').select('id').where('id', '=', interviewId).execute()).length,
      panel: (
        await api.db.selectFrom('interview_panel').select('admin_id').where('interview_id', '=', interviewId).execute()
      ).length,
      scorecards: (await api.db.selectFrom('scorecards').select('id').where('interview_id', '=', interviewId).execute())
        .length,
      history: (
        await api.db
          .selectFrom('interview_panel_history')
          .select('admin_id')
          .where('interview_id', '=', interviewId)
          .execute()
      ).length,
      mails: (await api.db.selectFrom('outbox').select('id').where('subject_key', '=', email).execute()).length,
    });
    expect(await left()).toEqual({ interviews: 1, panel: 2, scorecards: 1, history: 2, mails: 5 });
    const erased = await call(api.app, 'POST', '/api/erasure', { token: api.token, json: { email } });
    expect(erased.status).toBe(200);
    expect(await left()).toEqual({ interviews: 0, panel: 0, scorecards: 0, history: 0, mails: 0 });
  });
});
