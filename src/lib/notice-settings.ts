/**
 * The server settings the privacy notice and the contact form state, read by the build from its
 * environment by the rules the server's env schema (src/server/env.ts) applies to the same names:
 * a site built with the server's settings states the limits that server keeps.
 */
import { z } from 'zod/mini';
import { BACKUP_KEEP_DAYS_DEFAULT, RETENTION_DEFAULT_DAYS } from './privacy';
import { VIEW_SOURCES_PER_DAY_DEFAULT } from './sources';

const positiveInt = (fallback: number) =>
  z._default(z.coerce.number().check(z.refine((n) => Number.isInteger(n) && n > 0)), fallback);

const noticeEnvSchema = z.object({
  RETENTION_DAYS_REJECTED: positiveInt(RETENTION_DEFAULT_DAYS.rejected),
  RETENTION_DAYS_PENDING: positiveInt(RETENTION_DEFAULT_DAYS.pending),
  RETENTION_DAYS_MESSAGES: positiveInt(RETENTION_DEFAULT_DAYS.messages),
  RETENTION_DAYS_AUDIT: positiveInt(RETENTION_DEFAULT_DAYS.audit),
  RETENTION_DAYS_MAILS: positiveInt(RETENTION_DEFAULT_DAYS.mails),
  RETENTION_DAYS_VIEWS: positiveInt(RETENTION_DEFAULT_DAYS.views),
  JOB_VIEW_SOURCES_PER_DAY: positiveInt(VIEW_SOURCES_PER_DAY_DEFAULT),
  BACKUP_KEEP_DAYS: positiveInt(BACKUP_KEEP_DAYS_DEFAULT),
});

export type NoticeSettings = {
  /** RETENTION_DAYS_*, by what each erases. */
  days: { [K in keyof typeof RETENTION_DEFAULT_DAYS]: number };
  /** JOB_VIEW_SOURCES_PER_DAY. */
  sourcesPerDay: number;
  /** BACKUP_KEEP_DAYS. */
  backupKeepDays: number;
};

/** The settings in `env` (the build's environment); a bad value stops the build, as it would stop the server. */
export function noticeSettings(env: Record<string, string | undefined> = process.env): NoticeSettings {
  const result = noticeEnvSchema.safeParse(env);
  if (!result.success)
    // Every setting here is a count of days or sources, so one message says what each bad one needs.
    throw new Error(
      `Invalid environment for the privacy notice:\n${result.error.issues.map((i) => `  - ${i.path.join('.')}: must be a positive whole number`).join('\n')}`,
    );
  const e = result.data;
  return {
    days: {
      rejected: e.RETENTION_DAYS_REJECTED,
      pending: e.RETENTION_DAYS_PENDING,
      messages: e.RETENTION_DAYS_MESSAGES,
      audit: e.RETENTION_DAYS_AUDIT,
      mails: e.RETENTION_DAYS_MAILS,
      views: e.RETENTION_DAYS_VIEWS,
    },
    sourcesPerDay: e.JOB_VIEW_SOURCES_PER_DAY,
    backupKeepDays: e.BACKUP_KEEP_DAYS,
  };
}
