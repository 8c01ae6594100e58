/** Dates in the admin area, always in US English so every admin reads the same words. */
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });
const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const utcDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Nov 22, 2026'. */
export const formatDate = (iso: string): string => short.format(new Date(iso));
/** 'Sunday, November 22, 2026 at 9:05 PM' (applied date in long form). */
export const formatLongDate = (iso: string): string => long.format(new Date(iso));
/** 'Nov 22'. */
export const formatDayMonth = (date: Date): string => dayMonth.format(date);
/** 'Nov 16, 2026' for a UTC calendar day 'YYYY-MM-DD' (the API's weeks), whatever the admin's time zone. */
export const formatUtcDay = (day: string): string => utcDay.format(new Date(`${day}T00:00:00.000Z`));

/** 'In this stage for less than a day', '… for 1 day', '… for 12 days': whole days from `iso` to `now`. */
export function stageAge(iso: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000));
  if (days === 0) return 'In this stage for less than a day';
  return `In this stage for ${days} ${days === 1 ? 'day' : 'days'}`;
}
