import type { Context } from 'hono';
import { parseSalaryRange } from '~/lib/job-posting';
import { jobMessages } from '~/lib/schemas/job';
import type { ApiConfig } from '../../config';
import { apiError } from '../../errors';

/**
 * With PAY_RANGE_REQUIRED, the 400 for a vacancy that would be open without a pay range the feeds and
 * JobPosting can read (a currency and an amount); null when it may be saved.
 */
export function missingPayRange(c: Context, config: ApiConfig, salaryRange: string | null): Response | null {
  if (!config.payRangeRequired || parseSalaryRange(salaryRange)) return null;
  return apiError(c, 400, jobMessages.payRangeRequired, { salaryRange: jobMessages.payRangeRequired });
}
