/** The outbox worker as the server runs it, on a test's database, SMTP settings and clock. */
import { defaultApiConfig, type MailSettings } from '~/server/config';
import { silentLogger } from '~/server/logger';
import { OutboxWorker, smtpSender } from '~/server/mail';
import { setupApi, type SetupOptions, type TestApi } from '../../support/api';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp';

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

export type MailingApi = { api: TestApi; smtp: SmtpCapture; close(): Promise<void> };

/**
 * An API whose outbox a worker delivers to a capturing SMTP server, both on the test's clock:
 * links in the mails point at `siteUrl`, and one address may try `loginPerEmail` sign-ins a minute.
 */
export async function startMailingApi(options: {
  siteUrl: string;
  loginPerEmail: number;
  now: () => Date;
  /** More of the app's settings; the mail and the rate limits are this helper's. */
  config?: Omit<NonNullable<SetupOptions['config']>, 'mail' | 'rateLimits'>;
}): Promise<MailingApi> {
  const smtp = await startSmtpCapture();
  const settings: MailSettings = { ...defaultApiConfig.mail, smtpUrl: smtp.url, siteUrl: options.siteUrl, pollMs: 50 };
  const api = await setupApi({
    config: {
      ...options.config,
      mail: settings,
      rateLimits: {
        ...defaultApiConfig.rateLimits,
        loginPerIp: { max: 1000, windowMs: 60_000 },
        loginPerEmail: { max: options.loginPerEmail, windowMs: 60_000 },
      },
    },
    now: options.now,
  });
  const worker = startOutboxWorker(api, settings, options.now);
  return {
    api,
    smtp,
    async close() {
      await worker.stop();
      await smtp.stop();
      await api.close();
    },
  };
}
