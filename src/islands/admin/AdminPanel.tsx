import type { ReactNode } from 'react';

type Props = {
  /** Prefix of the heading's id, which names the section. */
  id: string;
  title: string;
  /** One line under the heading on what the tab holds. */
  intro?: ReactNode;
  /** A button beside the heading, e.g. 'Add New Job Vacancy'. */
  action?: ReactNode;
  children: ReactNode;
};

/** One admin tab's section: its heading (the section's name), an optional intro and action, then the content. */
export function AdminPanel({ id, title, intro, action, children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 sm:gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl">
            {title}
          </h2>
          {intro && <p className="mt-1 text-sm text-slate-400">{intro}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
