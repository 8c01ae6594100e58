import { sql } from 'kysely';
import { Piscina } from 'piscina';
import type { Applicant } from '~/lib/schemas/applicant';
import type { ApiConfig, MailSettings, Services } from '../../config';
import { insertApplicantWithResume, isUniqueViolation } from '../../db';
import { applicationMails } from '../../mail/mails';
import type { CheckedApplication } from './apply-service';

export type StoreTask = {
  sqlite: NonNullable<ApiConfig['sqlite']>;
  application: CheckedApplication;
  /** The submission time, epoch ms. */
  now: number;
  /** The privacy notice's version the applicant consented to. */
  consentVersion: string;
  /** For the mails that report the application, queued in the same transaction. */
  mail: MailSettings;
};
/** What the worker's `checkpoint` export needs. */
export type CheckpointTask = Pick<StoreTask, 'sqlite'>;
/** null: an identical application won the race to the unique index. */
export type StoreResult = { applicant: Applicant | null };

/** How often the worker folds the write-ahead log back into the database file (see applicationStore). */
const CHECKPOINT_INTERVAL_MS = 10_000;

/** Running from TypeScript sources (tests, dev) the worker needs the same loader; the build ships it as .mjs. */
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSources ? './store-worker.ts' : './store-worker.mjs', import.meta.url).href;

/**
 * The store step of an application: applicant, resume and the mails reporting it (hiring team,
 * applicant) in one transaction, so neither can exist without the other. Returns null
 * when an identical application won a race to the unique index (the caller answers 409).
 *
 * On SQLite the write runs on one worker thread (see store-worker.ts), so a large resume never
 * stalls the event loop; on PostgreSQL the driver is asynchronous already. That thread also takes
 * over SQLite's WAL checkpoints: by default the connection whose commit crosses the threshold
 * copies the log into the database file and syncs it, and with resumes arriving that meant the
 * main thread stalling for 20–30 ms at a time. The main connection stops checkpointing; the worker
 * checkpoints after its own large commits (SQLite's default) and every CHECKPOINT_INTERVAL_MS for
 * what the main thread wrote.
 */
export function applicationStore(services: Services) {
  const { sqlite } = services.config;
  // One thread: SQLite has one writer at a time anyway.
  const pool = sqlite
    ? new Piscina<StoreTask | CheckpointTask, StoreResult | undefined>({
        filename: WORKER_FILE,
        minThreads: 1,
        maxThreads: 1,
        idleTimeout: 60_000,
        ...(fromSources ? { execArgv: ['--import', 'tsx'] } : {}),
      })
    : null;
  let checkpoints: NodeJS.Timeout | undefined;
  if (pool && sqlite) {
    void sql`pragma wal_autocheckpoint = 0`.execute(services.db);
    checkpoints = setInterval(
      () => void pool.run({ sqlite }, { name: 'checkpoint' }).catch(() => undefined),
      CHECKPOINT_INTERVAL_MS,
    ).unref();
  }

  return {
    async store(application: CheckedApplication): Promise<Applicant | null> {
      if (pool && sqlite) {
        const data = application.resume.data;
        // Move the resume's memory to the worker instead of copying it, unless it may sit in Node's
        // shared small-buffer pool (only buffers of at most Buffer.poolSize come from there).
        const owned = data.byteOffset === 0 && data.buffer.byteLength > Buffer.poolSize;
        const transferList = owned ? [data.buffer as ArrayBuffer] : [];
        const task: StoreTask = {
          sqlite,
          application,
          now: services.now().getTime(),
          consentVersion: services.config.privacyNoticeVersion,
          mail: services.config.mail,
        };
        // The default export answers every store task with a StoreResult; only `checkpoint` returns nothing.
        return ((await pool.run(task, { transferList })) as StoreResult).applicant;
      }
      try {
        return await insertApplicantWithResume(
          services.db,
          application.job,
          application.fields,
          application.resume,
          services.now(),
          services.config.privacyNoticeVersion,
          (stored) => applicationMails(services.config.mail, stored),
        );
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    /** Ends the worker thread (server shutdown). */
    close: () => {
      clearInterval(checkpoints);
      return pool?.destroy();
    },
  };
}
