import { createHmac } from 'node:crypto';
import { isoDay } from '~/lib/calendar-day';
import type { Runtime } from '../../config';
import { forgetJobViewMarks, markHour, markJobView } from '../../db';
import { countJobView } from '../sources';

/**
 * Counts a job page view at most once per client network, job and hour: it keeps a keyed hash
 * (HMAC under the server's secret) of the three for the hour, never the address. The source
 * counts under 'other' once the job has its day's share of sources (`viewSourcesPerDay`).
 */
export function jobViewCounter(services: Runtime) {
  const { db, config } = services;
  let forgottenBefore = '';
  return async (jobId: number, network: string, source: string): Promise<void> => {
    const now = services.now();
    const hour = markHour(now);
    if (hour !== forgottenBefore) {
      forgottenBefore = hour;
      await forgetJobViewMarks(db, hour);
    }
    const mark = createHmac('sha256', config.jwtSecret)
      .update(`job-view\n${network}\n${jobId}\n${hour}`)
      .digest('base64url');
    if (!(await markJobView(db, mark, hour))) return;
    await countJobView(db, { jobId, day: isoDay(now), source }, config.viewSourcesPerDay);
  };
}
