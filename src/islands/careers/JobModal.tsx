import { useEffect, useRef, useState } from 'react';
import { countJobView } from '~/lib/api/sources';
import type { Job } from '~/lib/schemas/job';
import { Dialog } from '~/islands/ui/Dialog';
import { LazyApplicationForm, preloadApplicationForm } from './LazyApplicationForm';
import { JobFacts } from './JobFacts';
import { LazyJobDescription } from './LazyJobDescription';

// The board preloads the description renderer through this module, which it loads lazily itself.
export { preloadJobDescription } from './LazyJobDescription';

type Props = {
  job: Job;
  /** The board's `?source=`, counted with the view and sent with the application. */
  source: string;
  onClose: () => void;
  /** After the success toast: the board closes the modal and confirms the application. */
  onApplied: (sent: { email: string }) => void;
};

/**
 * Careers modal: details with 'Close' and 'Apply Now'; 'Apply Now' reveals the form.
 * Every way of closing unmounts the form, which resets it (and aborts an upload in flight).
 */
export function JobModal({ job, source, onClose, onApplied }: Props) {
  const [applying, setApplying] = useState(false);
  const applyRef = useRef<HTMLButtonElement>(null);
  const wasApplying = useRef(false);

  // A visitor who opens a job may well apply: fetch the form's code while they read.
  useEffect(preloadApplicationForm, []);
  // The open modal is the job's page (it has its URL): its view counts like the page's.
  useEffect(() => countJobView(job.id, source), [job.id, source]);

  // After Cancel the form is gone: put focus back on 'Apply Now' instead of losing it.
  useEffect(() => {
    if (wasApplying.current && !applying) applyRef.current?.focus();
    wasApplying.current = applying;
  }, [applying]);

  return (
    <Dialog
      open
      onClose={onClose}
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
          <LazyApplicationForm job={job} source={source} onSubmitted={onApplied} onCancel={() => setApplying(false)} />
        </div>
      )}
    </Dialog>
  );
}
