import type { Kysely } from 'kysely';
import { RECOMMENDATIONS, type InterviewList, type Recommendation } from '~/lib/interviews';
import { interviewsOf, jobCriteria, possibleInterviewers, scorecardsOf, type Database } from '../db';

/**
 * An applicant's interviews as the admin `viewerId` may see them. Against anchoring, an admin on
 * the panel of an interview (not cancelled) of this applicant whose scorecard is not in yet reads
 * none of the others' scorecards on the applicant, nor their tally: only how many are in.
 */
export async function interviewList(
  db: Kysely<Database>,
  applicant: { id: number; jobId: number },
  viewerId: number,
): Promise<InterviewList> {
  const [interviews, criteria, candidates] = await Promise.all([
    interviewsOf(db, [applicant.id]),
    jobCriteria(db, applicant.jobId),
    possibleInterviewers(db),
  ]);
  const cards = await scorecardsOf(
    db,
    interviews.map((i) => i.id),
  );
  const submittedBy = (interviewId: number, adminId: number) =>
    cards.some((c) => c.interviewId === interviewId && c.adminId === adminId);
  const owesScorecard = interviews.some(
    (i) => !i.cancelledAt && i.panel.some((p) => p.id === viewerId) && !submittedBy(i.id, viewerId),
  );
  const visible = (adminId: number | null) => !owesScorecard || adminId === viewerId;
  const tally = Object.fromEntries(RECOMMENDATIONS.map((r) => [r, 0])) as Record<Recommendation, number>;
  for (const card of cards) if (visible(card.adminId)) tally[card.recommendation] += 1;
  return {
    interviews: interviews.map((i) => {
      const own = cards.filter((c) => c.interviewId === i.id);
      return {
        id: i.id,
        uid: i.uid,
        sequence: i.sequence,
        startsAt: i.startsAt,
        durationMinutes: i.durationMinutes,
        location: i.location,
        note: i.note,
        timeZone: i.timeZone,
        cancelledAt: i.cancelledAt,
        interviewers: i.panel,
        onPanel: i.panel.some((p) => p.id === viewerId),
        submitted: submittedBy(i.id, viewerId),
        submittedCount: own.length,
        scorecards: own
          .filter((c) => visible(c.adminId))
          .map((c) => ({
            id: c.id,
            interviewId: c.interviewId,
            author: c.author,
            recommendation: c.recommendation,
            ratings: c.ratings,
            notes: c.notes,
            submittedAt: c.submittedAt,
            mine: c.adminId === viewerId,
          })),
      };
    }),
    criteria,
    candidates,
    tally,
    hiddenScorecards: cards.filter((c) => !visible(c.adminId)).length,
  };
}
