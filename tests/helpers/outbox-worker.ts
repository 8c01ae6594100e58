/** The outbox worker as the server runs it, on a test's database, SMTP settings and clock. */
import type { MailSettings } from '~/server/config';
import { silentLogger } from '~/server/logger';
import { OutboxWorker, smtpSender } from '~/server/mail';
import type { TestApi } from './api';

/** Starts a worker delivering `api`'s outbox with `settings`; stop it with `stop()`. */
export function startOutboxWorker(
  api: Pick<TestApi, 'db' | 'dbKind'>,
  settings: MailSettings,
  now?: () => Date,
): OutboxWorker {
  const worker = new OutboxWorker({
    db: api.db,
    dbKind: api.dbKind,
    settings,
    sender: smtpSender(settings),
    logger: silentLogger,
    ...(now ? { now } : {}),
  });
  worker.start();
  return worker;
}
