/**
 * Dates and times in one style everywhere: British English, 24 hours, a short zone name after a
 * full time. Without zod, so the applicant's page can load it.
 */
const STYLES = {
  /** '3 Dec 2026' */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** '3 December 2026' */
  fullDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** '3 Dec' */
  dayMonth: { day: 'numeric', month: 'short' },
  /** '10:30' */
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** '3 Dec, 10:30' */
  dayTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** 'Thursday, 3 December 2026 at 16:00 GMT+5:30' */
  dateTime: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment in `style`, in `timeZone` or else the reader's own zone. */
function format(style: keyof typeof STYLES, at: string | Date, timeZone?: string): string {
  const key = `${style} ${timeZone ?? ''}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { ...STYLES[style], ...(timeZone ? { timeZone } : {}) });
    formats.set(key, formatter);
  }
  return formatter.format(typeof at === 'string' ? new Date(at) : at);
}

export const formatDateTime = (iso: string, timeZone?: string): string => format('dateTime', iso, timeZone);
export const formatDate = (iso: string): string => format('date', iso);
export const formatFullDate = (iso: string): string => format('fullDate', iso);
export const formatDayMonth = (date: Date): string => format('dayMonth', date);
export const formatTime = (iso: string, timeZone?: string): string => format('time', iso, timeZone);
export const formatDayTime = (at: string | Date, timeZone?: string): string => format('dayTime', at, timeZone);
/** '16 Nov 2026' for a UTC calendar day 'YYYY-MM-DD' (the API's weeks), whatever the reader's zone. */
export const formatUtcDay = (day: string): string => format('date', `${day}T00:00:00.000Z`, 'UTC');
/** The reader's own time zone by name, e.g. 'Europe/Berlin'. */
export const readerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'YYYY-MM-DD' and 'HH:MM' of an instant in the reader's zone, for date and time inputs. */
export function localParts(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}
