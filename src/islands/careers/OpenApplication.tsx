import { useEffect, useRef, useState } from 'react';
import { DIRECT_SOURCE, sourceFromSearch } from '~/lib/sources';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { useHydrated } from '~/islands/ui/useHydrated';
import { AppliedConfirmation, type Applied } from './AppliedConfirmation';
import { LazyApplicationForm } from './LazyApplicationForm';
import { useApplicationDraft } from './useApplicationDraft';

/** The general application's place in the drafts: no vacancy has id 0. */
const GENERAL = { id: 0, title: 'Open application' } as const;
/** Here only, so the careers board's script does not carry it. */
const GENERAL_RECEIVED = 'Your general application has been received.';

/**
 * The general application page's form: the careers application form with a field of interest
 * instead of a vacancy, then the same confirmation (receipt, private page) a vacancy shows.
 */
function Open() {
  // The form is not in the server's HTML: sent before the script runs, it would go nowhere.
  const hydrated = useHydrated();
  const [submitted, setSubmitted] = useState<Applied | null>(null);
  const confirmationRef = useRef<HTMLElement>(null);
  const { draft, confirmDiscard, confirmDialog } = useApplicationDraft(GENERAL);
  const [source] = useState(() =>
    typeof window === 'undefined' ? DIRECT_SOURCE : sourceFromSearch(window.location.search),
  );

  useEffect(() => {
    if (!submitted) return;
    confirmationRef.current?.focus({ preventScroll: true });
    confirmationRef.current?.scrollIntoView({ block: 'start' });
  }, [submitted]);

  if (!hydrated) return <p className="text-sm text-slate-300">Loading the application form…</p>;
  if (submitted) {
    return (
      <AppliedConfirmation
        ref={confirmationRef}
        applied={submitted}
        onJobPage
        onDismiss={() => window.location.assign('/career')}
      />
    );
  }
  return (
    <>
      <LazyApplicationForm
        job={{ id: null, title: GENERAL.title }}
        source={source}
        draft={draft}
        onSubmitted={({ email }) => setSubmitted({ job: GENERAL, email, heading: GENERAL_RECEIVED })}
        onCancel={() => {
          void confirmDiscard().then((discard) => discard && window.location.assign('/career'));
        }}
      />
      {confirmDialog}
    </>
  );
}

export default function OpenApplication() {
  return (
    <IslandRoot>
      <Open />
    </IslandRoot>
  );
}
