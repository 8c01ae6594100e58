/**
 * The server settings the privacy notice and the contact form state. The server's env schema
 * (src/server/env.ts) includes these fields, and the build reads the same names from its own
 * environment: a site built with the server's settings states the limits that server keeps.
 */
import { z } from 'zod';
import { BACKUP_KEEP_DAYS_DEFAULT, RETENTION_DEFAULT_DAYS } from './privacy';
import { VIEW_SOURCES_PER_DAY_DEFAULT } from './sources';

/** A setting that counts something: a positive whole number, `fallback` when unset. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const noticeEnvShape = {
  /** Rejected applicants are erased this many days after their last status change. */
  RETENTION_DAYS_REJECTED: positiveInt(RETENTION_DEFAULT_DAYS.rejected),
  /** Pending applicants are erased this many days after their last status change. */
  RETENTION_DAYS_PENDING: positiveInt(RETENTION_DEFAULT_DAYS.pending),
  /** Applicants in screening, interview or offer are erased this many days after their last status change. */
  RETENTION_DAYS_IN_PROCESS: positiveInt(RETENTION_DEFAULT_DAYS.inProcess),
  /** Hired applicants are erased this many days after they were moved to hired. */
  RETENTION_DAYS_HIRED: positiveInt(RETENTION_DEFAULT_DAYS.hired),
  /** Withdrawn applications are erased this many days after the applicant withdrew. */
  RETENTION_DAYS_WITHDRAWN: positiveInt(RETENTION_DEFAULT_DAYS.withdrawn),
  /** Contact messages are erased this many days after they arrived. */
  RETENTION_DAYS_MESSAGES: positiveInt(RETENTION_DEFAULT_DAYS.messages),
  /** Audit entries are erased this many days after they were written. */
  RETENTION_DAYS_AUDIT: positiveInt(RETENTION_DEFAULT_DAYS.audit),
  /** Mails in the outbox (sent or not) are deleted this many days after they were queued. */
  RETENTION_DAYS_MAILS: positiveInt(RETENTION_DEFAULT_DAYS.mails),
  /** Job page view counts are deleted this many days after their day. */
  RETENTION_DAYS_VIEWS: positiveInt(RETENTION_DEFAULT_DAYS.views),
  /** Sources a job's views are counted under per day; views from further new sources count as 'other'. */
  JOB_VIEW_SOURCES_PER_DAY: positiveInt(VIEW_SOURCES_PER_DAY_DEFAULT),
  /** A private-page or job-alert link left unused this many days stops working. */
  LINK_IDLE_DAYS: positiveInt(90),
  /** `npm run admin -- backup` deletes this site's backups in the same folder written more than this many days ago. */
  BACKUP_KEEP_DAYS: positiveInt(BACKUP_KEEP_DAYS_DEFAULT),
};

/** RETENTION_DAYS_*, by what each erases. */
export type RetentionDays = { [K in keyof typeof RETENTION_DEFAULT_DAYS]: number };

type NoticeEnv = z.infer<z.ZodObject<typeof noticeEnvShape>>;

/** The RETENTION_DAYS_* of a parsed environment, as the server keeps and the notice states them. */
export const retentionDaysOf = (e: NoticeEnv): RetentionDays => ({
  rejected: e.RETENTION_DAYS_REJECTED,
  pending: e.RETENTION_DAYS_PENDING,
  inProcess: e.RETENTION_DAYS_IN_PROCESS,
  hired: e.RETENTION_DAYS_HIRED,
  withdrawn: e.RETENTION_DAYS_WITHDRAWN,
  messages: e.RETENTION_DAYS_MESSAGES,
  audit: e.RETENTION_DAYS_AUDIT,
  mails: e.RETENTION_DAYS_MAILS,
  views: e.RETENTION_DAYS_VIEWS,
});

export type NoticeSettings = {
  days: RetentionDays;
  /** JOB_VIEW_SOURCES_PER_DAY. */
  sourcesPerDay: number;
  /** BACKUP_KEEP_DAYS. */
  backupKeepDays: number;
  /** LINK_IDLE_DAYS. */
  linkIdleDays: number;
};

/** The settings in `env` (the build's environment); a bad value stops the build, as it would stop the server. */
export function noticeSettings(env: Record<string, string | undefined> = process.env): NoticeSettings {
  const result = z.object(noticeEnvShape).safeParse(env);
  if (!result.success)
    // Every setting here is a count of days or sources, so one message says what each bad one needs.
    throw new Error(
      `Invalid environment for the privacy notice:\n${result.error.issues.map((i) => `  - ${i.path.join('.')}: must be a positive whole number`).join('\n')}`,
    );
  const e = result.data;
  return {
    days: retentionDaysOf(e),
    sourcesPerDay: e.JOB_VIEW_SOURCES_PER_DAY,
    backupKeepDays: e.BACKUP_KEEP_DAYS,
    linkIdleDays: e.LINK_IDLE_DAYS,
  };
}
