/** An interview's time as people read it; without zod, so the applicant's page can load it. */

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Thursday, 3 December 2026 at 16:00 India Standard Time': an interview's time in one zone, the
 * zone named; without `timeZone`, the reader's own.
 */
export function formatInterviewTime(iso: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'long',
      ...(timeZone ? { timeZone } : {}),
    });
    zoneFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

const slotFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
});

/** 'Tue 9 Mar, 14:30 GMT+1': an offered time in a list, in the reader's own zone, its offset named. */
export const formatSlotTime = (iso: string): string => slotFormat.format(new Date(iso));

/** The reader's own time zone by name, e.g. 'Europe/Berlin'. */
export const readerTimeZone = (): string => slotFormat.resolvedOptions().timeZone;
