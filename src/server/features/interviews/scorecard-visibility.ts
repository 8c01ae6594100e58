import type { InterviewRecord, ScorecardRecord } from './repository';

/**
 * Against anchoring, the one rule of every reader of scorecards (the interview list, the admin's
 * export of a person): an admin who was ever on the panel of an interview of an applicant, not
 * cancelled, and has not submitted its scorecard reads none of the others' scorecards on that
 * applicant, only their own. Leaving the panel does not lift it. Returns whether `readerId` may
 * read a card of these interviews.
 */
export function scorecardVisibility(
  interviews: readonly Pick<InterviewRecord, 'id' | 'applicantId' | 'cancelledAt' | 'everOnPanel'>[],
  cards: readonly Pick<ScorecardRecord, 'interviewId' | 'adminId'>[],
  readerId: number,
): (card: Pick<ScorecardRecord, 'interviewId' | 'adminId'>) => boolean {
  const submitted = new Set(cards.filter((c) => c.adminId === readerId).map((c) => c.interviewId));
  const owing = new Set(
    interviews
      .filter((i) => !i.cancelledAt && i.everOnPanel.includes(readerId) && !submitted.has(i.id))
      .map((i) => i.applicantId),
  );
  const applicantOf = new Map(interviews.map((i) => [i.id, i.applicantId]));
  return (card) => {
    const applicantId = applicantOf.get(card.interviewId);
    return card.adminId === readerId || (applicantId !== undefined && !owing.has(applicantId));
  };
}
