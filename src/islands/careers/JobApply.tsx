import { useEffect, useRef, useState } from 'react';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { ApplicationForm } from './ApplicationForm';

type Props = { job: { id: number; title: string } };

/** The job page's 'Apply Now': reveals the same application form the careers modal shows. */
function Apply({ job }: Props) {
  const [applying, setApplying] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const applyRef = useRef<HTMLButtonElement>(null);
  const wasApplying = useRef(false);

  useEffect(() => {
    if (wasApplying.current && !applying && !submitted) applyRef.current?.focus();
    wasApplying.current = applying;
  }, [applying, submitted]);

  if (applying) {
    return (
      <ApplicationForm
        job={job}
        onSubmitted={() => {
          setApplying(false);
          setSubmitted(true);
        }}
        onCancel={() => setApplying(false)}
      />
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      {submitted && (
        <p role="status" className="rounded-xl border border-emerald-400/40 bg-emerald-950/60 px-4 py-3 text-sm text-emerald-50">
          Thank you! Your application for {job.title} has been received.
        </p>
      )}
      <button ref={applyRef} type="button" className="btn btn-primary" onClick={() => setApplying(true)}>
        Apply Now
      </button>
    </div>
  );
}

export default function JobApply(props: Props) {
  return (
    <IslandRoot withToasts>
      <Apply {...props} />
    </IslandRoot>
  );
}
