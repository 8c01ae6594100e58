/**
 * Backup and restore of the SQLite database in DATA_DIR (the admin CLI's `backup` and `restore`).
 *
 * Backup copies through SQLite's online backup API in one step, so the copy is one consistent
 * snapshot while the server keeps writing (WAL lets it). Restore runs only while no process has the
 * database open: a server keeps a shared lock on the file as long as it runs, so taking SQLite's
 * exclusive lock is the test, and holding it keeps a server from starting mid-restore.
 */
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE, type Kysely } from 'kysely';
import { openDatabase, SQLITE_FILE } from './client';
import { ERASURE_LEDGER_SCHEMA } from './erasure-ledger';
import { migrateToLatest, migrationNames } from './migrations';
import { RESTORED_MARKER } from './restore-guard';

/** What a restore adds to the name of each file it replaces, before the time. */
const BEFORE_RESTORE = '.before-restore-';

/** A refusal or failure with a message meant for the operator; nothing was changed. */
export class BackupError extends Error {}

type BackupSummary = {
  /** Size of the database file in bytes. */
  bytes: number;
  applicants: number;
  jobs: number;
  messages: number;
  /** The newest migration the database has, e.g. `0005_outbox`. */
  schema: string;
  /** Migrations this code knows that the database lacks; the server applies them at start. */
  pendingMigrations: number;
};

type BackupStorage = { dataDir: string; databaseUrl?: string | undefined };

const PG_BACKUP = `With DATABASE_URL set the data is in PostgreSQL: back it up with \`pg_dump -Fc --exclude-schema=${ERASURE_LEDGER_SCHEMA} "$DATABASE_URL" -f edgecraft.dump\` (the erasure ledger stays out: see docs/CONFIGURATION.md, Backup and restore).`;
const PG_RESTORE =
  'With DATABASE_URL set the data is in PostgreSQL: stop the server, then `pg_restore --clean --if-exists -d "$DATABASE_URL" edgecraft.dump` and `npm run admin -- after-restore`.';

/** The path of a file that travels with a backup `file` (the JWT secret, the two-factor key). */
const companionPath = (file: string, name: string) => `${file}.${name}`;

/**
 * Writes a consistent copy of DATA_DIR's database to `file` (never overwriting it; written under a
 * temporary name in the same folder, then moved in place), readable without its WAL, mode 0600.
 * Each of `secretFiles` that is present is copied beside it as `<file>.<its name>` (mode 0600).
 */
