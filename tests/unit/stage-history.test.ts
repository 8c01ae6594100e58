import { describe, expect, it } from 'vitest';
import { moveSummary, statusesOfMoves, undoSummary } from '~/server/services/stage-history';

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

  it('counts an undone move as never made, and only the latest such move', () => {
    const rejected = moveSummary('pending', 'rejected');
    expect(statusesOfMoves([rejected, undoSummary('pending', 'rejected')])).toEqual([]);
    expect(
      statusesOfMoves([
        moveSummary('pending', 'interview'),
        moveSummary('interview', 'pending'),
        moveSummary('pending', 'interview'),
        undoSummary('pending', 'interview'),
      ]),
    ).toEqual(['pending', 'interview', 'interview', 'pending']);
    // An undo with no move before it (a trail cut by retention) takes nothing away.
    expect(statusesOfMoves([undoSummary('pending', 'offer'), rejected])).toEqual(['pending', 'rejected']);
  });
});
