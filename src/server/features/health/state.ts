import { sql } from 'kysely';
import type { Runtime } from '../../config';
import type { Dependency } from '../../fault-answers';

/** What the app knows of itself that no query tells: boot's progress, the last write's fate, SQLite's checkpoint thread. */
export type HealthProbes = {
  /** False while boot is still preparing the database. */
  isReady: () => boolean;
  /** A write found the disk full, and none has succeeded since. */
  diskFull: () => boolean;
  /** SQLite checkpoints on the event loop since its thread died. */
  checkpointsStopped: () => boolean;
};

/** One source of truth for every health answer (the load balancer's, readiness, metrics). */
export type HealthState = {
  starting: boolean;
  databaseUp: boolean;
  /** How long `select 1` took; null when it was not asked (starting) or failed. */
  databaseMs: number | null;
  diskFull: boolean;
  down: Dependency[];
  degraded: 'checkpoints'[];
};

export async function healthState(services: Pick<Runtime, 'db'>, probes: HealthProbes): Promise<HealthState> {
  const starting = !probes.isReady();
  const started = performance.now();
  const databaseUp =
    !starting &&
    (await sql`select 1`.execute(services.db).then(
      () => true,
      () => false,
    ));
  const diskFull = probes.diskFull();
  const down: Dependency[] = [];
  if (!databaseUp) down.push('database');
  if (diskFull) down.push('disk');
  return {
    starting,
    databaseUp,
    databaseMs: databaseUp ? Math.round((performance.now() - started) * 10) / 10 : null,
    diskFull,
    down,
    degraded: probes.checkpointsStopped() ? ['checkpoints'] : [],
  };
}
