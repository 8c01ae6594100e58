import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { deleteJob, setJobStatus } from '~/lib/api/admin-jobs';
import { applicantsQuery } from '~/islands/queries/applicants';
import { adminJobsQuery, jobKeys } from '~/islands/queries/jobs';
import { auditKeys } from '~/islands/queries/privacy';
import type { Applicant, ApplicantStatus } from '~/lib/schemas';
import { jobMessages, jobStatusMessages, type AdminJob, type JobStatus } from '~/lib/schemas/job';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { AdminPanel } from '../AdminPanel';
import { useAdminMutation } from '../useAdminMutation';
import { QueryState } from '../StateMessage';
import { countByStatus } from '../applicants/filter';
import { JobCard } from './JobCard';
import { JobFormDialog } from './JobFormDialog';
import { SlotsDialog } from '../interview-slots/SlotsDialog';
import { useCan } from '../session';

const jobsTexts = {
  loading: 'Loading jobs...',
  empty: 'No job vacancies posted yet',
  fetchFailed: 'Failed to fetch jobs',
  confirmDelete: 'Are you sure you want to delete this job posting?',
  deleteFailed: 'Failed to delete job',
  confirmClose: 'Close this job posting?',
  statusFailed: 'Failed to change the job posting',
} as const;

// undefined: the applicants are still being counted, so claim no number.
const applicantsStay = (n: number | undefined) =>
  n === undefined
    ? 'Its applicants, if any, stay in the Applicants tab.'
    : n === 0
      ? 'It has no applicants.'
      : `Its ${n} applicant${n === 1 ? '' : 's'} stay${n === 1 ? 's' : ''} in the Applicants tab.`;

/** What deleting takes away, and what stays. */
const deleteDetail = (n: number | undefined) =>
  `The vacancy is removed for good, from the careers board and from here. ${applicantsStay(n)} To keep it for later, close it instead.`;
/** What closing does; it can be undone. */
const closeDetail = (n: number | undefined) =>
  `It leaves the careers board and its page, and takes no more applications. ${applicantsStay(n)} You can reopen it at any time.`;

type Counts = Record<ApplicantStatus | 'total', number>;

/** Each vacancy's applicants by status (deleted vacancies' applicants are counted under their old id). */
function countsByJob(applicants: readonly Applicant[]): Map<number, Counts> {
  const byJob = new Map<number, Applicant[]>();
  for (const a of applicants) byJob.set(a.jobId, [...(byJob.get(a.jobId) ?? []), a]);
  return new Map([...byJob].map(([id, list]) => [id, countByStatus(list)]));
}

const NONE: Counts = countByStatus([]);

/** The Job Vacancies tab: add, edit, close or reopen, delete and read every vacancy, with its applicants. */
export function JobsPanel() {
  const jobs = useQuery(adminJobsQuery());
  const applicants = useQuery(applicantsQuery());
  // Open vacancies first, then closed ones; newest first within each.
  const sorted = useMemo(
    () => jobs.data && [...jobs.data].sort((a, b) => Number(a.status === 'closed') - Number(b.status === 'closed')),
    [jobs.data],
  );
  const counts = useMemo(() => applicants.data && countsByJob(applicants.data), [applicants.data]);
  // null: form closed; 'new': create mode; a job: edit mode.
  const [editing, setEditing] = useState<AdminJob | 'new' | null>(null);
  const [slotsOf, setSlotsOf] = useState<AdminJob | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const canEdit = useCan('recruiter');

  const remove = useAdminMutation({
    mutationFn: (job: AdminJob) => deleteJob(job.id),
    success: jobMessages.deleted,
    failure: jobsTexts.deleteFailed,
    invalidates: [jobKeys.all, auditKeys.all],
  });
  const status = useAdminMutation({
    mutationFn: ({ job, to }: { job: AdminJob; to: JobStatus }) => setJobStatus(job.id, to),
    success: (_result, { to }) => (to === 'closed' ? jobStatusMessages.closedOk : jobStatusMessages.reopened),
    failure: jobsTexts.statusFailed,
    invalidates: [jobKeys.all, auditKeys.all],
  });

  const applicantsOf = (job: AdminJob) => counts && (counts.get(job.id) ?? NONE).total;

  const onDelete = async (job: AdminJob) => {
    if (await confirm(jobsTexts.confirmDelete, 'Delete', { detail: deleteDetail(applicantsOf(job)) }))
      remove.mutate(job);
  };
  const onToggleOpen = async (job: AdminJob) => {
    if (job.status === 'closed') return status.mutate({ job, to: 'open' });
    if (await confirm(jobsTexts.confirmClose, 'Close', { destructive: false, detail: closeDetail(applicantsOf(job)) }))
      status.mutate({ job, to: 'closed' });
  };
  const busy = (job: AdminJob) =>
    (remove.isPending && remove.variables.id === job.id) || (status.isPending && status.variables.job.id === job.id);

  return (
    <AdminPanel
      id="jobs"
      title="Job vacancies"
      intro="Close a vacancy to stop applications and keep it to reopen; its applicants stay either way."
      action={
        canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <span aria-hidden="true">+</span> Add New Job Vacancy
          </button>
        )
      }
    >
      <QueryState query={jobs} items={sorted} texts={jobsTexts} empty={jobsTexts.empty}>
        {(items) => (
          <ul className="flex flex-col gap-4" aria-label="Job vacancies">
            {items.map((job) => (
              <li key={job.id}>
                <JobCard
                  job={job}
                  counts={counts ? (counts.get(job.id) ?? NONE) : undefined}
                  {...(canEdit && {
                    onEdit: () => setEditing(job),
                    onSlots: () => setSlotsOf(job),
                    onToggleOpen: () => void onToggleOpen(job),
                    // The Open application entry is permanent: it can be renamed or closed, not deleted.
                    ...(job.kind !== 'open' && { onDelete: () => void onDelete(job) }),
                  })}
                  busy={busy(job)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      {editing && (
        <JobFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          job={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {slotsOf && <SlotsDialog job={slotsOf} onClose={() => setSlotsOf(null)} />}
      {confirmDialog}
    </AdminPanel>
  );
}
