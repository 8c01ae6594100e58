import type { Job } from '~/lib/schemas/job';
import { clsx } from 'clsx';

type Props = {
  job: Pick<Job, 'department' | 'location' | 'jobType' | 'salaryRange'>;
  withSalary?: boolean;
  className?: string;
};

const icons = {
  department: 'M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M2 21h20M8 7h4M8 11h4M8 15h4',
  location: 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  jobType: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  salaryRange: 'M3 7h18v10H3zM7 12h.01M17 12h.01M12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
} as const;

const labels = { department: 'Department', location: 'Location', jobType: 'Job type', salaryRange: 'Salary' } as const;

/** Department, location, job type and (in the details) salary, as a labelled list. */
export function JobMeta({ job, withSalary = false, className }: Props) {
  const items = (['department', 'location', 'jobType', 'salaryRange'] as const).flatMap((key) => {
    const value = job[key];
    if (!value || (key === 'salaryRange' && !withSalary)) return [];
    return [{ key, value }];
  });
  return (
    <dl className={clsx('flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-300', className)}>
      {items.map(({ key, value }) => (
        <div key={key} className="flex items-center gap-1.5" data-field={key}>
          <dt>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4 shrink-0 text-brand-300"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={icons[key]} />
            </svg>
            <span className="sr-only">{labels[key]}</span>
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
