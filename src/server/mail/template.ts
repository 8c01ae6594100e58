/**
 * The one template of every mail: content is data (blocks of plain strings), and this module is
 * the only place that turns it into text and HTML, escaping every value on the way.
 */
import { oneLine } from '~/lib/schemas/text';

type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** Label and value pairs; an empty value is shown as "not given". */
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  /** Text quoted as the sender wrote it, line breaks kept. */
  | { kind: 'quote'; text: string }
  /** A call to action; `href` must be http(s). */
  | { kind: 'link'; label: string; href: string };

export type MailContent = {
  subject: string;
  /** First line of the mail, as a heading. */
  heading: string;
  blocks: readonly MailBlock[];
  /** Small print at the bottom. */
  footer: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

const NOT_GIVEN = 'not given';

function safeHref(href: string): string {
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`mail link must be http(s): ${href}`);
  return url.toString();
}

function textBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${value || NOT_GIVEN}`).join('\n');
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'link':
      return `${block.label}: ${safeHref(block.href)}`;
  }
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:15px;line-height:1.55';

function htmlBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'fields':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top;color:#4b5563;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0;vertical-align:top">${escapeHtml(value || NOT_GIVEN)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #0e7490;background:#f3f4f6;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
    case 'link':
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(safeHref(block.href))}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#0e7490;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p>`;
  }
}

/** The plain-text and HTML parts of one mail, every value escaped for HTML. */
export function renderMail(content: MailContent): RenderedMail {
  // Subjects are one line: a line break there could start a new header.
  const subject = oneLine(content.subject);
  const text = [content.heading, ...content.blocks.map(textBlock), '--', content.footer].join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#ffffff"><div style="max-width:600px;${FONT}">`,
    `<h1 style="font-size:20px;margin:0 0 16px;color:#111827">${escapeHtml(content.heading)}</h1>`,
    ...content.blocks.map(htmlBlock),
    `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #e5e7eb;font-size:12px;color:#4b5563">${escapeHtml(content.footer)}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { subject, text, html };
}
