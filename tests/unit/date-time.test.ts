import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayTime, formatUtcDay } from '~/lib/date-time';

describe('dates and times', () => {
  it('write a moment in one style, 24 hours with a short zone, in the zone asked for', () => {
    const at = '2026-12-03T10:30:00.000Z';
    expect(formatDateTime(at, 'UTC')).toBe('Thursday, 3 December 2026 at 10:30 UTC');
    expect(formatDateTime(at, 'Asia/Kolkata')).toBe('Thursday, 3 December 2026 at 16:00 GMT+5:30');
    expect(formatDateTime('2026-07-01T10:30:00.000Z', 'Europe/Berlin')).toBe('Wednesday, 1 July 2026 at 12:30 CEST');
  });

  it('keep the day a zone is in when it differs from UTC', () => {
    expect(formatDayTime('2026-12-03T22:30:00.000Z', 'Asia/Kolkata')).toBe('4 Dec, 04:00');
  });

  it('read an API week as the UTC day it names', () => {
    expect(formatUtcDay('2026-11-16')).toBe('16 Nov 2026');
  });
});
