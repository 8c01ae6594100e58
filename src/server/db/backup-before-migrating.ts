import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import { backupDatabase, pruneBackups, verifyBackup } from './backup';
import { migrationNames } from './migrations';
import type { Database } from './schema';

/** Where, in DATA_DIR, a start with pending migrations writes the backup it takes first. */
export const UPGRADE_BACKUPS_DIR = 'backups';

/** Migrations this code knows that the SQLite database at `db` has not applied; [] for a new database. */
async function pendingOf(db: Kysely<Database>): Promise<string[]> {
  const table = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`.execute(db);
  if (!table.rows.length) return [];
  const applied = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  if (!applied.rows.length) return [];
  const done = new Set(applied.rows.map((row) => row.name));
  return migrationNames().filter((name) => !done.has(name));
}

/**
 * Before a start migrates an existing SQLite database, writes a checked backup of it (with
 * `secretFiles` beside it) to DATA_DIR/backups/, where those older than `keepDays` are deleted as
 * `admin -- backup` deletes its own; returns its path, or null when nothing is pending.
 * Throws, and so stops the start before any migration, when the backup cannot be written.
 */
export async function backupBeforeMigrating(
  db: Kysely<Database>,
  dataDir: string,
  secretFiles: readonly string[],
  keepDays: number,
  now: Date,
): Promise<string | null> {
  const pending = await pendingOf(db);
  if (!pending.length) return null;
  const folder = path.join(dataDir, UPGRADE_BACKUPS_DIR);
  const file = path.join(folder, `edgecraft-before-${pending[0]}-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    await backupDatabase({ dataDir }, file, secretFiles);
  } catch (error) {
    throw new Error(
      `${pending.length} pending migration${pending.length === 1 ? '' : 's'} not applied: the backup taken before migrating could not be written to ${folder} (${(error as Error).message}). Make room or fix that folder, then start again; the database is as it was.`,
      { cause: error },
    );
  }
  pruneUpgradeBackups(dataDir, { keepDays, secretNames: secretFiles.map((f) => path.basename(f)), keep: file }, now);
  return file;
}

/**
 * Deletes the backups in DATA_DIR/backups/ older than `keepDays` (but `keep`), with the secret files
 * named `secretNames` beside them: at each upgrade and daily, as the privacy notice promises of every backup.
 */
export function pruneUpgradeBackups(
  dataDir: string,
  options: { keepDays: number; secretNames: readonly string[]; keep?: string },
  now: Date,
): string[] {
  const folder = path.join(dataDir, UPGRADE_BACKUPS_DIR);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  return pruneBackups(folder, { ...options, keep: options.keep ?? folder }, now);
}

/**
 * `admin -- migrate --dry-run`: the migrations DATA_DIR's SQLite database lacks, run on a checked copy
 * of it in a temporary folder (deleted afterwards), with the counts compared; the database is only read.
 */
export async function dryRunMigrations(dataDir: string) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'edgecraft-dry-run-'));
  try {
    const result = await verifyBackup(
      await backupDatabase({ dataDir }, path.join(scratch, 'copy.sqlite'), []).then((b) => b.file),
    );
    const known = migrationNames();
    return { ...result, pending: known.slice(known.length - result.migrated) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
