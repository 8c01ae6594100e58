import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { createJob, updateJob } from '~/lib/api/admin-jobs';
import { ApiError } from '~/lib/api/client';
import { adminJobListQuery, jobKeys, jobsQuery } from '~/islands/queries/jobs';
import { distinctDepartments, sameDepartment } from '~/lib/departments';
import { DESCRIPTION_CLASS, DESCRIPTION_FORMATTING_HINT, renderDescription } from '~/lib/job-description';
import { DEFAULT_CRITERIA, RATING_MAX } from '~/lib/interviews';
import { JOB_TYPES, jobMessages, type AdminJob } from '~/lib/schemas';
import { jobSaveSchema, type JobSaveData, type JobSaveInput } from '~/lib/schemas/job-save';
import { Dialog } from '~/islands/ui/Dialog';
import { Field, TextField, fieldAria, inputClass } from '~/islands/ui/Field';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFailure } from '../notify';

const jobFormTexts = {
  failed: 'Failed to save job',
  network: 'Server error. Please try again.',
} as const;

const FIELDS = [
  'title',
  'department',
  'location',
  'jobType',
  'salaryRange',
  'closesAt',
  'description',
  'scorecardCriteria',
] as const;
type FieldName = (typeof FIELDS)[number];

type Props = { job: AdminJob | null; onClose: () => void };

/** 'Add New Job Vacancy' or, prefilled, 'Edit Job Vacancy'. Mount it per job (key). */
export function JobFormDialog({ job, onClose }: Props) {
  const queryClient = useQueryClient();
  // With PAY_RANGE_REQUIRED the server refuses an open vacancy without a pay range: say so before saving.
  const payRangeRequired =
    (useQuery(adminJobListQuery()).data?.payRangeRequired ?? false) &&
    (job === null || (job.status === 'open' && job.kind === 'vacancy'));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JobSaveInput, unknown, JobSaveData>({
    resolver: zodResolver(jobSaveSchema),
    mode: 'onTouched',
    defaultValues: {
      title: job?.title ?? '',
      department: job?.department ?? '',
      location: job?.location ?? '',
      jobType: job?.jobType ?? ('' as JobSaveInput['jobType']),
      salaryRange: job?.salaryRange ?? '',
      closesAt: job?.closesAt ?? '',
      description: job?.description ?? '',
      scorecardCriteria: (job?.scorecardCriteria.length ? job.scorecardCriteria : DEFAULT_CRITERIA).join('\n'),
    },
  });

  // Departments to choose from; a new one may be typed, and one that differs only in case takes the existing spelling.
  const { data: jobs } = useQuery(jobsQuery());
  const departments = useMemo(() => distinctDepartments(jobs ?? []), [jobs]);
  // What the description will look like on the careers pages, as it is typed.
  const typed = useWatch({ control, name: 'description' });
  const description = useDeferredValue(typed ?? '');
  const preview = useMemo(() => renderDescription(description).html, [description]);

  const onSubmit = async (input: JobSaveData) => {
    const existing = departments.find((department) => sameDepartment(department, input.department));
    const values = existing ? { ...input, department: existing } : input;
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
    name: Exclude<FieldName, 'jobType' | 'description' | 'scorecardCriteria'>,
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
        <TextField
          id={id('department')}
          label="Department"
          required
          error={errors.department?.message}
          hint={departments.length > 0 ? 'Choose one from the list, or type a new one.' : undefined}
          input={{
            ...register('department'),
            placeholder: 'e.g. Engineering',
            list: 'job-departments',
            autoComplete: 'off',
          }}
        />
        <datalist id="job-departments">
          {departments.map((department) => (
            <option key={department} value={department} />
          ))}
        </datalist>
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
        <TextField
          id={id('salaryRange')}
          label="Salary range"
          required={payRangeRequired}
          error={errors.salaryRange?.message}
          {...(payRangeRequired ? { hint: 'Required while the vacancy is open: a currency and an amount.' } : {})}
          input={{
            ...register('salaryRange'),
            placeholder: payRangeRequired ? 'e.g. ₹18–24 LPA' : 'Optional, e.g. ₹18–24 LPA',
          }}
        />
        <TextField
          id={id('closesAt')}
          label="Closing date"
          error={errors.closesAt?.message}
          hint="Optional. The vacancy closes by itself at the end of this day (UTC)."
          input={{ ...register('closesAt'), type: 'date' }}
        />
        <Field
          id={id('description')}
          label="Description"
          required
          error={errors.description?.message}
          hint={DESCRIPTION_FORMATTING_HINT}
          className="sm:col-span-2"
        >
          <textarea
            {...register('description')}
            {...fieldAria(id('description'), errors.description?.message, true)}
            required
            rows={8}
            placeholder="Responsibilities, requirements and what the team works on"
            className={inputClass}
          />
        </Field>
        <Field
          id={id('scorecardCriteria')}
          label="Scorecard criteria"
          error={errors.scorecardCriteria?.message}
          hint={`One per line; interviewers rate each from 1 to ${RATING_MAX}. Leave empty for ${DEFAULT_CRITERIA.join(', ').toLowerCase()}.`}
          className="sm:col-span-2"
        >
          <textarea
            {...register('scorecardCriteria')}
            {...fieldAria(id('scorecardCriteria'), errors.scorecardCriteria?.message, true)}
            rows={4}
            className={inputClass}
          />
        </Field>
        <section aria-labelledby="job-description-preview" className="sm:col-span-2">
          <h3 id="job-description-preview" className="text-sm font-semibold text-slate-200">
            Preview
          </h3>
          <div
            data-testid="job-description-preview"
            className="mt-2 max-h-72 min-h-16 overflow-y-auto rounded-xl border border-white/10 bg-ink-900/60 p-4 text-sm"
          >
            {preview ? (
              // Built by renderDescription: every text escaped, only its own few tags, links checked.
              <div className={DESCRIPTION_CLASS} dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <p className="text-slate-400">The description appears here as applicants will see it.</p>
            )}
          </div>
        </section>
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
