import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteJob } from '~/lib/api/admin-jobs';
import { jobKeys, jobsQuery } from '~/lib/api/jobs';
import type { Job } from '~/lib/schemas';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFailure } from '../notify';
import { StateMessage } from '../StateMessage';
import { JobCard } from './JobCard';
import { JobFormDialog } from './JobFormDialog';

export const jobsTexts = {
  loading: 'Loading jobs...',
  empty: 'No job vacancies posted yet',
  fetchFailed: 'Failed to fetch jobs',
  confirmDelete: 'Are you sure you want to delete this job posting?',
  deleted: 'Job deleted successfully!',
  deleteFailed: 'Failed to delete job',
} as const;

/** The Job Vacancies tab: add, edit, delete and read every posted vacancy. */
export function JobsPanel() {
  const queryClient = useQueryClient();
  const jobs = useQuery(jobsQuery());
  // null: form closed; 'new': create mode; a job: edit mode.
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const { confirm, confirmDialog } = useConfirm();

  const remove = useMutation({
    mutationFn: (job: Job) => deleteJob(job.id),
    onSuccess: async () => {
      showToast('success', jobsTexts.deleted);
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
    onError: (error) => notifyFailure(error, jobsTexts.deleteFailed),
  });

  const onDelete = async (job: Job) => {
    if (await confirm(jobsTexts.confirmDelete, 'Delete')) remove.mutate(job);
  };

  return (
    <section aria-labelledby="jobs-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="jobs-heading" className="text-2xl">
          Job vacancies
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <span aria-hidden="true">+</span> Add New Job Vacancy
        </button>
      </div>

      {jobs.isPending ? (
        <StateMessage kind="loading">{jobsTexts.loading}</StateMessage>
      ) : jobs.isError ? (
        <StateMessage
          kind="error"
          action={
            <button type="button" className="btn btn-secondary" onClick={() => void jobs.refetch()}>
              Try again
            </button>
          }
        >
          {jobsTexts.fetchFailed}
        </StateMessage>
      ) : jobs.data.length === 0 ? (
        <StateMessage kind="empty">{jobsTexts.empty}</StateMessage>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Job vacancies">
          {jobs.data.map((job) => (
            <li key={job.id}>
              <JobCard
                job={job}
                onEdit={() => setEditing(job)}
                onDelete={() => void onDelete(job)}
                deleting={remove.isPending && remove.variables.id === job.id}
              />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <JobFormDialog key={editing === 'new' ? 'new' : editing.id} job={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {confirmDialog}
    </section>
  );
}
