import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { sourceLabel } from '~/lib/source-labels';
import { SOURCE_REPORT_WEEKS, sourcesMessages, type SourceStats } from '~/lib/sources';
import { adminJobsQuery } from '~/islands/queries/jobs';
import { sourcesReportQuery } from '~/islands/queries/sources';
import { inputClass } from '~/islands/ui/Field';
import { AdminPanel } from '../AdminPanel';
import { formatUtcDay } from '~/lib/date-time';
import { QueryState } from '../StateMessage';
import { SourcePages } from './SourcePages';
import { StatsTable } from './StatsTable';

/** The value of 'All vacancies' in the vacancy choice. */
const ALL = 'all';

/** True when a row counts anything (an empty 'other' row is left out). */
const countsAny = (stats: SourceStats) => stats.views > 0 || stats.applications > 0;

/**
 * Sources: where applicants come from, for every vacancy or one: job page views, applications and
 * applicants who reached screening by the source of the link followed, and by week, with conversion rates.
 */
export function SourcesPanel() {
  const selectId = useId();
  const [jobId, setJobId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const jobs = useQuery(adminJobsQuery());
  const report = useQuery(sourcesReportQuery(jobId, page));
  const data = report.data;

  return (
    <AdminPanel
      id="sources"
      title="Sources"
      intro={`Where applicants come from, over the last ${SOURCE_REPORT_WEEKS} weeks: views of the job pages, applications and applicants shortlisted (or further) by the source in the link they followed ("direct" without one).`}
    >
      <div className="flex flex-col gap-2 sm:max-w-sm">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-200">
          Vacancy
        </label>
        <select
          id={selectId}
          className={inputClass}
          value={jobId === null ? ALL : String(jobId)}
          onChange={(event) => {
            setJobId(event.target.value === ALL ? null : Number(event.target.value));
            setPage(1);
          }}
        >
          <option value={ALL}>All vacancies</option>
          {(jobs.data ?? []).map((job) => (
            <option key={job.id} value={job.id}>
              {job.title}
              {job.status === 'closed' ? ' (closed)' : ''}
            </option>
          ))}
        </select>
      </div>
      <p className="text-sm text-slate-400">{sourcesMessages.reachedScreening}</p>
      <QueryState query={report} items={data?.bySource} texts={sourcesMessages} empty={sourcesMessages.empty}>
        {(bySource) =>
          data && (
            <div className="flex flex-col gap-6">
              <div className="flex flex-col gap-3">
                <StatsTable
                  caption="By source"
                  rowHeading="Source"
                  rows={[
                    ...bySource.map((row) => ({ ...row, key: row.source, label: sourceLabel(row.source) })),
                    // The report never lists 'other' among the sources, so its key is free.
                    ...(countsAny(data.other)
                      ? [{ ...data.other, key: sourcesMessages.otherRow, label: sourcesMessages.otherRow }]
                      : []),
                  ]}
                  total={data.total}
                />
                <SourcePages page={data.page} nextPage={data.nextPage} onPage={setPage} />
              </div>
              <StatsTable
                caption="By week"
                rowHeading="Week of"
                rows={[...data.byWeek]
                  .reverse()
                  .map((row) => ({ ...row, key: row.week, label: formatUtcDay(row.week) }))}
              />
            </div>
          )
        }
      </QueryState>
    </AdminPanel>
  );
}
