/** The browser's IANA zone, e.g. 'Asia/Kolkata'. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'India Standard Time (Asia/Kolkata)': the browser's zone, named the way people say it and exactly. */
export function localZoneName(at = new Date()): string {
  const name = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${name} (${localZone()})` : localZone();
}
