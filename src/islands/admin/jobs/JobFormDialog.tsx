import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { createJob, updateJob } from '~/lib/api/admin-jobs';
import { ApiError } from '~/lib/api/client';
import { jobKeys } from '~/islands/queries/jobs';
import { JOB_TYPES, jobInputSchema, jobMessages, type Job, type JobData, type JobInput } from '~/lib/schemas';
import { Dialog } from '~/islands/ui/Dialog';
import { Field, TextField, fieldAria, inputClass } from '~/islands/ui/Field';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFailure } from '../notify';

const jobFormTexts = {
  failed: 'Failed to save job',
  network: 'Server error. Please try again.',
} as const;

const FIELDS = ['title', 'department', 'location', 'jobType', 'salaryRange', 'description'] as const;
type FieldName = (typeof FIELDS)[number];

type Props = { job: Job | null; onClose: () => void };

/** 'Add New Job Vacancy' or, prefilled, 'Edit Job Vacancy'. Mount it per job (key). */
export function JobFormDialog({ job, onClose }: Props) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JobInput, unknown, JobData>({
    resolver: zodResolver(jobInputSchema),
    mode: 'onTouched',
    defaultValues: {
      title: job?.title ?? '',
      department: job?.department ?? '',
      location: job?.location ?? '',
      jobType: job?.jobType ?? ('' as JobInput['jobType']),
      salaryRange: job?.salaryRange ?? '',
      description: job?.description ?? '',
    },
  });

  const onSubmit = async (values: JobData) => {
    try {
      if (job) await updateJob(job.id, values);
      else await createJob(values);
      showToast('success', job ? jobMessages.updated : jobMessages.created);
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.errors)) {
          if ((FIELDS as readonly string[]).includes(field)) setError(field as FieldName, { message });
        }
      }
      notifyFailure(error, jobFormTexts.failed, jobFormTexts.network);
    }
  };

  const title = job ? 'Edit Job Vacancy' : 'Add New Job Vacancy';
  const id = (name: FieldName) => `job-${name}`;
  const text = (
    name: Exclude<FieldName, 'jobType' | 'description'>,
    label: string,
    required: boolean,
    placeholder: string,
  ) => (
    <TextField
      id={id(name)}
      label={label}
      required={required}
      error={errors[name]?.message}
      input={{ ...register(name), placeholder }}
    />
  );

  return (
    <Dialog open onClose={onClose} title={title} maxHeightClass="max-h-[90vh]">
      <form
        id="job-form"
        aria-label={title}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="grid gap-5 sm:grid-cols-2"
      >
        {text('title', 'Job title', true, 'e.g. Embedded ML Engineer')}
        {text('department', 'Department', true, 'e.g. Engineering')}
        {text('location', 'Location', true, 'e.g. Bengaluru or Remote')}
        <Field id={id('jobType')} label="Job type" required error={errors.jobType?.message}>
          <select
            {...register('jobType')}
            {...fieldAria(id('jobType'), errors.jobType?.message)}
            required
            className={inputClass}
          >
            <option value="">Select a job type</option>
            {JOB_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">{text('salaryRange', 'Salary range', false, 'Optional, e.g. ₹18–24 LPA')}</div>
        <Field
          id={id('description')}
          label="Description"
          required
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <textarea
            {...register('description')}
            {...fieldAria(id('description'), errors.description?.message)}
            required
            rows={8}
            placeholder="Responsibilities, requirements and what the team works on"
            className={inputClass}
          />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : job ? 'Update Job' : 'Create Job'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
