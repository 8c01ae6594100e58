import { createEvent, type Attendee, type EventAttributes } from 'ics';
import { site } from '~/site';

/** REQUEST invites (first time and each update); CANCEL takes the event out of the calendar. */
export type CalendarMethod = 'REQUEST' | 'CANCEL';

export type CalendarEvent = {
  method: CalendarMethod;
  /** The same in every message about one interview, so calendars update the event instead of adding one. */
  uid: string;
  /** Higher in each later message: calendars ignore one older than what they hold (RFC 5546). */
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendees: readonly { name?: string | undefined; email: string }[];
  now: Date;
};

/**
 * An iCalendar object (RFC 5545) for one interview, as iTIP (RFC 5546) wants it: METHOD, UID,
 * SEQUENCE, ORGANIZER, every ATTENDEE and the times in UTC. The `ics` package folds and escapes.
 */
export function calendarInvitation(event: CalendarEvent): string {
  const attendees: Attendee[] = event.attendees.map((a) => ({
    ...(a.name ? { name: a.name } : {}),
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
    title: event.title,
    description: event.description,
    location: event.location,
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: event.organizer,
    attendees,
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`calendar invitation not built: ${error?.message ?? 'no value'}`);
  return value;
}

/** The METHOD line of a stored invitation, for the Content-Type of its part. */
export function calendarMethod(calendar: string): CalendarMethod {
  return /^METHOD:CANCEL\r?$/m.test(calendar) ? 'CANCEL' : 'REQUEST';
}