export async function backupDatabase(
  storage: BackupStorage,
  file: string,
  secretFiles: readonly string[],
): Promise<BackupSummary & { file: string; secretCopies: string[] }> {
  if (storage.databaseUrl) throw new BackupError(PG_BACKUP);
  const target = path.resolve(file);
  const secrets = secretFiles
    .filter((secret) => existsSync(secret))
    .map((secret) => ({ secret, copy: companionPath(target, path.basename(secret)) }));
  for (const out of [target, ...secrets.map(({ copy }) => copy)]) {
    if (existsSync(out))
      throw new BackupError(`${out} already exists; backup never overwrites a file, so name a new one.`);
  }
  if (!existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  const database = path.join(storage.dataDir, SQLITE_FILE);
  if (!existsSync(database)) throw new BackupError(`There is no database in ${storage.dataDir} to back up.`);

  const temp = tempName(target);
  const written: string[] = [];
  const source = new SQLite(database, { fileMustExist: true });
  try {
    // All pages in one step: one read transaction, so writes meanwhile neither restart nor tear the copy.
    await source.backup(temp, { progress: () => 0x7fffffff });
  } catch (error) {
    removeQuietly(temp);
    throw new BackupError(`Backup failed: ${(error as Error).message}`);
  } finally {
    source.close();
  }
  try {
    const summary = inspect(temp, target);
    syncFile(temp, 0o600);
    for (const { secret, copy } of secrets) {
      writeNew(copy, readFileSync(secret));
      written.push(copy);
    }
    placeNew(temp, target);
    return { ...summary, file: target, secretCopies: written };
  } catch (error) {
    removeDatabase(temp);
    for (const copy of written) removeQuietly(copy);
    throw error;
  }
}

/**
 * Proves that `file` restores: refuses a half-written or damaged file (header, integrity_check),
 * restores it into a scratch database in a temporary folder, runs the migrations there as a start
 * would, and compares the counts before and after. The scratch copy is deleted whatever happens.
 */
export async function verifyBackup(file: string): Promise<BackupSummary & { file: string; migrated: number }> {
  const source = path.resolve(file);
  checkHeader(source);
  const scratch = mkdtempSync(path.join(tmpdir(), 'edgecraft-verify-'));
  try {
    const copy = path.join(scratch, SQLITE_FILE);
    copyFileSync(source, copy);
    const before = inspect(copy, source);
    const handle = openDatabase({ dataDir: scratch });
    try {
      await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
    } catch (error) {
      throw new BackupError(`${source} restores, but its migrations fail: ${(error as Error).message}`);
    } finally {
      await handle.close();
    }
    const after = inspect(copy, source);
    const changed = (['applicants', 'jobs', 'messages'] as const).filter((key) => before[key] !== after[key]);
    if (changed.length)
      throw new BackupError(`${source} restores, but migrating it changed the counts of ${changed.join(', ')}.`);
    return { ...before, file: source, migrated: before.pendingMigrations };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** What a restore did with one secret file: put the backup's in place (keeping the one replaced), or not. */
export type RestoredSecret = { file: string; state: 'restored' | 'unchanged' | 'absent'; previous: string | null };

/**
 * Puts the backup `file` in place of DATA_DIR's database, only while no process has that database
 * open and only if `file` is a sound database of this schema or an older one. The database it
 * replaces is kept beside it as `edgecraft.sqlite.before-restore-<time>`. Each of `secretFiles`
 * (DATA_DIR's JWT secret, its two-factor key) is restored too when the backup has it beside it; the
 * one replaced is kept likewise.
 * Any refusal leaves DATA_DIR as it was.
 */
export function restoreDatabase(
  storage: BackupStorage,
  file: string,
  secretFiles: readonly string[],
  now = new Date(),
): BackupSummary & { file: string; previous: string | null; secrets: RestoredSecret[] } {
  if (storage.databaseUrl) throw new BackupError(PG_RESTORE);
  const source = path.resolve(file);
  checkHeader(source);
  const backedUp = secretFiles.map((secretFile) => {
    const copy = companionPath(source, path.basename(secretFile));
    return { secretFile, value: existsSync(copy) ? readSecret(copy) : null };
  });

  const target = path.join(storage.dataDir, SQLITE_FILE);
  const suffix = `${BEFORE_RESTORE}${now.toISOString().replace(/[:.]/g, '-')}`;
  const lock = lockIdleDatabase(target);
  const createdDir = lock ? undefined : mkdirSync(storage.dataDir, { recursive: true });
  const temp = tempName(target);
  let previous: string | null = null;
  let placed = false;
  try {
    copyFileSync(source, temp, constants.COPYFILE_EXCL);
    const summary = inspect(temp, source);
    syncFile(temp, 0o600);
    if (lock) {
      // Everything in the old file itself, so the kept copy needs no WAL beside it.
      const [result] = lock.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
      if (result && (result.busy !== 0 || result.log !== result.checkpointed))
        throw new BackupError(`Could not checkpoint ${target}; nothing was changed.`);
      previous = `${target}${suffix}`;
      if (existsSync(previous)) throw new BackupError(`${previous} already exists; try again.`);
      renameSync(target, previous);
      // Closing deletes the old file's (empty) WAL by name: before the restored file takes that name.
      lock.close();
    }
    // Left by a crashed server: SQLite would pair them with the restored file.
    for (const stale of DATABASE_SIDE_FILES) removeQuietly(`${target}${stale}`);
    placeNew(temp, target);
    placed = true;
    // The next start holds the mails this backup had pending (restore-guard.ts).
    writeFileSync(path.join(storage.dataDir, RESTORED_MARKER), `${now.toISOString()}\n`, { mode: 0o600 });

    const secrets = backedUp.map(({ secretFile, value }): RestoredSecret => {
      if (value === null) return { file: secretFile, state: 'absent', previous: null };
      const current = existsSync(secretFile) ? readFileSync(secretFile, 'utf8') : null;
      if (current?.trim() === value) return { file: secretFile, state: 'unchanged', previous: null };
      const kept = current === null ? null : `${secretFile}${suffix}`;
      if (kept) renameSync(secretFile, kept);
      writeNew(secretFile, value);
      return { file: secretFile, state: 'restored', previous: kept };
    });
    return { ...summary, file: source, previous, secrets };
  } catch (error) {
    if (placed) throw error;
    removeDatabase(temp);
    if (previous && !existsSync(target) && existsSync(previous)) renameSync(previous, target);
    if (createdDir) rmSync(createdDir, { recursive: true, force: true });
    throw error;
  } finally {
    if (lock?.open) lock.close();
  }
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes the backups in `folder` last written more than `keepDays` days before `now`, with the
 * secret files beside each (`<backup>.<name of each of secretNames>`). A backup is a SQLite file
 * of this site; any other file, and `keep` (the backup just written), stays.
 */
export function pruneBackups(
  folder: string,
  options: { keepDays: number; keep: string; secretNames: readonly string[] },
  now = new Date(),
): string[] {
  const oldest = now.getTime() - options.keepDays * DAY_MS;
  const removed: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    const file = path.join(folder, name);
    if (file === path.resolve(options.keep) || !isOldSiteDatabase(file, oldest)) continue;
    for (const copy of [file, ...options.secretNames.map((secret) => companionPath(file, secret))]) {
      if (!existsSync(copy)) continue;
      rmSync(copy);
      removed.push(copy);
    }
  }
  return removed;
}

/** True for a file last written before `oldest` that is a database of this site (opened read-only). */
function isOldSiteDatabase(file: string, oldest: number): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.mtimeMs >= oldest) return false;
  try {
    checkHeader(file);
    const db = new SQLite(file, { readonly: true, fileMustExist: true, timeout: 0 });
    try {
      const first = db.prepare(`select 1 from ${DEFAULT_MIGRATION_TABLE} where name = ?`).get(migrationNames()[0]);
      return first !== undefined;
    } finally {
      db.close();
    }
  } catch {
    // Not a whole SQLite file, or one without our migrations: not ours to delete.
    return false;
  }
}

/**
 * Deletes the copies a restore kept in `dataDir` (`edgecraft.sqlite.before-restore-<time>` and
 * those of `secretNames`): called once a server has started on the restored database, which shows
 * the restore worked.
 */
export function removeBeforeRestoreCopies(dataDir: string, secretNames: readonly string[]): string[] {
  const isKeptCopy = (name: string) =>
    [SQLITE_FILE, ...secretNames].some((base) => {
      const time = name.startsWith(`${base}${BEFORE_RESTORE}`) ? name.slice(base.length + BEFORE_RESTORE.length) : '';
      return /^[\dT-]+Z$/.test(time);
    });
  const removed = readdirSync(dataDir)
    .filter(isKeptCopy)
    .map((name) => path.join(dataDir, name));
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** Refuses, without opening it as a database, a file that is missing or not a whole SQLite file. */
function checkHeader(file: string): void {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new BackupError(`${file} is not a file.`);
    size = stat.size;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} does not exist or cannot be read.`);
  }
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (size < 100 || !header.subarray(0, 16).equals(SQLITE_MAGIC))
    throw new BackupError(`${file} is not a SQLite database, so not a backup of this site.`);
  const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
  // The page count in the header is valid when its change counter matches (every SQLite since 3.7).
  const pages = header.readUInt32BE(24) === header.readUInt32BE(92) ? header.readUInt32BE(28) : 0;
  if (pageSize < 512 || size % pageSize !== 0 || size < pages * pageSize)
    throw new BackupError(`${file} is truncated or damaged (${size} bytes, expected ${pages} pages of ${pageSize}).`);
}

/**
 * Checks a database file (a private copy: it is switched out of WAL mode and vacuumed) and counts
 * what it holds. `label` names it in messages.
 */
function inspect(file: string, label: string): BackupSummary {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, timeout: 0 });
    // Exclusive: no -shm beside it; DELETE: the file alone is the whole database.
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = DELETE');
    // The first few findings are enough to tell a damaged file; one line for the message.
    const findings = (db.pragma('integrity_check(3)') as { integrity_check: string }[])
      .flatMap((row) => row.integrity_check.split('\n'))
      .filter((line) => line && !line.startsWith('***'));
    if (findings.join() !== 'ok')
      throw new BackupError(`${label} is damaged (integrity check: ${findings.join('; ')}).`);
    const hasTable = (name: string) =>
      db!.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
    const known = migrationNames();
    const applied = hasTable(DEFAULT_MIGRATION_TABLE)
      ? (db.prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name`).pluck().all() as string[])
      : [];
    if (!applied.includes(known[0]!) || !['applicants', 'jobs', 'contact_messages'].every(hasTable))
      throw new BackupError(`${label} is a SQLite database, but not one of this site.`);
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length)
      throw new BackupError(
        `${label} has a newer schema than this version knows (${unknown.join(', ')}): upgrade this installation first, then restore.`,
      );
    // Rewritten without free pages: a copy holds no deleted row, whatever the file it came from kept.
    db.exec('VACUUM');
    const count = (table: string) => db!.prepare(`select count(*) from ${table}`).pluck().get() as number;
    return {
      bytes: statSync(file).size,
      applicants: count('applicants'),
      jobs: count('jobs'),
      messages: count('contact_messages'),
      schema: applied.at(-1)!,
      pendingMigrations: known.length - applied.length,
    };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${label} is not a readable database of this site (${(error as Error).message}).`);
  } finally {
    db?.close();
  }
}

/**
 * The database at `file` opened with SQLite's exclusive lock, which stays held until close; null
 * when there is no file. Refuses while any other process (a server) has it open.
 */
function lockIdleDatabase(file: string): SQLite.Database | null {
  if (!existsSync(file)) return null;
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // A running server keeps a shared lock (WAL mode); an exclusive transaction needs none be held,
    // and in exclusive locking mode it keeps the lock after its commit, until close.
    db.exec('begin exclusive; commit');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY')
      throw new BackupError(
        `A server (or another process) is using ${file}: stop it, then run restore again. Nothing was changed.`,
      );
    throw new BackupError(
      `The current database ${file} cannot be opened (${(error as Error).message}); move it away first.`,
    );
  }
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new BackupError(`${file} holds no usable JWT secret (under 32 characters).`);
  return secret;
}

/** A temporary name in the folder of `target`, so the final rename never crosses file systems. */
const tempName = (target: string) =>
  path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}-${Date.now()}`);

