import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { cancelInterview, type InterviewChange } from '~/lib/api/interviews';
import { scorecardTally, type Interview, type InterviewList } from '~/lib/interviews';
import type { ApplicantDetail } from '~/lib/privacy';
import { interviewsQuery } from '~/islands/queries/interviews';
import { applicantDetailQuery } from '~/islands/queries/privacy';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFailure } from '../notify';
import { Can, useCan } from '../session';
import { InterviewItem } from './InterviewItem';
import { ScheduleDialog } from './ScheduleDialog';
import { ScorecardDialog } from './ScorecardDialog';
import { OfferDialog } from '../interview-slots/OfferDialog';

type Props = { applicant: { id: number; name: string; jobId: number } };

/** Why some scorecards are hidden: the reader's own is due on a panel they sit on, or they left one without it. */
function hiddenText({ hiddenScorecards: count, interviews }: InterviewList): string {
  const more = `${count} more ${count === 1 ? 'is' : 'are'} in`;
  return interviews.some((i) => i.onPanel && !i.submitted && !i.cancelledAt)
    ? `${more}: you see ${count === 1 ? 'it' : 'them'} once yours is submitted.`
    : `${more}: you left a panel of this applicant without submitting your scorecard, so ${count === 1 ? 'it stays' : 'they stay'} hidden from you.`;
}

/**
 * The applicant's interviews in the applicant dialog: the scorecards' tally, each interview with
 * its time in the reader's zone, and for recruiters and owners Schedule, Reschedule and Cancel;
 * an interviewer submits their scorecard here.
 */
export function InterviewsSection({ applicant }: Props) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const canSchedule = useCan('recruiter');
  const query = useQuery(interviewsQuery(applicant.id));
  const [editing, setEditing] = useState<Interview | 'new' | null>(null);
  const [scoring, setScoring] = useState<Interview | null>(null);
  const [offering, setOffering] = useState(false);
  const { confirm, confirmDialog } = useConfirm();

  /** A change's answer holds the list and the timeline: both caches take it, nothing is fetched again. */
  const apply = ({ message, history, ...list }: InterviewChange) => {
    queryClient.setQueryData(interviewsQuery(applicant.id).queryKey, list);
    queryClient.setQueryData<ApplicantDetail>(applicantDetailQuery(applicant.id).queryKey, (old) =>
      old ? { ...old, notes: history.notes, timeline: history.timeline } : old,
    );
    showToast('success', message);
  };
  const cancel = useMutation({
    mutationFn: (interview: Interview) => cancelInterview(applicant.id, interview.id),
    onSuccess: apply,
    onError: (failure) => notifyFailure(failure, 'The interview was not cancelled: try again'),
  });

  const data = query.data;
  const tally = data ? scorecardTally(data.tally) : '';
  return (
    <section aria-labelledby={headingId} className="mt-6 flex flex-col gap-3" data-interviews>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-base text-white">
          Interviews
        </h3>
        <Can least="recruiter">
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary px-4 py-2"
              onClick={() => setEditing('new')}
              disabled={!data}
            >
              Schedule interview
            </button>
            <button type="button" className="btn btn-secondary px-4 py-2" onClick={() => setOffering(true)}>
              Offer times
            </button>
          </div>
        </Can>
      </div>
      {query.isPending && <p className="text-sm text-slate-400">Loading interviews…</p>}
      {query.isError && <p className="text-sm text-rose-300">The interviews could not be loaded.</p>}
      {data && (
        <>
          <p className="text-sm text-slate-300" data-testid="scorecard-tally">
            {tally ? `${tally}.` : 'No scorecards yet.'}
            {data.hiddenScorecards > 0 && ` ${hiddenText(data)}`}
          </p>
          {data.interviews.length === 0 ? (
            <p className="text-sm text-slate-400">
              No interview yet.{canSchedule && ' Schedule one to send the applicant and the panel an invitation.'}
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.interviews.map((interview) => (
                <InterviewItem
                  key={interview.id}
                  interview={interview}
                  criteria={data.criteria}
                  busy={cancel.isPending}
                  onReschedule={() => setEditing(interview)}
                  onCancel={() =>
                    void confirm('Cancel this interview?', 'Cancel interview', {
                      destructive: true,
                      cancelLabel: 'Keep it',
                      detail: 'The applicant and the panel get a cancellation that removes it from their calendars.',
                    }).then((ok) => ok && cancel.mutate(interview))
                  }
                  onScore={() => setScoring(interview)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {editing && data && (
        <ScheduleDialog
          applicantId={applicant.id}
          applicantName={applicant.name}
          interview={editing === 'new' ? undefined : editing}
          candidates={data.candidates}
          onClose={() => setEditing(null)}
          onDone={(change) => {
            apply(change);
            setEditing(null);
          }}
        />
      )}
      {scoring && data && (
        <ScorecardDialog
          applicantId={applicant.id}
          applicantName={applicant.name}
          interview={scoring}
          criteria={data.criteria}
          onClose={() => setScoring(null)}
          onDone={(change) => {
            apply(change);
            setScoring(null);
          }}
        />
      )}
      {offering && <OfferDialog applicant={applicant} onClose={() => setOffering(false)} />}
      {confirmDialog}
    </section>
  );
}
