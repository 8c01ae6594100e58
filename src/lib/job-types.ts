/** The jobType options of the admin job form, in order; apart from the job schema so the careers board's filters load no validator. */
export const JOB_TYPES = [
  'Full-time',
  'Part-time',
  'Contract',
  'Internship with Full-Time Opportunity',
  'Internship',
] as const;
export type JobType = (typeof JOB_TYPES)[number];
