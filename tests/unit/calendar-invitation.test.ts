/**
 * Calendar invitations keep every text on one line: a line break of any kind in a title, a
 * description, a location or a name could otherwise start a property of its own (ORGANIZER,
 * ATTENDEE, URL, METHOD) once mail turns it into CRLF. One-line fields refuse them outright.
 */
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { fieldOfInterestSchema } from '~/lib/schemas/application';
import { jobInputSchema } from '~/lib/schemas/job';
import { oneLine } from '~/lib/schemas/text';
import { calendarInvitation, calendarMethodOf, type CalendarMethod } from '~/server/mail/calendar';
import { validJob } from '../../support/api';

const SEPARATORS = {
  CR: '\r',
  LF: '\n',
  CRLF: '\r\n',
  NEL: '\u0085',
  'LINE SEPARATOR': '\u2028',
  'PARAGRAPH SEPARATOR': '\u2029',
} as const;

/** What an applicant wrote into a field of interest in the probe, with `br` between the lines. */
const injection = (br: string) =>
  [
    'ML',
    'ORGANIZER:mailto:hr@evil.example',
    'ATTENDEE:mailto:spy@evil.example',
    'URL:https://evil.example/join',
    'METHOD:CANCEL',
  ].join(br);

function invitation(text: string, method: CalendarMethod = 'REQUEST'): string {
  return calendarInvitation({
    method,
    uid: 'interview-1@example.com',
    sequence: 0,
    startsAt: new Date('2027-01-12T10:00:00Z'),
    durationMinutes: 45,
    title: `Interview: Grace for a role in ${text}`,
    description: [`Hiring team: a role in ${text}.`, text],
    location: text,
    organizer: { name: `Hiring ${text}`, email: 'careers@example.com' },
    attendees: [{ name: `Grace ${text}`, email: 'grace@example.org' }, { email: 'ana@example.com' }],
    now: new Date('2027-01-01T00:00:00Z'),
  });
}

/** The calendar as a client reads it once mail has made every CR, NEL and separator a CRLF. */
function asDelivered(calendar: string) {
  const wire = calendar.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\r\n');
  const parsed = ical.sync.parseICS(wire);
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  return { wire, method: parsed.vcalendar?.method, events };
}

describe('calendar invitations', () => {
  for (const [name, br] of Object.entries(SEPARATORS)) {
    it(`fold a ${name} in the title, description, location and names into one line`, () => {
      const { wire, method, events } = asDelivered(invitation(injection(br)));
      expect(events).toHaveLength(1);
      const event = events[0] as VEvent & { url?: unknown };
      expect(method).toBe('REQUEST');
      expect([event.organizer].flat()).toHaveLength(1);
      expect((event.organizer as { val: string }).val.replace(/^mailto:/i, '')).toBe('careers@example.com');
      expect([event.attendee].flat()).toHaveLength(2);
      expect(event.url).toBeUndefined();
      expect(event.location).toBe(injection(' '));
      expect(wire).not.toMatch(/^(ORGANIZER|ATTENDEE|URL|METHOD):mailto:(hr|spy)|^URL:|^METHOD:CANCEL/m);
      expect(wire.match(/^METHOD:/gm)).toEqual(['METHOD:']);
    });
  }

  it('keep the description’s paragraphs apart as escaped line ends inside the one DESCRIPTION', () => {
    const { events } = asDelivered(invitation('Edge AI'));
    expect(events[0]?.description).toBe('Hiring team: a role in Edge AI.\n\nEdge AI');
  });

  it('take their method from the mail’s kind, whatever the text says', () => {
    expect(calendarMethodOf('interview_invitation')).toBe('REQUEST');
    expect(calendarMethodOf('interview_cancelled')).toBe('CANCEL');
    expect(asDelivered(invitation('x', 'CANCEL')).method).toBe('CANCEL');
  });
});

describe('one-line text', () => {
  it('becomes one space for each run of line breaks and control characters', () => {
    for (const br of Object.values(SEPARATORS)) expect(oneLine(`a${br}b${br}${br}c`)).toBe('a b c');
    expect(oneLine('\ta\u0000b\u001f\u007f')).toBe('a b');
    expect(oneLine('Señor Ünal — ML')).toBe('Señor Ünal — ML');
  });

  it('is required of a field of interest and a job title, with a clear message', () => {
    for (const br of [...Object.values(SEPARATORS), '\t', '\u0007']) {
      const field = fieldOfInterestSchema.safeParse(`ML${br}ORGANIZER:mailto:hr@evil.example`);
      expect(field.success ? null : field.error.issues[0]?.message).toBe(
        'Field of interest must be one line, without line breaks or control characters',
      );
      const job = jobInputSchema.safeParse({ ...validJob, title: `Firmware${br}URL:https://evil.example` });
      expect(job.success ? null : job.error.issues[0]?.message).toBe(
        'Title must be one line, without line breaks or control characters',
      );
    }
    expect(fieldOfInterestSchema.safeParse('  Edge AI compilers  ').data).toBe('Edge AI compilers');
    expect(jobInputSchema.safeParse(validJob).success).toBe(true);
  });
});
