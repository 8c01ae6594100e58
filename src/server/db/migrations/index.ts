import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './dialect';
import { MIGRATIONS } from './list';

export { backfillOutboxSubjects } from './0006_outbox_subject_key';

/**
 * Versioned migrations, one file each, so the same list runs on SQLite and PostgreSQL.
 * Kysely's Migrator records applied names in `kysely_migration` and takes a lock, so running
 * them on every start (and from several instances at once on PostgreSQL) is safe.
 * A migration imports nothing from the app (lint-enforced): what it did when it shipped stays what it does.
 */
class ListProvider implements MigrationProvider {
  constructor(private readonly kind: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(MIGRATIONS.map(([name, up]) => [name, { up: (db) => up(db, this.kind) }]));
  }
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, kind: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new ListProvider(kind) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies the migrations up to and including `name` (tests build an older database with it). */
export async function migrateTo(db: Kysely<unknown>, kind: Dialect, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: new ListProvider(kind) }).migrateTo(name);
  if (error) throw error;
}

/** The names of every migration this code knows, oldest first (a restore refuses a database with others). */
export function migrationNames(): string[] {
  return MIGRATIONS.map(([name]) => name);
}
