import { lazy, Suspense } from 'react';

const loadDescription = () => import('./ParsedJobDescription');
const ParsedJobDescription = lazy(() => loadDescription().then((module) => ({ default: module.ParsedJobDescription })));

/** Starts fetching the Markdown renderer ahead of need, e.g. when a visitor points at a job card. */
export function preloadJobDescription(): void {
  // A failure here is retried, and reported, by the lazy component itself.
  loadDescription().catch(() => undefined);
}

/** Heading and text lines of a typical description while its renderer loads, never raw Markdown. */
function DescriptionSkeleton() {
  const bar = 'h-3 rounded bg-white/10';
  return (
    <div data-testid="job-description-loading" className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        Loading the job description…
      </span>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-3 motion-reduce:animate-none">
        <div className="h-4 w-1/3 rounded bg-white/10" />
        {['w-full', 'w-full', 'w-11/12', 'w-full', 'w-3/5'].map((width, i) => (
          <div key={i} className={`${bar} ${width}`} />
        ))}
      </div>
    </div>
  );
}

/**
 * The job's full description in the careers modal, rendered by a chunk fetched the first time a job
 * opens: the board loads without the Markdown parser (less script before first paint).
 */
export function LazyJobDescription({ description }: { description: string }) {
  return (
    <Suspense fallback={<DescriptionSkeleton />}>
      <ParsedJobDescription description={description} />
    </Suspense>
  );
}
