import { APPLICANT_STATUSES, STAGE_LABELS, type ApplicantStatus } from '~/lib/schemas/applicant';

/** What the audit trail called two stages before they took the spec's words. */
const FORMER_STAGE_LABELS: Readonly<Record<string, ApplicantStatus>> = { Applied: 'pending', Screening: 'shortlisted' };

const STATUS_OF_LABEL = new Map<string, ApplicantStatus>([
  ...Object.entries(FORMER_STAGE_LABELS),
  ...APPLICANT_STATUSES.map((status) => [STAGE_LABELS[status], status] as const),
]);

/**
 * The audit line of a move, which the applicant's timeline shows: stages by their labels. Never the
 * reason: it stays with the application (and its timeline) and goes with it; the trail outlives both.
 */
export function moveSummary(from: ApplicantStatus, to: ApplicantStatus): string {
  return `moved from ${STAGE_LABELS[from]} to ${STAGE_LABELS[to]}`;
}

/** The audit line of an undo: the move it took back, which then counts as never made. */
export function undoSummary(from: ApplicantStatus, to: ApplicantStatus): string {
  return `undid the move from ${STAGE_LABELS[from]} to ${STAGE_LABELS[to]}`;
}

const MOVE = /^moved from (.+) to (.+)$/;
const UNDO = /^undid the move from (.+) to (.+)$/;

/**
 * Every status the moves in `summaries` (from `moveSummary` and `undoSummary`, oldest first) left or entered;
 * a move later undone counts as never made, and unknown lines say none.
 */
export function statusesOfMoves(summaries: readonly string[]): ApplicantStatus[] {
  const moves: string[] = [];
  for (const summary of summaries) {
    const undone = UNDO.exec(summary);
    const index = undone ? moves.lastIndexOf(`moved from ${undone[1]} to ${undone[2]}`) : -1;
    if (index !== -1) moves.splice(index, 1);
    else if (!undone) moves.push(summary);
  }
  return moves.flatMap((summary) => {
    const [, from = '', to = ''] = MOVE.exec(summary) ?? [];
    return [STATUS_OF_LABEL.get(from), STATUS_OF_LABEL.get(to)].filter((s): s is ApplicantStatus => s !== undefined);
  });
}
