import { describe, expect, it } from 'vitest';
import { scorecardTally } from '~/lib/interviews';

const none = { strong_no: 0, no: 0, yes: 0, strong_yes: 0 };

describe('the scorecard tally', () => {
  it('is empty without scorecards', () => {
    expect(scorecardTally(none)).toBe('');
  });

  it('names the one recommendation of a single scorecard', () => {
    expect(scorecardTally({ ...none, no: 1 })).toBe('1 scorecard: No');
  });

  it('counts each recommendation, strongest for first', () => {
    expect(scorecardTally({ ...none, yes: 2, strong_yes: 1, strong_no: 1 })).toBe(
      '4 scorecards: 1 Strong yes · 2 Yes · 1 Strong no',
    );
  });
});
