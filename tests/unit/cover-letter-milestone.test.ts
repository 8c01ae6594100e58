/** The cover letter's screen-reader announcements: one per band of length, never one per key. */
import { describe, expect, it } from 'vitest';
import { coverLetterMilestone } from '~/islands/careers/cover-letter';

describe('coverLetterMilestone', () => {
  it.each([
    [0, ''],
    [49, ''],
    [50, 'The 50-character minimum is reached.'],
    [899, 'The 50-character minimum is reached.'],
    [900, 'At most 100 characters left.'],
    [950, 'At most 50 characters left.'],
    [989, 'At most 50 characters left.'],
    [990, 'At most 10 characters left.'],
    [999, 'At most 10 characters left.'],
    [1000, 'The 1000-character limit is reached.'],
  ])('at %i characters says %j', (length, said) => {
    expect(coverLetterMilestone(length)).toBe(said);
  });

  it('changes only five times from an empty letter to a full one', () => {
    const said = Array.from({ length: 1001 }, (_, n) => coverLetterMilestone(n));
    const changes = said.filter((text, n) => n > 0 && text !== said[n - 1]);
    expect(changes).toHaveLength(5);
  });
});
