import { describe, expect, it } from 'vitest';
import { stageAge } from '~/islands/admin/stage-age';

describe('how long a board card says its applicant has been in the stage', () => {
  const now = new Date('2026-12-02T12:00:00Z');
  it.each([
    ['2026-12-02T11:59:00Z', 'In this stage for less than a day'],
    ['2026-12-01T12:30:00Z', 'In this stage for less than a day'],
    ['2026-12-01T11:00:00Z', 'In this stage for 1 day'],
    ['2026-11-20T12:00:00Z', 'In this stage for 12 days'],
    // A clock a little ahead of this one reads as less than a day, never as a negative age.
    ['2026-12-02T12:05:00Z', 'In this stage for less than a day'],
  ])('%s reads %s', (iso, text) => {
    expect(stageAge(iso, now)).toBe(text);
  });
});
