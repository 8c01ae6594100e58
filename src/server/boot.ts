import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { createApp } from './app';
import { configFromEnv, databaseOptionsFromEnv } from './config';
import type { AppEnv } from './context';
import {
  backupBeforeMigrating,
  pruneUpgradeBackups,
  countAdmins,
  dbFault,
  guardRestoredData,
  insertAdmin,
  isUniqueViolation,
  migrateToLatest,
  openDatabase,
  removeBeforeRestoreCopies,
  RESTORED_MARKER,
  takeRestoredMarker,
  type Database,
  type DbKind,
} from './db';
import { parseApiEnv, type ApiEnv } from './env';
import { hashPassword } from './services/password';
import { protectTwoFactorStorage, twoFactorVault } from './services/two-factor-vault';
import { abandonInterruptedResumeReads, readPendingResumeTexts, releaseResumeReads } from './services/resume-text';
import { createLogger, exitOnCrash, flushLogs, type Logger } from './logger';
import { OutboxWorker, smtpSender } from './mail';
import { scheduleRetention, type RetentionSchedule } from './retention/schedule';
import { scheduleClosingDays, type ClosingDays } from './features/jobs';
import { scheduleStageDeadlines, type StageDeadlineSchedule } from './features/stage-deadlines';
import { untilAvailable } from './until-available';

export const JWT_SECRET_FILE = 'jwt-secret';
export const TWO_FACTOR_KEY_FILE = 'two-factor-key';
/** DATA_DIR's secret files, which travel beside every backup of its database. */
const SECRET_FILES = [JWT_SECRET_FILE, TWO_FACTOR_KEY_FILE];

/** Deletes the `*.before-restore-<time>` copies in DATA_DIR; one it cannot delete is logged, not fatal. */
function forgetReplacedDatabase(dataDir: string, logger: Logger): void {
  try {
    const removed = removeBeforeRestoreCopies(dataDir, SECRET_FILES);
    if (removed.length) logger.info({ removed }, 'the copies kept by a restore were deleted after a start on it');
  } catch (error) {
    logger.warn({ err: error }, 'the copies kept by a restore could not be deleted');
  }
}

/** `value` when set, else the secret kept in DATA_DIR/`fileName` (created once, random, mode 0600). */
function resolveSecret(value: string | undefined, dataDir: string, fileName: string): string {
  if (value) return value;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) {
    try {
      // 'wx' fails if another process created it meanwhile; then we read theirs.
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds a secret shorter than 32 characters; delete it to generate a new one`);
  return secret;
}

/** JWT_SECRET, else the secret kept in DATA_DIR/jwt-secret. */
export const resolveJwtSecret = (env: Pick<ApiEnv, 'JWT_SECRET' | 'DATA_DIR'>): string =>
  resolveSecret(env.JWT_SECRET, env.DATA_DIR, JWT_SECRET_FILE);

/** TWO_FACTOR_KEY, else the key kept in DATA_DIR/two-factor-key: it encrypts the authenticator keys. */
export const resolveTwoFactorKey = (env: Pick<ApiEnv, 'TWO_FACTOR_KEY' | 'DATA_DIR'>): string =>
  resolveSecret(env.TWO_FACTOR_KEY, env.DATA_DIR, TWO_FACTOR_KEY_FILE);

/**
 * When no admin exists: create ADMIN_EMAIL/ADMIN_PASSWORD, else ADMIN_EMAIL or admin@localhost
 * with a random password printed once. Never a fixed default password.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  env: Pick<ApiEnv, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  logger: Logger,
  print: (text: string) => void = (t) => process.stdout.write(t),
): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const email = env.ADMIN_EMAIL ?? 'admin@localhost';
  const generated = env.ADMIN_PASSWORD ? null : randomBytes(18).toString('base64url');
  try {
    await insertAdmin(db, email, await hashPassword(env.ADMIN_PASSWORD ?? generated ?? ''));
  } catch (error) {
    if (isUniqueViolation(error)) return; // another instance created it first
    throw error;
  }
  // No e-mail address in the log (the privacy notice promises none): it is ADMIN_EMAIL, else admin@localhost.
  logger.info({ passwordSource: generated ? 'generated' : 'ADMIN_PASSWORD' }, 'first admin created');
  if (generated) {
    print(
      `\n  First admin created: ${email}\n  Password (shown once, change it with \`npm run admin -- reset-password ${email}\`): ${generated}\n\n`,
    );
  }
}

