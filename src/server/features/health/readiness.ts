import type { Runtime } from '../../config';
import { outboxStats, readBackupRecord } from '../../db';
import { diskSpaceGuard } from '../../services/disk-space';
import type { Check, CheckStatus, Readiness } from '../../health-report';
import type { HealthState } from './state';

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60_000;

const worst = (statuses: CheckStatus[]): CheckStatus =>
  statuses.includes('fail') ? 'fail' : statuses.includes('warn') ? 'warn' : 'pass';

function databaseCheck(state: HealthState, kind: string): Check {
  const base = { componentType: 'datastore' as const, observedValue: state.databaseMs, observedUnit: 'ms' };
  if (state.starting)
    return { ...base, status: 'fail', output: `starting: waiting for ${kind} to answer, then migrating` };
  if (!state.databaseUp) return { ...base, status: 'fail', output: `${kind} does not answer` };
  if (state.degraded.length)
    return { ...base, status: 'warn', output: 'SQLite checkpoints on the event loop since its thread stopped' };
  return { ...base, status: 'pass' };
}

async function diskCheck(state: HealthState, disk: ReturnType<typeof diskSpaceGuard>, minFreeMb: number) {
  const measured = await disk.state();
  const base = {
    componentType: 'system' as const,
    observedValue: measured ? Math.floor(measured.freeBytes / MB) : null,
    observedUnit: 'MiB',
  };
  if (state.diskFull)
    return { ...base, status: 'fail' as const, output: 'a write found the disk full; none has succeeded since' };
  if (measured?.low)
    return {
      ...base,
      status: 'warn' as const,
      output: `under MIN_FREE_DISK_MB (${minFreeMb} MiB) free: applications are refused`,
    };
  return { ...base, status: 'pass' as const };
}

async function outboxCheck(services: Runtime, state: HealthState, now: Date): Promise<Check> {
  if (!state.databaseUp) return { componentType: 'component', status: 'fail', output: 'not known: no database' };
  const stats = await outboxStats(services.db).catch(() => null);
  if (!stats) return { componentType: 'component', status: 'fail', output: 'not known: the database failed to answer' };
  const { counts, oldestPendingAt } = stats;
  const base = {
    componentType: 'component' as const,
    observedValue: oldestPendingAt ? Math.max(0, Math.round((now.getTime() - Date.parse(oldestPendingAt)) / 1000)) : 0,
    observedUnit: 's',
  };
  const problems = [
    counts.failed ? `${counts.failed} failed` : '',
    counts.held ? `${counts.held} held after a restore` : '',
    counts.pending && !services.config.mail.smtpUrl ? `${counts.pending} waiting: SMTP_URL is not set` : '',
  ].filter(Boolean);
  if (problems.length) return { ...base, status: 'warn', output: `${problems.join(', ')} (see the Outbox tab)` };
  return { ...base, status: 'pass' };
}

function backupsCheck(services: Runtime, now: Date): Check {
  const { record: file, maxAgeHours } = services.config.backups;
  const record = file ? readBackupRecord(file) : null;
  const ageHours = record ? Math.round(((now.getTime() - record.at.getTime()) / HOUR_MS) * 10) / 10 : null;
  const base = {
    componentType: 'component' as const,
    observedValue: ageHours,
    observedUnit: 'h',
    ...(record ? { time: record.at.toISOString() } : {}),
  };
  if (maxAgeHours === null) return { ...base, status: 'pass' };
  if (ageHours === null)
    return { ...base, status: 'warn', output: 'no verified backup recorded (npm run admin -- backup FILE)' };
  if (ageHours > maxAgeHours)
    return {
      ...base,
      status: 'warn',
      output: `the last verified backup is older than BACKUP_MAX_AGE_HOURS (${maxAgeHours})`,
    };
  return { ...base, status: 'pass' };
}

/** Readiness from `state`: the database, the disk, the outbox and the backups, each pass, warn or fail. */
export function readinessOf(services: Runtime) {
  const disk = diskSpaceGuard(services.config.storage.dataDir, services.config.storage.minFreeBytes);
  const minFreeMb = Math.round(services.config.storage.minFreeBytes / MB);
  return async (state: HealthState): Promise<Readiness> => {
    const now = services.now();
    const checks = {
      'database:responseTime': [databaseCheck(state, services.dbKind === 'sqlite' ? 'SQLite' : 'PostgreSQL')],
      'disk:freeSpace': [await diskCheck(state, disk, minFreeMb)],
      'outbox:oldestPending': [await outboxCheck(services, state, now)],
      'backups:age': [backupsCheck(services, now)],
    };
    return { status: worst(Object.values(checks).map(([check]) => check!.status)), checks };
  };
}
