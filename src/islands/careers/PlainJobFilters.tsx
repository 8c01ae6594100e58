import { hasFilters, type JobFilters } from '~/lib/job-filters';
import { JOB_TYPES } from '~/lib/job-types';
import { inputClass } from '~/islands/ui/Field';
import { filterLabelClass } from './JobFilters';

type Props = { filters: JobFilters; departments: readonly string[]; locations: readonly string[] };

/**
 * The plain job list's filters as a GET form, rendered on the server only (no script): the same
 * query string as the board's filters.
 */
export function PlainJobFilters({ filters, departments, locations }: Props) {
  const select = (id: string, name: string, label: string, all: string, options: readonly string[], value: string) => (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClass}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </div>
  );
  return (
    <form
      method="get"
      action="/career/jobs/"
      role="search"
      aria-label="Filter positions"
      className="mt-6 grid gap-3 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <label htmlFor="jobs-q" className={filterLabelClass}>
          Keyword
        </label>
        <input
          id="jobs-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="Title, team or skill"
          className={inputClass}
        />
      </div>
      {select('jobs-department', 'department', 'Department', 'All departments', departments, filters.department ?? '')}
      {select('jobs-location', 'location', 'Location', 'All locations', locations, filters.location)}
      {select('jobs-type', 'type', 'Job type', 'All job types', JOB_TYPES, filters.type)}
      <div className="flex items-end gap-4">
        <button type="submit" className="btn btn-primary">
          Show positions
        </button>
        {hasFilters(filters) && (
          <a href="/career/jobs/" className="text-sm underline">
            Clear all filters
          </a>
        )}
      </div>
    </form>
  );
}
