import type { ContactMessage } from '~/lib/schemas';
import { mailtoHref } from '~/lib/mailto';
import { formatDateTime } from '~/lib/date-time';

/**
 * Some mail clients refuse `mailto:` links much longer than 2,000 characters; a long message is
 * quoted up to this many characters (the whole message stays in the dashboard).
 */
const QUOTE_MAX = 1200;

/** 'Re: subject', once: a subject that already starts with 'Re:' keeps it. */
const replySubject = (subject: string): string => (/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);

/** The reply's body: room to write, then the message quoted line by line. */
function replyBody(message: ContactMessage): string {
  const text = message.message.length > QUOTE_MAX ? `${message.message.slice(0, QUOTE_MAX)}…` : message.message;
  const quoted = text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return `\n\nOn ${formatDateTime(message.created_at)}, ${message.name} <${message.email}> wrote:\n${quoted}\n`;
}

/** Opens the admin's own mail client with the sender, 'Re: subject' and the quoted message. */
export function replyHref(message: ContactMessage): string {
  const query = `subject=${encodeURIComponent(replySubject(message.subject))}&body=${encodeURIComponent(replyBody(message))}`;
  return `${mailtoHref(message.email)}?${query}`;
}
