import { JOB_TYPES } from '~/lib/job-types';
import type { JobFilters as Filters } from '~/lib/job-filters';
import { inputClass } from '~/islands/ui/Field';

type Props = {
  filters: Filters;
  locations: readonly string[];
  onChange: (filters: Filters) => void;
};

export const filterLabelClass = 'mb-1 block text-xs font-medium uppercase tracking-wide text-slate-400';

/** Keyword, location and job type; each change is written to the page's address by the board. */
export function JobFilters({ filters, locations, onChange }: Props) {
  // A location or type in a shared link that no open job has any more still shows as chosen.
  const locationOptions =
    filters.location && !locations.includes(filters.location) ? [...locations, filters.location] : locations;
  return (
    <div role="search" aria-label="Filter positions" className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr]">
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="careers-q" className={filterLabelClass}>
          Keyword
        </label>
        <input
          id="careers-q"
          type="search"
          value={filters.q}
          placeholder="Title, team or skill"
          autoComplete="off"
          onChange={(event) => onChange({ ...filters, q: event.target.value })}
          className={inputClass}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor="careers-location" className={filterLabelClass}>
          Location
        </label>
        <select
          id="careers-location"
          value={filters.location}
          onChange={(event) => onChange({ ...filters, location: event.target.value })}
          className={inputClass}
        >
          <option value="">All locations</option>
          {locationOptions.map((location) => (
            <option key={location} value={location}>
              {location}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="careers-type" className={filterLabelClass}>
          Job type
        </label>
        <select
          id="careers-type"
          value={filters.type}
          onChange={(event) => onChange({ ...filters, type: event.target.value })}
          className={inputClass}
        >
          <option value="">All job types</option>
          {JOB_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
