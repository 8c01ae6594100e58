import { lazy, Suspense, type ComponentProps } from 'react';
import type { ApplicationForm as Form } from './ApplicationForm';

const loadForm = () => import('./ApplicationForm');
const ApplicationForm = lazy(() => loadForm().then((module) => ({ default: module.ApplicationForm })));

/** Starts fetching the form's code (react-hook-form, zod) ahead of need, e.g. when a job opens. */
export function preloadApplicationForm(): void {
  // A failure here is retried, and reported, by the lazy component itself.
  loadForm().catch(() => undefined);
}

/**
 * The application form, fetched the first time a visitor asks to apply: the careers board and the
 * job pages load without the form's validation code (less script before first paint).
 */
export function LazyApplicationForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<p className="text-sm text-slate-300">Loading the application form…</p>}>
      <ApplicationForm {...props} />
    </Suspense>
  );
}
