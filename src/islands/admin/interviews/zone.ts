import { readerTimeZone } from '~/lib/date-time';

/** 'India Standard Time (Asia/Kolkata)': the browser's zone, named the way people say it and exactly. */
export function localZoneName(at = new Date()): string {
  const name = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${name} (${readerTimeZone()})` : readerTimeZone();
}
