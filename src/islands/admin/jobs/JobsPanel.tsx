import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteJob } from '~/lib/api/admin-jobs';
import { jobKeys, jobsQuery } from '~/islands/queries/jobs';
import { jobMessages, type Job } from '~/lib/schemas/job';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { AdminPanel } from '../AdminPanel';
import { useAdminMutation } from '../useAdminMutation';
import { QueryState } from '../StateMessage';
import { JobCard } from './JobCard';
import { JobFormDialog } from './JobFormDialog';
import { useCan } from '../session';

const jobsTexts = {
  loading: 'Loading jobs...',
  empty: 'No job vacancies posted yet',
  fetchFailed: 'Failed to fetch jobs',
  confirmDelete: 'Are you sure you want to delete this job posting?',
  deleteFailed: 'Failed to delete job',
} as const;

/** The Job Vacancies tab: add, edit, delete and read every posted vacancy. */
export function JobsPanel() {
  const jobs = useQuery(jobsQuery());
  // null: form closed; 'new': create mode; a job: edit mode.
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const canEdit = useCan('recruiter');

  const remove = useAdminMutation({
    mutationFn: (job: Job) => deleteJob(job.id),
    success: jobMessages.deleted,
    failure: jobsTexts.deleteFailed,
    invalidates: [jobKeys.all],
  });

  const onDelete = async (job: Job) => {
    if (await confirm(jobsTexts.confirmDelete, 'Delete')) remove.mutate(job);
  };

  return (
    <AdminPanel
      id="jobs"
      title="Job vacancies"
      action={
        canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <span aria-hidden="true">+</span> Add New Job Vacancy
          </button>
        )
      }
    >
      <QueryState query={jobs} items={jobs.data} texts={jobsTexts} empty={jobsTexts.empty}>
        {(items) => (
          <ul className="flex flex-col gap-4" aria-label="Job vacancies">
            {items.map((job) => (
              <li key={job.id}>
                <JobCard
                  job={job}
                  {...(canEdit && { onEdit: () => setEditing(job), onDelete: () => void onDelete(job) })}
                  deleting={remove.isPending && remove.variables.id === job.id}
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
      {confirmDialog}
    </AdminPanel>
  );
}