/** How the Node HTTP server around the API should behave (main.ts, api-only.ts). */
type HttpSettings = {
  port: number;
  hostname: string;
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
  /** Open connections per client network; null behind a proxy, whose connections carry every client. */
  maxConnectionsPerClient: number | null;
  /** Send Strict-Transport-Security on every answer. */
  hsts: boolean;
};

function httpSettingsFromEnv(env: ApiEnv): HttpSettings {
  return {
    port: env.PORT,
    hostname: env.HOST,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    maxConnections: env.MAX_CONNECTIONS,
    maxConnectionsPerClient: env.TRUST_PROXY ? null : env.MAX_CONNECTIONS_PER_CLIENT,
    hsts: env.HSTS ?? env.SITE_URL.startsWith('https:'),
  };
}

export type BootedApi = {
  app: Hono<AppEnv>;
  http: HttpSettings;
  db: Kysely<Database>;
  dbKind: DbKind;
  /** The process's log, for the server around the API (listening, shutting down). */
  logger: Logger;
  /** The API answers /metrics too (METRICS=true). */
  metrics: boolean;
  /** Stops the outbox worker (mails in flight finish), closes the database, then writes the pending log lines. */
  close(): Promise<void>;
};

export type BootOptions = {
  /** Log uncaught exceptions and unhandled rejections as `fatal` and exit 1 (default); off where a test runner owns the process. */
  exitOnCrash?: boolean;
};

/**
 * Parses the environment, opens SQLite in DATA_DIR (or PostgreSQL with DATABASE_URL), runs the
 * migrations, ensures the first admin, starts the daily retention purge (which also runs now) and
 * the outbox worker when SMTP_URL is set, and returns the API app. When the database cannot be
 * reached, it returns at once with an API that answers 503 (health: 'starting') and does all that
 * in the background as soon as the database answers. `close()` stops it all, closes the database
 * and flushes the log. A crash from now on is logged and ends the process (exitOnCrash).
 */
