/**
 * The privacy notice and the contact form state the limits the build reads from its environment;
 * they must be what the server reads from the same environment, and a value the server would
 * refuse must stop the build.
 */
import { describe, expect, it } from 'vitest';
import { noticeSettings } from '~/lib/notice-settings';
import { configFromEnv } from '~/server/config';
import { parseApiEnv } from '~/server/env';

const server = (env: Record<string, string>) => {
  const parsed = parseApiEnv(env);
  const config = configFromEnv(parsed, '', '');
  return {
    days: config.retentionDays,
    sourcesPerDay: config.viewSourcesPerDay,
    backupKeepDays: parsed.BACKUP_KEEP_DAYS,
    linkIdleDays: config.linkIdleDays,
  };
};

describe('the settings the privacy notice states', () => {
  it.each([
    ['no settings (the defaults)', {}],
    [
      'every setting changed',
      {
        RETENTION_DAYS_REJECTED: '90',
        RETENTION_DAYS_PENDING: '200',
        RETENTION_DAYS_IN_PROCESS: '300',
        RETENTION_DAYS_HIRED: '100',
        RETENTION_DAYS_WITHDRAWN: '10',
        RETENTION_DAYS_MESSAGES: '60',
        RETENTION_DAYS_AUDIT: '400',
        RETENTION_DAYS_MAILS: '14',
        RETENTION_DAYS_VIEWS: '45',
        JOB_VIEW_SOURCES_PER_DAY: '8',
        BACKUP_KEEP_DAYS: '7',
        LINK_IDLE_DAYS: '30',
      },
    ],
    ['one setting changed', { RETENTION_DAYS_REJECTED: '120' }],
  ])('are what the server keeps, with %s', (_label, env) => {
    expect(noticeSettings(env)).toEqual(server(env));
  });

  it('states a configured period, not the default', () => {
    expect(noticeSettings({ RETENTION_DAYS_MESSAGES: '60' }).days.messages).toBe(60);
  });

  it.each(['0', '-3', '1.5', 'a year', ''])('refuses RETENTION_DAYS_PENDING=%j, as the server does', (value) => {
    const env = { RETENTION_DAYS_PENDING: value };
    expect(() => parseApiEnv(env)).toThrow(/RETENTION_DAYS_PENDING/);
    expect(() => noticeSettings(env)).toThrow(/RETENTION_DAYS_PENDING: must be a positive whole number/);
  });
});
