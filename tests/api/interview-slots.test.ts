/**
 * Interview slots: recruiters build a vacancy's pool of times (refused when a time clashes with an
 * interviewer's interview or slot), invite an applicant to choose through a mail carrying their
 * private page's link, and the applicant books (the interview is scheduled as the team schedules
 * one), moves (same UID, higher SEQUENCE) or cancels (METHOD:CANCEL) up to 24 hours before; a
 * slot goes to one person, also when two bookings race on two connections.
 */
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPageMessages as m, type ApplicationSlots } from '~/lib/schemas/application-page';
import type { InterviewSlotList } from '~/lib/schemas/interview-slots';
import { defaultApiConfig } from '~/server/config';
import { insertAdmin, openDatabase, type OutboxRow } from '~/server/db';
import { bookSlot } from '~/server/features/interview-slots';
import { hashPassword } from '~/server/services/password';
import { appliedId, apply, applicationForm, call, callAsAdminAt, setupApi, type TestApi } from '../../support/api';

const SITE = 'https://www.edgecraft.test';
const HOUR_MS = 3_600_000;
const START = new Date('2027-03-01T09:00:00.000Z');
let clock = START;
let api: TestApi;
let jobId: number;
const panel = { ana: 0, ben: 0 };

beforeAll(async () => {
  api = await setupApi({ config: { mail: { ...defaultApiConfig.mail, siteUrl: SITE } }, now: () => clock });
  const hash = await hashPassword('a long password 42');
  panel.ana = Number((await insertAdmin(api.db, 'ana@example.com', hash, START, 'recruiter')).id);
  panel.ben = Number((await insertAdmin(api.db, 'ben@example.com', hash, START, 'recruiter')).id);
  await api.db.updateTable('admins').set({ display_name: 'Ana Rao' }).where('id', '=', panel.ana).execute();
  const job = await asAdmin('POST', '/api/job', {
    title: 'Firmware Engineer',
    department: 'Engineering',
    location: 'Pune, India',
    jobType: 'Full-time',
    description: 'Write drivers for our sensor boards.',
  });
  jobId = ((await job.json()) as { job: { id: number } }).job.id;
});
afterAll(async () => {
  await api.close();
});

const asAdmin = (method: string, url: string, json?: unknown) => callAsAdminAt(api, clock, method, url, json);
const at = (day: number, time: string) => `2027-03-${String(day).padStart(2, '0')}T${time}:00.000Z`;
const where = 'https://meet.example.com/firmware';

async function addSlots(times: string[], interviewerIds = [panel.ana], durationMinutes = 45) {
  return asAdmin('POST', `/api/job/${jobId}/interview-slots`, {
    slots: times.map((startsAt) => ({ startsAt, durationMinutes })),
    interviewerIds,
    location: where,
  });
}
async function slotIds(times: string[], interviewerIds?: number[]): Promise<number[]> {
  const res = await addSlots(times, interviewerIds);
  expect(res.status).toBe(201);
  return ((await res.json()) as InterviewSlotList).slots.map((s) => s.id);
}

let applied = 0;
async function applicant(name = 'Meera Iyer'): Promise<{ id: number; email: string }> {
  const email = `slots${++applied}@example.org`;
  const id = await appliedId(api, await apply(api, applicationForm(jobId, { email, name })));
  return { id, email };
}

/** Invites an applicant to choose from slots; the token the invitation mail carries. */
async function invite(who: { id: number; email: string }, ids: number[]): Promise<string> {
  const res = await asAdmin('POST', `/api/applicants/${who.id}/interview-invitation`, { slotIds: ids });
  expect(res.status).toBe(201);
  const row = await api.db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', who.email)
    .where('kind', '=', 'interview_slots')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /\/application\/([A-Za-z0-9_-]{43})/.exec(row.text_body)?.[1];
  expect(row.text_body).toContain(`${SITE}/application/${token}`);
  return token ?? '';
}

const page = (token: string, method = 'GET', slotId?: number) =>
  call(api.app, method, `/api/applications/${token}/interview-slots${slotId === undefined ? '' : `/${slotId}`}`);
