/** Calendar days are UTC days: the content's YYYY-MM-DD dates arrive as UTC midnight, and the server counts days in UTC. */

/** `2026-11-25`, for a `<time datetime>` and structured data. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** True for a real day written `YYYY-MM-DD` (not `2026-02-30`). */
export const isCalendarDay = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) && isoDay(new Date(text)) === text;

/** The last moment of a UTC day `YYYY-MM-DD`: when a vacancy closing that day stops being valid. */
export const endOfDay = (day: string): string => `${day}T23:59:59.999Z`;

const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `25 November 2026`, as the site writes a date in its text. */
export const longDay = (date: Date): string => long.format(date);
