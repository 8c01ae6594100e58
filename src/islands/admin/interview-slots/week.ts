/** Weeks in the reader's own zone, Monday first. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Local midnight of the Monday of `at`'s week. */
export function mondayOf(at: Date): Date {
  const day = new Date(at);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return day;
}

/** `start` moved by whole local days (a zone's clock change does not shift midnight). */
export function addDays(start: Date, days: number): Date {
  const day = new Date(start);
  day.setDate(day.getDate() + days);
  return day;
}

export const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The instant of a local date and time input, or null when either is empty or invalid. */
export function localInstant(date: string, time: string): Date | null {
  const at = date && time ? new Date(`${date}T${time}`) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}
