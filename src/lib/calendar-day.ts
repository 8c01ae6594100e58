/** Dates the content gives as calendar days (YYYY-MM-DD) arrive as UTC midnight, so both formats read UTC. */

/** `2026-11-25`, for a `<time datetime>` and structured data. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `25 November 2026`, as the site writes a date in its text. */
export const longDay = (date: Date): string => long.format(date);
