import { createEvent, type Attendee, type EventAttributes } from 'ics';
import { oneLine } from '~/lib/schemas/text';
import { site } from '~/site';
import type { MailKind } from '../db';

/** REQUEST invites (first time and each update); CANCEL takes the event out of the calendar. */
export type CalendarMethod = 'REQUEST' | 'CANCEL';

/** The kind of the mails carrying each method: a mail's method comes from its kind, never from its text. */
export const INTERVIEW_MAIL_KINDS = {
  REQUEST: 'interview_invitation',
  CANCEL: 'interview_cancelled',
} as const satisfies Record<CalendarMethod, MailKind>;

/** The method of the invitation a mail of `kind` carries, for the Content-Type of its part. */
export const calendarMethodOf = (kind: MailKind): CalendarMethod =>
  kind === INTERVIEW_MAIL_KINDS.CANCEL ? 'CANCEL' : 'REQUEST';

export type CalendarEvent = {
  method: CalendarMethod;
  /** The same in every message about one interview, so calendars update the event instead of adding one. */
  uid: string;
  /** Higher in each later message: calendars ignore one older than what they hold (RFC 5546). */
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  title: string;
  /** Paragraphs, shown one below the other. */
  description: readonly string[];
  location: string;
  organizer: { name: string; email: string };
  attendees: readonly { name?: string | undefined; email: string }[];
  now: Date;
};

/**
 * An iCalendar object (RFC 5545) for one interview, as iTIP (RFC 5546) wants it: METHOD, UID,
 * SEQUENCE, ORGANIZER, every ATTENDEE and the times in UTC. The `ics` package folds and escapes,
 * but leaves a bare CR (and NEL, U+2028, U+2029) that mail turns into a line end: every text
 * goes in as one line, so none can start a property of its own.
 */
export function calendarInvitation(event: CalendarEvent): string {
  const attendees: Attendee[] = event.attendees.map((a) => ({
    // Without a name the package writes CN="Unnamed attendee": the address says more.
    name: oneLine(a.name ?? a.email),
    email: a.email,
    rsvp: true,
    partstat: 'NEEDS-ACTION',
    role: 'REQ-PARTICIPANT',
  }));
  // DTSTAMP: the package reads `timestamp` (it defaults to the clock) but its types leave it out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: `-//${site.name}//Interviews//EN`,
    method: event.method,
    uid: event.uid,
    sequence: event.sequence,
    timestamp: event.now.getTime(),
    start: event.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.startsAt.getTime() + event.durationMinutes * 60_000,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: oneLine(event.title),
    // The one line end left is the escaped `\n` between paragraphs, text inside DESCRIPTION.
    description: event.description.map(oneLine).filter(Boolean).join('\n\n'),
    location: oneLine(event.location),
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: oneLine(event.organizer.name), email: event.organizer.email },
    attendees,
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`calendar invitation not built: ${error?.message ?? 'no value'}`);
  return value;
}
