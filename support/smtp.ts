/**
 * A real SMTP server inside the test process (smtp-server), capturing every accepted mail and
 * reading it back with mailparser. `mode` makes it refuse for good (5xx), for now (4xx), or hold a
 * delivery mid-DATA;
 * `stop()` / `listen()` take it down and bring it back on the same port.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export type CapturedMail = {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  parsed: ParsedMail;
  messageId: string;
};

type SmtpMode =
  /** 250: the mail is captured. */
  | 'accept'
  /** 550 on MAIL FROM: refused for good. */
  | 'reject'
  /** 451 on MAIL FROM: refused for now (greylisting, a full queue). */
  | 'defer'
  /** Reads the data and never answers (a delivery cut off by a crash). */
  | 'hold';

export type SmtpCapture = {
  readonly url: string;
  readonly port: number;
  mode: SmtpMode;
  readonly mails: CapturedMail[];
  /** Resolves once `count` mails are captured (or the predicate holds); rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /** Resolves when a delivery is held (mode 'hold'). */
  held(): Promise<void>;
  /** Mails captured with this Message-ID. */
  byMessageId(id: string): CapturedMail[];
  stop(): Promise<void>;
  listen(): Promise<void>;
};

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const heldWaiters: (() => void)[] = [];
  let server: SMTPServer;
  let boundPort = port;

  const notify = () => {
    for (const w of [...waiters]) {
      if (mails.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };

  const create = () =>
    new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no certificate to trust in the tests.
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Pooled client connections stay open; do not wait for them when the test stops the server.
      closeTimeout: 200,
      size: 10 * 1024 * 1024,
      onMailFrom(_address, _session, callback) {
        if (capture.mode === 'reject') {
          const error = Object.assign(new Error('Mailbox unavailable (test refusal)'), { responseCode: 550 });
          return callback(error);
        }
        if (capture.mode === 'defer') {
          const error = Object.assign(new Error('Try again later (test deferral)'), { responseCode: 451 });
          return callback(error);
        }
        return callback();
      },
      onData(stream, session, callback) {
        const mode = capture.mode;
        void readAll(stream).then(async (raw) => {
          if (mode === 'hold') {
            for (const w of heldWaiters.splice(0)) w();
            return; // never answered: the client is cut off before the 250
          }
          const parsed = await simpleParser(raw);
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            parsed,
            messageId: parsed.messageId ?? '',
          });
          callback();
          notify();
        }, callback);
      },
    });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = create();
      server.on('error', () => undefined);
      server.server.once('error', reject);
      server.listen(boundPort, '127.0.0.1', () => {
        boundPort = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });

  const capture: SmtpCapture = {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    mode: 'accept',
    mails,
    waitFor(count, timeoutMs = 20_000) {
      if (mails.length >= count) return Promise.resolve(mails);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} mails, captured ${mails.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(mails);
          },
        });
      });
    },
    held() {
      return new Promise((resolve) => heldWaiters.push(resolve));
    },
    byMessageId(id) {
      return mails.filter((m) => m.messageId === id);
    },
    stop() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
    listen,
  };
  await listen();
  return capture;
}
