import { formatDateTime, readerTimeZone } from '~/lib/date-time';
import { RECOMMENDATION_LABELS, RATING_LABELS, RATING_MAX, type Interview, type Scorecard } from '~/lib/interviews';
import { memberLabel } from '~/lib/team';
import { Can } from '../session';

/** A video link is a link; an address stays text. */
const isLink = (location: string) => /^https?:\/\/\S+$/i.test(location);

function ScorecardView({ card, criteria }: { card: Scorecard; criteria: readonly string[] }) {
  return (
    <li className="rounded-lg bg-ink-900 p-3 text-sm">
      <p className="text-xs text-slate-400">{card.mine ? 'Your scorecard' : (card.author ?? 'A former team member')}</p>
      <p className="mt-1 font-semibold text-white">{RECOMMENDATION_LABELS[card.recommendation]}</p>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-200">
        {[...new Set([...criteria, ...Object.keys(card.ratings)])]
          .filter((criterion) => card.ratings[criterion] !== undefined)
          .map((criterion) => (
            <div key={criterion} className="contents">
              <dt>{criterion}</dt>
              <dd>
                {card.ratings[criterion]}/{RATING_MAX} {RATING_LABELS[card.ratings[criterion] ?? 0]}
              </dd>
            </div>
          ))}
      </dl>
      {card.notes && <p className="mt-2 whitespace-pre-wrap break-words text-slate-200">{card.notes}</p>}
    </li>
  );
}

type Props = {
  interview: Interview;
  criteria: readonly string[];
  busy: boolean;
  onReschedule: () => void;
  onCancel: () => void;
  onScore: () => void;
};

/** One interview: when (the reader's zone, named), how long, where, who; its scorecards and actions. */
export function InterviewItem({ interview, criteria, busy, onReschedule, onCancel, onScore }: Props) {
  const cancelled = interview.cancelledAt !== null;
  const panel = interview.interviewers.length;
  return (
    <li className="rounded-xl border border-white/10 p-4" data-interview={interview.id}>
      <p className={cancelled ? 'text-slate-400 line-through' : 'font-semibold text-white'}>
        <time dateTime={interview.startsAt}>{formatDateTime(interview.startsAt)}</time>
      </p>
      <p className="text-xs text-slate-400">
        {cancelled ? 'Cancelled' : `${interview.durationMinutes} minutes`} · times in your zone ({readerTimeZone()})
      </p>
      <dl className="mt-2 grid gap-1 text-sm text-slate-200 sm:grid-cols-[8rem_1fr]">
        <dt className="text-slate-400">Where</dt>
        <dd className="min-w-0 break-all">
          {isLink(interview.location) ? (
            <a href={interview.location} target="_blank" rel="noopener noreferrer">
              {interview.location}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            interview.location
          )}
        </dd>
        <dt className="text-slate-400">Interviewers</dt>
        <dd className="min-w-0 break-all">{interview.interviewers.map(memberLabel).join(', ')}</dd>
        <dt className="text-slate-400">Scorecards</dt>
        <dd>
          {interview.submittedCount} of {panel} in
        </dd>
      </dl>
      {interview.note && (
        <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-300">{interview.note}</p>
      )}
      {interview.scorecards.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Scorecards">
          {interview.scorecards.map((card) => (
            <ScorecardView key={card.id} card={card} criteria={criteria} />
          ))}
        </ul>
      )}
      {!cancelled && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Can least="recruiter">
            {interview.onPanel && !interview.submitted && (
              <button type="button" className="btn btn-primary px-4 py-2" onClick={onScore}>
                Submit scorecard
              </button>
            )}
            <button type="button" className="btn btn-secondary px-4 py-2" onClick={onReschedule} disabled={busy}>
              Reschedule
            </button>
            <button
              type="button"
              className="btn btn-secondary px-4 py-2 text-rose-200"
              onClick={onCancel}
              disabled={busy}
            >
              Cancel interview
            </button>
          </Can>
        </div>
      )}
    </li>
  );
}