const slotsOn = async (token: string) => (await (await page(token)).json()) as ApplicationSlots;

const lastMailId = async () =>
  Number(
    (
      await api.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
async function calendarMails(since: number): Promise<OutboxRow[]> {
  return api.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', 'in', ['interview_invitation', 'interview_cancelled'])
    .where('id', '>', since)
    .orderBy('id')
    .execute();
}
function parseInvitation(calendar: string | null): { method: string | undefined; event: VEvent } {
  const parsed = ical.sync.parseICS(calendar ?? '');
  const event = Object.values(parsed).find((c): c is VEvent => c?.type === 'VEVENT');
  if (!event) throw new Error('no VEVENT in the invitation');
  return { method: parsed.vcalendar?.method, event };
}

describe('interview slots', () => {
  it('are created for a vacancy, and a time clashing with an interview or a slot of an interviewer is refused', async () => {
    const res = await addSlots([at(8, '09:30'), at(8, '10:30')], [panel.ana, panel.ben]);
    expect(res.status).toBe(201);
    const created = (await res.json()) as InterviewSlotList;
    expect(created.slots.map((s) => [s.startsAt, s.durationMinutes, s.location, s.bookedBy])).toEqual([
      [at(8, '09:30'), 45, where, null],
      [at(8, '10:30'), 45, where, null],
    ]);

    const clashSlot = await addSlots([at(8, '10:00')], [panel.ben]);
    expect(clashSlot.status).toBe(409);
    expect(((await clashSlot.json()) as { message: string }).message).toBe(
      'ben@example.com already has an interview slot at 2027-03-08 09:30 UTC',
    );

    const other = await applicant();
    const interview = await asAdmin('POST', `/api/applicants/${other.id}/interviews`, {
      startsAt: at(9, '14:00'),
      durationMinutes: 60,
      location: where,
      interviewerIds: [panel.ana],
    });
    expect(interview.status).toBe(201);
    const clash = await addSlots([at(9, '14:30')], [panel.ben, panel.ana]);
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { message: string }).message).toBe(
      'Ana Rao already has an interview at 2027-03-09 14:00 UTC',
    );
    // Two of one request that overlap each other, too.
    expect((await addSlots([at(10, '09:00'), at(10, '09:30')])).status).toBe(409);
    // Right after the interview is fine.
    expect((await addSlots([at(9, '15:00')], [panel.ana])).status).toBe(201);

    const listed = (await (await asAdmin('GET', `/api/job/${jobId}/interview-slots`)).json()) as InterviewSlotList;
    expect(listed.slots.map((s) => s.startsAt)).toEqual([at(8, '09:30'), at(8, '10:30'), at(9, '15:00')]);
  });

  it('are offered by a mail with the private page link; booking one schedules the interview with its invitations', async () => {
    const [first, second] = await slotIds([at(15, '09:00'), at(15, '11:00')], [panel.ana, panel.ben]);
    const who = await applicant('Asha Rao');
    const token = await invite(who, [first!, second!]);
    const invitation = await api.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', who.email)
      .where('kind', '=', 'interview_slots')
      .executeTakeFirstOrThrow();
    expect(invitation.subject).toBe('Choose a time to talk about the Firmware Engineer role');
    expect(invitation.text_body).toContain('Dear Asha');
    expect(invitation.text_body).toContain('Monday, 15 March 2027 at 09:00 UTC');

    expect(await slotsOn(token)).toEqual({
      free: [
        { id: first, startsAt: at(15, '09:00'), durationMinutes: 45, location: where },
        { id: second, startsAt: at(15, '11:00'), durationMinutes: 45, location: where },
      ],
      booked: null,
      changeUntil: null,
      changeClosed: null,
    });

    const since = await lastMailId();
    const booked = await page(token, 'POST', first);
    expect(booked.status).toBe(201);
    const body = (await booked.json()) as ApplicationSlots & { message: string };
    expect(body.message).toBe(m.slotBooked);
    expect(body.booked?.id).toBe(first);
    expect(body.free.map((s) => s.id)).toEqual([second]);
    expect(body.changeUntil).toBe(at(14, '09:00'));
    expect(body.changeClosed).toBeNull();

    const interviews = await api.db.selectFrom('interviews').selectAll().where('applicant_id', '=', who.id).execute();
    expect(interviews.map((i) => [i.starts_at, Number(i.duration_minutes), i.location])).toEqual([
      [at(15, '09:00'), 45, where],
    ]);
    const mails = await calendarMails(since);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['ana@example.com', 'ben@example.com', who.email]);
    for (const mail of mails) {
      const { method, event } = parseInvitation(mail.calendar);
      expect(method).toBe('REQUEST');
      expect(event.uid).toBe(interviews[0]!.uid);
      expect(new Date(event.start).toISOString()).toBe(at(15, '09:00'));
    }
    // The team sees who booked it; a second booking of theirs is refused.
    const res = await asAdmin('GET', `/api/job/${jobId}/interview-slots`);
    const listed = (await res.json()) as InterviewSlotList;
    expect(listed.slots.find((s) => s.id === first)?.bookedBy).toEqual({ id: who.id, name: 'Asha Rao' });
    expect((await page(token, 'POST', second)).status).toBe(409);
    // The timeline shows the booking as the applicant's.
    const audit = await api.db
      .selectFrom('audit_log')
      .select(['admin_email', 'summary'])
      .where('action', '=', 'interview.scheduled')
      .where('subject_id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toBe(`scheduled interview ${interviews[0]!.id} for 2027-03-15 09:00 UTC`);
  });

  it('go to one person: of two bookings at the same instant exactly one gets it', async () => {
    const [slot] = await slotIds([at(16, '09:00')]);
    const a = await applicant();
    const b = await applicant();
    const [tokenA, tokenB] = [await invite(a, [slot!]), await invite(b, [slot!])];
    const statuses = (await Promise.all([page(tokenA, 'POST', slot), page(tokenB, 'POST', slot)])).map((r) => r.status);
    expect([...statuses].sort()).toEqual([201, 409]);
    const loser = statuses[0] === 201 ? tokenB : tokenA;
    expect(await slotsOn(loser)).toEqual({ free: [], booked: null, changeUntil: null, changeClosed: null });
    expect(
      await api.db.selectFrom('interviews').select('id').where('applicant_id', 'in', [a.id, b.id]).execute(),
    ).toHaveLength(1);
  });

  it('go to one person also when the two bookings come through two connections', async () => {
    const [slot] = await slotIds([at(16, '14:00')]);
    const people = [await applicant(), await applicant()];
    for (const who of people) await invite(who, [slot!]);
    const other = api.databaseUrl
      ? openDatabase({ dataDir: api.dataDir, databaseUrl: api.databaseUrl, poolSize: 2 })
      : null;
    try {
      const results = await Promise.all(
        people.map((who, i) =>
          bookSlot(
            i === 0 ? api.db : (other?.db ?? api.db),
            defaultApiConfig.mail,
            { id: who.id, status: 'pending' },
            slot!,
            clock,
          ),
        ),
      );
      const won = results.filter((r) => 'interviewId' in r);
      expect(won).toHaveLength(1);
      expect(results.find((r) => !('interviewId' in r))).toEqual({ status: 409, message: m.slotTaken });
    } finally {
      await other?.close();
    }
    const booked = await api.db
      .selectFrom('interviews')
      .select('id')
      .where(
        'applicant_id',
        'in',
        people.map((p) => p.id),
      )
      .execute();
    expect(booked).toHaveLength(1);
  });

  it('move to another offered time as the same interview (same UID, higher SEQUENCE), then cancel', async () => {
    const [first, second] = await slotIds([at(20, '09:00'), at(21, '09:00')], [panel.ana]);
    const who = await applicant();
    const token = await invite(who, [first!, second!]);
    expect((await page(token, 'POST', first)).status).toBe(201);
    const [interview] = await api.db.selectFrom('interviews').selectAll().where('applicant_id', '=', who.id).execute();

    let since = await lastMailId();
    const moved = await page(token, 'PUT', second);
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ApplicationSlots).booked?.id).toBe(second);
    for (const mail of await calendarMails(since)) {
      const { method, event } = parseInvitation(mail.calendar);
      expect([method, event.uid, Number(event.sequence), new Date(event.start).toISOString()]).toEqual([
        'REQUEST',
        interview!.uid,
        1,
        at(21, '09:00'),
      ]);
    }
    expect((await slotsOn(token)).free.map((s) => s.id)).toEqual([first]);

    since = await lastMailId();
    const cancelled = await page(token, 'DELETE', second);
    expect(cancelled.status).toBe(200);
    const mails = await calendarMails(since);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['ana@example.com', who.email]);
    for (const mail of mails) {
      const { method, event } = parseInvitation(mail.calendar);
      expect([mail.kind, method, event.uid, Number(event.sequence)]).toEqual([
        'interview_cancelled',
        'CANCEL',
        interview!.uid,
        2,
      ]);
    }
    // Both times are free again, for them and for anyone offered them.
    expect(await slotsOn(token)).toEqual(
      expect.objectContaining({ booked: null, changeUntil: null }) as unknown as ApplicationSlots,
    );
    expect((await slotsOn(token)).free.map((s) => s.id)).toEqual([first, second]);
  });

  it('cannot be moved or cancelled within 24 hours of the interview', async () => {
    const [first, second] = await slotIds([at(25, '09:00'), at(26, '09:00')]);
    const who = await applicant();
    const token = await invite(who, [first!, second!]);
    expect((await page(token, 'POST', first)).status).toBe(201);
    const saved = clock;
    try {
      clock = new Date(new Date(at(25, '09:00')).getTime() - 23 * HOUR_MS);
      const late = m.slotTooLate(24);
      for (const [method, slot] of [
        ['PUT', second],
        ['DELETE', first],
      ] as const) {
        const res = await page(token, method, slot);
        expect(res.status).toBe(409);
        expect(((await res.json()) as { message: string }).message).toBe(late);
      }
      // The page says so in place of the buttons.
      expect((await slotsOn(token)).changeClosed).toBe(late);
      clock = new Date(new Date(at(25, '09:00')).getTime() - 25 * HOUR_MS);
      expect((await page(token, 'PUT', second)).status).toBe(200);
    } finally {
      clock = saved;
    }
  });

  it('move and go only while free, and are offered only when free and of the applicant’s vacancy', async () => {
    const [free, taken] = await slotIds([at(27, '09:00'), at(27, '11:00')]);
    const who = await applicant();
    const token = await invite(who, [taken!]);
    expect((await page(token, 'POST', taken)).status).toBe(201);

    expect((await asAdmin('DELETE', `/api/interview-slots/${taken}`)).status).toBe(409);
    expect(
      (await asAdmin('PATCH', `/api/interview-slots/${taken}`, { startsAt: at(28, '09:00'), durationMinutes: 30 }))
        .status,
    ).toBe(409);
    const patched = await asAdmin('PATCH', `/api/interview-slots/${free}`, {
      startsAt: at(28, '09:00'),
      durationMinutes: 30,
    });
    expect(patched.status).toBe(200);
    const slots = ((await patched.json()) as InterviewSlotList).slots;
    expect(slots.find((s) => s.id === free)).toEqual(
      expect.objectContaining({ startsAt: at(28, '09:00'), durationMinutes: 30 }),
    );
    const someone = await applicant();
    const offerTaken = await asAdmin('POST', `/api/applicants/${someone.id}/interview-invitation`, {
      slotIds: [taken],
    });
    expect(offerTaken.status).toBe(409);
    // Not offered to them: their page cannot book it.
    const theirs = await invite(someone, [free!]);
    expect((await page(theirs, 'POST', taken)).status).toBe(404);
    expect((await page(token, 'POST', free)).status).toBe(404);

    expect((await asAdmin('DELETE', `/api/interview-slots/${free}`)).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/interview-slots/${free}`)).status).toBe(404);
  });
});
