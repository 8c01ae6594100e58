import { useEffect, useRef, useState } from 'react';
import { countJobView } from '~/lib/api/sources';
import { DIRECT_SOURCE, sourceFromSearch } from '~/lib/sources';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { useHydrated } from '~/islands/ui/useHydrated';
import { LazyApplicationForm, preloadApplicationForm } from './LazyApplicationForm';
import { useApplicationDraft } from './useApplicationDraft';
import { rememberAppliedJob } from '~/lib/applied-jobs';
import { AppliedConfirmation, type Applied } from './AppliedConfirmation';

type Props = { job: { id: number; title: string } };

/**
 * The job page's 'Apply Now': reveals the same application form the careers modal shows, with the
 * same draft and the same question before Cancel discards a filled form.
 */
function Apply({ job }: Props) {
  // Disabled in the server's HTML: a click before the script runs would be lost without a trace.
  const hydrated = useHydrated();
  const [applying, setApplying] = useState(false);
  const [submitted, setSubmitted] = useState<Applied | null>(null);
  const applyRef = useRef<HTMLButtonElement>(null);
  const wasApplying = useRef(false);
  const confirmationRef = useRef<HTMLElement>(null);
  const { draft, confirmDiscard, confirmDialog } = useApplicationDraft(job);
  // The page's `?source=` (or `utm_source=`), read once on load: counted with the view, sent with the application.
  const [source] = useState(() =>
    typeof window === 'undefined' ? DIRECT_SOURCE : sourceFromSearch(window.location.search),
  );
  useEffect(() => countJobView(job.id, source), [job.id, source]);

  // The form is gone after sending: bring the confirmation into view instead of leaving the reader lost.
  useEffect(() => {
    if (!submitted) return;
    // 'start' with the section's scroll margin: on a phone the sticky header never covers its heading.
    confirmationRef.current?.focus({ preventScroll: true });
    confirmationRef.current?.scrollIntoView({ block: 'start' });
  }, [submitted]);

  useEffect(() => {
    if (wasApplying.current && !applying && !submitted) applyRef.current?.focus();
    wasApplying.current = applying;
  }, [applying, submitted]);

  if (applying) {
    return (
      <>
        <LazyApplicationForm
          job={job}
          source={source}
          draft={draft}
          onSubmitted={({ email }) => {
            rememberAppliedJob(job.id);
            setApplying(false);
            setSubmitted({ job, email });
          }}
          onCancel={() => {
            void confirmDiscard().then((discard) => discard && setApplying(false));
          }}
        />
        {confirmDialog}
      </>
    );
  }
  if (submitted) {
    return (
      <AppliedConfirmation ref={confirmationRef} applied={submitted} onJobPage onDismiss={() => setSubmitted(null)} />
    );
  }
  return (
    <button
      ref={applyRef}
      type="button"
      className="btn btn-primary"
      disabled={!hydrated}
      onPointerEnter={preloadApplicationForm}
      onFocus={preloadApplicationForm}
      onClick={() => setApplying(true)}
    >
      Apply Now
    </button>
  );
}

export default function JobApply(props: Props) {
  return (
    <IslandRoot>
      <Apply {...props} />
    </IslandRoot>
  );
}