function syncFile(file: string, mode: number): void {
  chmodSync(file, mode);
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Creates `file` (mode 0600), refusing to overwrite one, and flushes it. */
function writeNew(file: string, data: string | Buffer): void {
  writeFileSync(file, data, { mode: 0o600, flag: 'wx', flush: true });
}

/** Moves the finished `temp` to `target` unless something is there: a hard link refuses to overwrite. */
function placeNew(temp: string, target: string): void {
  try {
    linkSync(temp, target);
    unlinkSync(temp);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupError(`${target} appeared meanwhile; nothing was overwritten.`);
    // A file system without hard links: rename, after checking once more.
    if (existsSync(target)) throw new BackupError(`${target} appeared meanwhile; nothing was overwritten.`);
    renameSync(temp, target);
  }
  syncDir(path.dirname(target));
}

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform can sync a folder; the rename is still atomic.
  }
}

function removeQuietly(file: string): void {
  rmSync(file, { force: true });
}

/** The files SQLite may keep beside a database. */
const DATABASE_SIDE_FILES = ['-wal', '-shm', '-journal'];

/** A temporary database and whatever SQLite left beside it when checking it failed. */
function removeDatabase(file: string): void {
  for (const suffix of ['', ...DATABASE_SIDE_FILES]) removeQuietly(`${file}${suffix}`);
}
