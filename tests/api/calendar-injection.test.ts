/**
 * An applicant cannot write properties into the panel's calendar invitations: a field of interest
 * with line breaks is refused, and one stored before that rule, like a recruiter's location and
 * note, reaches the delivered invitation as text on one line. The calendar part is read back from
 * a real SMTP server and parsed as a calendar client would.
 */
import { sql } from 'kysely';
import ical, { type Attendee, type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewList } from '~/lib/interviews';
import { applicationMessages } from '~/lib/schemas/application';
import { defaultApiConfig } from '~/server/config';
import { insertAdmin } from '~/server/db';
import { smtpSender } from '~/server/mail';
import { hashPassword } from '~/server/services/password';
import { applicationForm, apply, call, setupApi, type TestApi, appliedId } from '../../support/api';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp';

/** The probe's field of interest: bare CRs between an ORGANIZER, an ATTENDEE, a URL and a METHOD of the attacker's. */
const PAYLOAD =
  'ML\rORGANIZER:mailto:hr@evil.example\rATTENDEE:mailto:spy@evil.example\rURL:https://evil.example/join\rMETHOD:CANCEL';

let api: TestApi;
let smtp: SmtpCapture;
const panel: { id: number; email: string }[] = [];

beforeAll(async () => {
  api = await setupApi();
  smtp = await startSmtpCapture();
  for (const email of ['ana@example.com', 'ben@example.com']) {
    const row = await insertAdmin(api.db, email, await hashPassword('a long password 42'), new Date(), 'recruiter');
    panel.push({ id: Number(row.id), email });
  }
});
afterAll(async () => {
  await smtp.stop();
  await api.close();
});

function openApplication(email: string, fieldOfInterest: string): FormData {
  const form = applicationForm('', { name: 'Grace Inject', email });
  form.delete('jobId');
  form.set('kind', 'open');
  form.set('fieldOfInterest', fieldOfInterest);
  return form;
}

const address = (a: Attendee | string) => (typeof a === 'string' ? a : a.val).replace(/^mailto:/i, '').toLowerCase();

describe('calendar invitations', () => {
  it('refuse a field of interest holding line breaks, saying why', async () => {
    const res = await apply(api, openApplication('grace@example.org', PAYLOAD));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors['fieldOfInterest']).toBe(applicationMessages.fieldOfInterestOneLine);
  });

  it('carry only our organizer, the applicant and the panel, no URL and METHOD:REQUEST, whatever the texts hold', async () => {
    const res = await apply(api, openApplication('grace.before@example.org', 'Machine learning'));
    expect(res.status).toBe(201);
    const id = await appliedId(api, res);
    // An application stored before the one-line rule keeps what it was sent.
    await sql`update applicants set field_of_interest = ${PAYLOAD} where id = ${id}`.execute(api.db);

    const since = Number(
      (
        await api.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduled = await call(api.app, 'POST', `/api/applicants/${id}/interviews`, {
      token: api.token,
      json: {
        startsAt,
        durationMinutes: 45,
        location: 'Room 3\rURL:https://evil.example/room\u2028ATTENDEE:mailto:spy2@evil.example',
        note: 'Bring a laptop\u0085METHOD:CANCEL\u2029ORGANIZER:mailto:hr2@evil.example',
        interviewerIds: panel.map((p) => p.id),
      },
    });
    expect(scheduled.status).toBe(201);
    const uid = ((await scheduled.json()) as InterviewList).interviews[0]?.uid;

    const rows = await api.db.selectFrom('outbox').selectAll().where('id', '>', since).orderBy('id').execute();
    expect(rows.map((r) => r.recipient).sort()).toEqual([
      'ana@example.com',
      'ben@example.com',
      'grace.before@example.org',
    ]);
    const sender = smtpSender({ ...defaultApiConfig.mail, smtpUrl: smtp.url });
    for (const row of rows) await sender.send(row);
    sender.close();
    const delivered = await smtp.waitFor(rows.length);

    for (const mail of delivered) {
      const part = mail.parsed.attachments.find((a) => a.contentType === 'text/calendar');
      expect(part?.headers.get('content-type')).toMatchObject({ params: { method: 'REQUEST' } });
      const files = mail.parsed.attachments.map((a) => a.filename);
      expect([files.includes('invite.ics'), files.includes('cancel.ics')]).toEqual([true, false]);
      const parsed = ical.sync.parseICS(part?.content.toString('utf8') ?? '');
      expect(parsed.vcalendar?.method).toBe('REQUEST');
      const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
      expect(events).toHaveLength(1);
      const event = events[0] as VEvent & { url?: unknown };
      expect(event.uid).toBe(uid);
      expect([event.organizer].flat().map((o) => address(o as Attendee))).toEqual([defaultApiConfig.mail.hiringTeam]);
      expect(
        [event.attendee]
          .flat()
          .map((a) => address(a as Attendee))
          .sort(),
      ).toEqual(['ana@example.com', 'ben@example.com', 'grace.before@example.org']);
      expect(event.url).toBeUndefined();
      expect(event.location).toBe('Room 3 URL:https://evil.example/room ATTENDEE:mailto:spy2@evil.example');
      expect(event.summary).toContain(`a role in ${PAYLOAD.replaceAll('\r', ' ')}`);
    }
  });
});
