import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { MailSettings } from '../config';
import {
  claimDueMails,
  endLeasesOf,
  leaseOwners,
  markMailAttemptFailed,
  markMailSent,
  releaseMails,
  startMailAttempt,
  type Database,
  type DbKind,
  type OutboxRow,
} from '../db';
import type { Logger } from '../logger';
import { describeSmtpError, isPermanentRefusal, SMTP_CONNECTIONS, smtpErrorCode, type MailSender } from './transport';

/** Longest a single send may take (connection, greeting and socket timeouts of the transport). */
const SEND_TIME_RESERVE_MS = 60_000;

/** An owner is `host:pid:random`; the host and pid tell whether the process that took a lease still runs. */
function ownerProcess(owner: string): { host: string; pid: number } | null {
  const match = /^(.*):(\d+):[0-9a-f]+$/.exec(owner);
  return match?.[1] && match[2] ? { host: match[1], pid: Number(match[2]) } : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type OutboxWorkerDeps = {
  db: Kysely<Database>;
  dbKind: DbKind;
  settings: Pick<MailSettings, 'retryDelaysMs' | 'pollMs' | 'leaseMs'>;
  sender: MailSender;
  logger: Logger;
  now?: () => Date;
  /** Mails claimed per round trip to the database. */
  batchSize?: number;
};

/**
 * Delivers the outbox, at least once: claims due mails under a lease, sends each, records the
 * result on its row, and sleeps `pollMs` when nothing is due. `stop()` lets the mails being sent
 * finish, gives the rest of the batch back and resolves; what is left waits for the next start.
 */
export class OutboxWorker {
  /** Who holds a lease: host, process and a random part, unique per worker. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private stopping = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly now: () => Date;
  private readonly batchSize: number;

  constructor(private readonly deps: OutboxWorkerDeps) {
    this.now = deps.now ?? (() => new Date());
    this.batchSize = deps.batchSize ?? 20;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.takeBackOrphans().then(() => this.loop());
  }

  /**
   * Ends the leases of this host's workers whose process is gone (killed, crashed): their mails are
   * due at once instead of after the lease. A live process's leases are kept, whichever it is; a
   * process that has this one's pid is this one's predecessor (a container restarts at pid 1).
   */
  private async takeBackOrphans(): Promise<void> {
    const self = ownerProcess(this.owner);
    try {
      for (const owner of await leaseOwners(this.deps.db, this.now())) {
        const holder = ownerProcess(owner);
        if (!holder || holder.host !== self?.host || owner === this.owner) continue;
        if (holder.pid !== process.pid && isRunning(holder.pid)) continue;
        const mails = await endLeasesOf(this.deps.db, owner);
        this.deps.logger.info({ owner, mails }, 'outbox leases taken back');
      }
    } catch (error) {
      // The database may be down at start: the leases then lapse on their own.
      this.deps.logger.warn({ err: error }, 'outbox leases not checked');
    }
  }

  /** Finishes the mails in flight, releases the rest of the batch, closes the SMTP connections. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    this.running = null;
    this.deps.sender.close();
  }

  /** One round: claims a batch and delivers it. Returns how many mails were claimed. */
  async runOnce(): Promise<number> {
    const { db, dbKind, settings } = this.deps;
    const claimedAt = this.now().getTime();
    const batch = await claimDueMails(db, dbKind, this.owner, new Date(claimedAt), settings.leaseMs, this.batchSize);
    if (batch.length === 0) return 0;
    // A send is started only while enough of the lease is left for it to finish: once the lease
    // lapses another instance may take the mail, and two sends would be a duplicate.
    const startBy = claimedAt + settings.leaseMs - Math.min(settings.leaseMs / 2, SEND_TIME_RESERVE_MS);
    const queue = [...batch];
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (this.stopping || this.now().getTime() > startBy) {
          queue.unshift(row);
          return;
        }
        await this.deliver(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SMTP_CONNECTIONS, batch.length) }, lane));
    if (queue.length) await releaseMails(db, queue, this.owner);
    return batch.length;
  }

  private async deliver(claimed: OutboxRow): Promise<void> {
    const { db, sender, logger, settings } = this.deps;
    const row = await startMailAttempt(db, claimed, this.owner);
    // The lease was taken over (it lapsed): the mail is another worker's now.
    if (!row) return;
    try {
      await sender.send(row);
    } catch (error) {
      const failure = { error: describeSmtpError(error), permanent: isPermanentRefusal(error) };
      const status = await markMailAttemptFailed(db, row, this.owner, failure, this.now(), settings.retryDelaysMs);
      logger.warn(
        {
          outboxId: Number(row.id),
          kind: row.kind,
          attempt: Number(row.attempts),
          code: smtpErrorCode(error),
          status,
        },
        'mail not delivered',
      );
      return;
    }
    await markMailSent(db, row, this.owner, this.now());
    logger.debug({ outboxId: Number(row.id), kind: row.kind, attempt: Number(row.attempts) }, 'mail sent');
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
      } catch (error) {
        // The database may be briefly unreachable; try again after the poll interval.
        this.deps.logger.error({ err: error }, 'outbox round failed');
      }
      // A full batch means more may be due: go again at once; otherwise sleep.
      if (!this.stopping && claimed < this.batchSize) await this.sleep(this.deps.settings.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
