import { describe, expect, it } from 'vitest';
import { moveSummary, statusesOfMoves } from '~/server/services/stage-history';

describe('the stages an audit trail says an applicant reached', () => {
  it('reads the lines it writes, and those written before the stages took the spec’s words', () => {
    expect(statusesOfMoves([moveSummary('pending', 'interview'), moveSummary('interview', 'rejected')])).toEqual([
      'pending',
      'interview',
      'interview',
      'rejected',
    ]);
    expect(statusesOfMoves(['moved from Applied to Screening'])).toEqual(['pending', 'shortlisted']);
    expect(statusesOfMoves(['Viewed the applicant', 'moved from Nowhere to Offer'])).toEqual(['offer']);
  });
});