export async function bootApi(env: NodeJS.ProcessEnv = process.env, options: BootOptions = {}): Promise<BootedApi> {
  const parsed = parseApiEnv(env);
  const logger = createLogger(parsed.LOG_LEVEL);
  if (options.exitOnCrash ?? true) exitOnCrash(logger);
  const handle = openDatabase({
    ...databaseOptionsFromEnv(parsed),
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
    logger,
  });
  try {
    if (handle.kind === 'postgres' && !parsed.JWT_SECRET) {
      logger.warn(
        'JWT_SECRET is not set: tokens are signed with a secret from DATA_DIR, so instances that do not share DATA_DIR reject each other’s tokens',
      );
    }
    if (handle.kind === 'postgres' && !parsed.TWO_FACTOR_KEY) {
      logger.warn(
        'TWO_FACTOR_KEY is not set: authenticator keys are encrypted with a key from DATA_DIR, so instances that do not share DATA_DIR cannot check each other’s codes',
      );
    }
    const config = configFromEnv(parsed, resolveJwtSecret(parsed), resolveTwoFactorKey(parsed));
    let ready = false;
    const app = createApp({
      db: handle.db,
      dbKind: handle.kind,
      config,
      logger,
      isReady: () => ready,
      checkpoints: handle.checkpoints,
    });
    let retention: RetentionSchedule | null = null;
    let closingDays: ClosingDays | null = null;
    let stageDeadlines: StageDeadlineSchedule | null = null;
    let worker: OutboxWorker | null = null;
    const prepare = async () => {
      if (handle.kind === 'sqlite') {
        // An upgrade can go wrong: the database as it was goes aside first, or nothing is migrated.
        const secretFiles = SECRET_FILES.map((name) => path.join(parsed.DATA_DIR, name));
        const written = await backupBeforeMigrating(
          handle.db,
          parsed.DATA_DIR,
          secretFiles,
          parsed.BACKUP_KEEP_DAYS,
          new Date(),
        );
        if (written) logger.info({ file: written }, 'backup written before migrating');
      }
      const applied = await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
      if (applied.length) logger.info({ database: handle.kind, applied }, 'migrations applied');
      const protectedRows = await protectTwoFactorStorage(handle.db, twoFactorVault(config.twoFactorKey));
      if (protectedRows) logger.info({ rows: protectedRows }, 'two-factor keys and recovery codes protected');
      await ensureFirstAdmin(handle.db, parsed, logger);
      // Before the outbox worker starts: nothing goes out to or about an erased person, nor twice after a restore.
      const restored = handle.kind === 'sqlite' && takeRestoredMarker(path.join(parsed.DATA_DIR, RESTORED_MARKER));
      const guarded = await guardRestoredData(
        handle.db,
        handle.kind,
        { ledger: config.erasureLedger, restored },
        new Date(),
      );
      if (guarded.erasedAgain || guarded.held) logger.warn(guarded, 'restored data guarded');
      await abandonInterruptedResumeReads(handle.db, logger);
      retention = scheduleRetention(
        handle.db,
        config.retentionDays,
        config.mail,
        logger,
        undefined,
        handle.kind === 'sqlite'
          ? (at) =>
              pruneUpgradeBackups(parsed.DATA_DIR, { keepDays: parsed.BACKUP_KEEP_DAYS, secretNames: SECRET_FILES }, at)
          : null,
      );
      closingDays = scheduleClosingDays(handle.db, logger);
      await closingDays.run();
      stageDeadlines = scheduleStageDeadlines(handle.db, config.mail, logger);
      void stageDeadlines.run();
      // In the background: resumes the last run stopped before reading, or stored before reading existed.
      void readPendingResumeTexts(handle.db, logger);
      // Without SMTP_URL nothing is sent: mails wait in the outbox until a start with it.
      worker = config.mail.smtpUrl
        ? new OutboxWorker({
            db: handle.db,
            dbKind: handle.kind,
            settings: config.mail,
            sender: smtpSender(config.mail),
            logger,
          })
        : null;
      worker?.start();
      if (!worker) logger.info('SMTP_URL is not set: mails are kept in the outbox, not sent');
      ready = true;
      // The restored database is migrated, guarded and served: the copies the restore kept to undo it go.
      if (handle.kind === 'sqlite') forgetReplacedDatabase(parsed.DATA_DIR, logger);
    };
    const stopping = new AbortController();
    let preparing: Promise<unknown> = Promise.resolve();
    try {
      await prepare();
    } catch (error) {
      if (dbFault(error) !== 'unavailable') throw error;
      const retry = (cause: unknown, delayMs: number) =>
        logger.warn(
          { err: cause, retryInMs: delayMs },
          'database unavailable; the API answers 503 until it is prepared',
        );
      retry(error, 0);
      preparing = untilAvailable(prepare, retry, stopping.signal).then((done) => {
        if (done) logger.info({ database: handle.kind }, 'database available; the API is ready');
      });
      // Anything but the database's absence is a crash, as it would have been at start.
      preparing.catch((failure: unknown) => {
        throw failure;
      });
    }
    const close = async () => {
      stopping.abort();
      await preparing.catch(() => undefined);
      await (worker as OutboxWorker | null)?.stop();
      await (retention as RetentionSchedule | null)?.stop();
      await (closingDays as ClosingDays | null)?.stop();
      await (stageDeadlines as StageDeadlineSchedule | null)?.stop();
      await releaseResumeReads(handle.db).catch((error: unknown) =>
        logger.warn({ err: error }, 'resumes being read not released'),
      );
      await handle.close();
      // Last, so the lines of the steps above are out before the caller exits.
      await flushLogs(logger);
    };
    return {
      app,
      http: httpSettingsFromEnv(parsed),
      db: handle.db,
      dbKind: handle.kind,
      logger,
      metrics: config.metrics.enabled,
      close,
    };
  } catch (error) {
    await handle.close();
    await flushLogs(logger);
    throw error;
  }
}
