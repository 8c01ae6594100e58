import { z } from 'zod/mini';
import {
  JOB_DEPARTMENT_MAX,
  JOB_DESCRIPTION_MAX,
  JOB_DESCRIPTION_MAX_MARKS,
  JOB_LOCATION_MAX,
  JOB_SALARY_MAX,
  JOB_TITLE_MAX,
} from '../limits';
import { isCalendarDay } from '../calendar-day';
import { blankAsEmpty, singleLine } from './text';
import { JOB_TYPES } from '../job-types';

export { JOB_TYPES, type JobType } from '../job-types';

export const jobMessages = {
  titleRequired: 'Title is required',
  departmentRequired: 'Department is required',
  locationRequired: 'Location is required',
  jobTypeRequired: 'Job type is required',
  jobTypeInvalid: `Job type must be one of: ${JOB_TYPES.join(', ')}`,
  descriptionRequired: 'Description is required',
  descriptionTooManyMarks: `The description uses more than ${JOB_DESCRIPTION_MAX_MARKS.toLocaleString('en-US')} formatting marks (*, _, [ and ]). Remove some and save again.`,
  descriptionTooDeep:
    'The description nests lists or formatting too deeply to be shown in full. Use fewer levels and save again.',
  tooLong: (field: string, max: number) => `${field} must not exceed ${max} characters`,
  titleOneLine: 'Title must be one line, without line breaks or control characters',
  payRangeRequired:
    'Open vacancies must state their pay range (pay transparency). Enter the salary range with its currency and period, e.g. ₹18–24 LPA or €60,000–75,000 per year.',
  closesAtInvalid: 'Closing date must be a date such as 2026-06-30, or left empty',
  closesAtPast: 'Closing date must be today or later: the vacancy closes at the end of that day (UTC)',
  reopenPastClosing: 'This vacancy’s closing date has passed. Set a later closing date, or clear it, then reopen it.',
  /** The admin card's and the job page's line, with the day as each writes dates. */
  closesOn: (day: string) => `Closes on ${day}`,
  notFound: 'Job not found',
  openUndeletable: 'The Open application entry is permanent and cannot be deleted. You can rename it or close it.',
  created: 'Job created successfully!',
  updated: 'Job updated successfully!',
  deleted: 'Job deleted successfully!',
} as const;

const m = jobMessages;

/** Required text; blank (only invisible characters) counts as missing. */
const requiredText = (label: string, required: string, max: number) =>
  z
    .string({ error: required })
    .check(blankAsEmpty, z.trim(), z.minLength(1, required), z.maxLength(max, m.tooLong(label, max)));

/** The description's own rules; the ones that need the Markdown parser are added in job-save.ts. */
export const jobDescriptionField = requiredText('Description', m.descriptionRequired, JOB_DESCRIPTION_MAX);

/**
 * The admin job form: title, department, location, jobType and description required;
 * salaryRange optional (empty becomes null).
 */
export const jobInputSchema = z.object({
  title: requiredText('Title', m.titleRequired, JOB_TITLE_MAX).check(singleLine(m.titleOneLine)),
  department: requiredText('Department', m.departmentRequired, JOB_DEPARTMENT_MAX),
  location: requiredText('Location', m.locationRequired, JOB_LOCATION_MAX),
  jobType: z.enum(JOB_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? m.jobTypeRequired : m.jobTypeInvalid),
  }),
  description: jobDescriptionField,
  salaryRange: z.pipe(
    z.nullish(
      z
        .string({ error: 'Salary range must be text' })
        .check(z.trim(), z.maxLength(JOB_SALARY_MAX, m.tooLong('Salary range', JOB_SALARY_MAX))),
    ),
    z.transform((v) => (v ? v : null)),
  ),
  /** The last day it is open (UTC), `YYYY-MM-DD`; empty or left out: no closing date. */
  closesAt: z.pipe(
    z.nullish(
      z.string({ error: m.closesAtInvalid }).check(
        z.trim(),
        z.refine((v) => v === '' || isCalendarDay(v), m.closesAtInvalid),
      ),
    ),
    z.transform((v) => (v ? v : null)),
  ),
});

export type JobInput = z.input<typeof jobInputSchema>;

/** A job as the API returns it (`GET /api/job`). */
const jobSchema = z.object({
  id: z.int(),
  title: z.string(),
  department: z.string(),
  location: z.string(),
  jobType: z.enum(JOB_TYPES),
  description: z.string(),
  salaryRange: z.nullable(z.string()),
  /** Its last open day (UTC), `YYYY-MM-DD`; it closes by itself at the end of it. */
  closesAt: z.nullable(z.string()),
  /** ISO 8601 timestamp set by the server. */
  created_at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** `GET /api/job` answers `{ jobs }`; older deployments answered a bare array, which clients accept. */
export const jobListSchema = z.union([z.object({ jobs: z.array(jobSchema) }), z.array(jobSchema)]);

/** A vacancy is open (listed, accepting applications) or closed (kept with its applicants, reopenable). */
const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobStatusMessages = {
  statusInvalid: "Status must be 'open' or 'closed'",
  /** What the apply API and the vacancy's API answer once it is closed. */
  closed: 'This vacancy is closed and no longer accepts applications',
  closedOk: 'Job closed successfully!',
  reopened: 'Job reopened successfully!',
} as const;

/** `PUT /api/job/:id/status` body. */
export const jobStatusSchema = z.object({
  status: z.enum(JOB_STATUSES, { error: jobStatusMessages.statusInvalid }),
});

/** A vacancy, or the permanent entry general applications go to (not listed publicly, not deletable). */
export type JobKind = 'vacancy' | 'open';

/** A vacancy as admins list it (`GET /api/job/all`): open and closed ones, with their state. */
export type AdminJob = Job & {
  /** 'open' for the general-application entry. */
  kind: JobKind;
  status: JobStatus;
  closedAt: string | null;
  /** What its interviewers' scorecards rate; empty: the default criteria. */
  scorecardCriteria: string[];
};

/** `GET /api/job/all`: every vacancy, and whether an open one must state its pay range (PAY_RANGE_REQUIRED). */
export type AdminJobList = { jobs: AdminJob[]; payRangeRequired: boolean };
