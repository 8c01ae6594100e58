/** Calendar days are UTC days: the content's YYYY-MM-DD dates arrive as UTC midnight, and the server counts days in UTC. */

/** `2026-11-25`, for a `<time datetime>` and structured data. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `25 November 2026`, as the site writes a date in its text. */
export const longDay = (date: Date): string => long.format(date);
