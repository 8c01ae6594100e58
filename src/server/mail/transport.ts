import nodemailer from 'nodemailer';
import type { MailSettings } from '../config';
import type { OutboxRow } from '../db';
import { calendarMethodOf } from './calendar';

/**
 * An invitation goes twice: as the text/calendar alternative (with its method) that Outlook and
 * Gmail show as an invitation, and as an .ics file that Apple Mail and any other client can open.
 */
function calendarParts({ kind, calendar }: OutboxRow) {
  if (!calendar) return {};
  const method = calendarMethodOf(kind);
  return {
    icalEvent: { method, content: calendar },
    attachments: [
      {
        filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
        content: calendar,
        contentType: `application/ics; method=${method}`,
      },
    ],
  };
}

/** The headers that let a mail client unsubscribe in one click: a POST to the https URL (RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Delivers one queued mail or throws; `close()` ends its connections. */
export type MailSender = {
  send(row: OutboxRow): Promise<void>;
  close(): void;
};

/** Parallel SMTP connections per instance; the worker sends on as many lanes. */
export const SMTP_CONNECTIONS = 2;

/**
 * nodemailer over SMTP_URL with pooled connections: STARTTLS when the server offers it on
 * smtp://, TLS from the start on smtps://. Timeouts keep a dead server from holding a lease.
 */
export function smtpSender(settings: MailSettings): MailSender {
  if (!settings.smtpUrl) throw new Error('smtpSender needs SMTP_URL');
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(row) {
      await transport.sendMail({
        from: settings.from,
        // Address objects are used as given: no parsing of user-supplied text into headers.
        to: { name: '', address: row.recipient },
        ...(row.reply_to ? { replyTo: { name: '', address: row.reply_to } } : {}),
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: row.message_id,
        date: new Date(row.created_at),
        ...calendarParts(row),
        ...(row.list_unsubscribe ? { headers: listUnsubscribeHeaders(row.list_unsubscribe) } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

/** The error as stored on the outbox row: the server's reply when there is one (e.g. "550 …"). */
export function describeSmtpError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const e = error as { response?: unknown; message?: unknown; code?: unknown };
  if (typeof e.response === 'string' && e.response) return e.response;
  const message = typeof e.message === 'string' ? e.message : String(error);
  return typeof e.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

/** A log-safe code for the error (never the text, which may quote an address). */
export function smtpErrorCode(error: unknown): string | number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { responseCode?: unknown; code?: unknown };
  if (typeof e.responseCode === 'number') return e.responseCode;
  return typeof e.code === 'string' ? e.code : undefined;
}

/** A 5xx answer: the server refuses the mail for good (RFC 5321), so it is not tried again on its own. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = smtpErrorCode(error);
  return typeof code === 'number' && code >= 500 && code < 600;
}
