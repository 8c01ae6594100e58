import { useEffect, useRef, useState, type RefObject } from 'react';
import { countJobView } from '~/lib/api/sources';
import type { Job } from '~/lib/schemas/job';
import { Dialog } from '~/islands/ui/Dialog';
import { LazyApplicationForm, preloadApplicationForm } from './LazyApplicationForm';
import { JobFacts } from './JobFacts';
import { LazyJobDescription } from './LazyJobDescription';
import { useApplicationDraft, type LeaveGuard } from './useApplicationDraft';

// The board preloads the description renderer through this module, which it loads lazily itself.
export { preloadJobDescription } from './LazyJobDescription';

type Props = {
  job: Job;
  /** The board's `?source=`, counted with the view and sent with the application. */
  source: string;
  onClose: () => void;
  /** After a success: the board closes the modal and confirms the application. */
  onApplied: (sent: { email: string }) => void;
  /** Set while the modal is open: the board asks it before Back closes a filled form. */
  leaveGuardRef: RefObject<LeaveGuard | null>;
};

/**
 * Careers modal: details with 'Close' and 'Apply Now'; 'Apply Now' reveals the form. Closing a
 * filled form (Escape, ×, the backdrop, Cancel, Back) asks first; what was typed stays as a draft.
 * Closing unmounts the form, which aborts an upload in flight.
 */
export function JobModal({ job, source, onClose, onApplied, leaveGuardRef }: Props) {
  const [applying, setApplying] = useState(false);
  const { draft, isFilled, confirmDiscard, confirmDialog } = useApplicationDraft(job);
  const close = async () => {
    if (await confirmDiscard()) onClose();
  };
  const cancelForm = async () => {
    if (await confirmDiscard()) setApplying(false);
  };
  const applyRef = useRef<HTMLButtonElement>(null);
  const wasApplying = useRef(false);

  // A visitor who opens a job may well apply: fetch the form's code while they read.
  useEffect(preloadApplicationForm, []);
  // The open modal is the job's page (it has its URL): its view counts like the page's.
  useEffect(() => countJobView(job.id, source), [job.id, source]);
  useEffect(() => {
    leaveGuardRef.current = { isFilled, confirmDiscard };
    return () => {
      leaveGuardRef.current = null;
    };
  }, [leaveGuardRef, isFilled, confirmDiscard]);

  // After Cancel the form is gone: put focus back on 'Apply Now' instead of losing it.
  useEffect(() => {
    if (wasApplying.current && !applying) applyRef.current?.focus();
    wasApplying.current = applying;
  }, [applying]);

  return (
    <>
      <Dialog
        open
        onClose={() => void close()}
        title={job.title}
        subtitle={job.department}
        maxHeightClass="max-h-[80vh]"
        className="max-w-3xl"
        footer={
          applying ? undefined : (
            <>
              <button type="button" className="btn btn-secondary" onClick={onClose}>
                Close
              </button>
              <button ref={applyRef} type="button" className="btn btn-primary" onClick={() => setApplying(true)}>
                Apply Now
              </button>
            </>
          )
        }
      >
        <JobFacts job={job}>
          <LazyJobDescription description={job.description} />
        </JobFacts>
        {applying && (
          <div className="mt-8">
            <LazyApplicationForm
              job={job}
              source={source}
              draft={draft}
              onSubmitted={onApplied}
              onCancel={() => void cancelForm()}
            />
          </div>
        )}
      </Dialog>
      {/* Beside the modal, not in it: a dialog's Escape and clicks would reach the modal's handlers too. */}
      {confirmDialog}
    </>
  );
}
