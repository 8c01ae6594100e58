import type { Kysely } from 'kysely';
import { RECOMMENDATIONS, type InterviewList, type Recommendation } from '~/lib/interviews';
import type { Database } from '../../db';
import { interviewsOf, jobCriteria, possibleInterviewers, scorecardsOf } from './repository';
import { scorecardVisibility } from './scorecard-visibility';

/**
 * An applicant's interviews as the admin `viewerId` may see them: the scorecards and tally that
 * `scorecardVisibility` lets them read, and how many more are in.
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
  const visible = scorecardVisibility(interviews, cards, viewerId);
  const tally = Object.fromEntries(RECOMMENDATIONS.map((r) => [r, 0])) as Record<Recommendation, number>;
  for (const card of cards) if (visible(card)) tally[card.recommendation] += 1;
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
        scorecards: own.filter(visible).map((c) => ({
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
    hiddenScorecards: cards.filter((c) => !visible(c)).length,
  };
}
