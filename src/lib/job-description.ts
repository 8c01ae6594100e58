/**
 * Job descriptions: a safe Markdown subset, the same on the server (job page, JSON-LD) and in the
 * browser (careers modal, admin preview); its plain text without the parser is job-description-text.ts. Paragraphs, headings (shown from level 3), bulleted and
 * numbered lists, bold, italic and links; no raw HTML, images, code, quotes or tables: those stay
 * text. A single line break is kept as a line break, so plain-text descriptions read as before.
 *
 * Parsed by micromark (through mdast-util-from-markdown) and written out here, element by element,
 * so nothing reaches the HTML that this file does not write itself, and every text is escaped.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Parents, RootContent } from 'mdast';

/** micromark constructs outside the subset: their marks stay as typed (and escaped). */
const DISABLED = [
  'htmlFlow',
  'htmlText',
  'codeFenced',
  'codeIndented',
  'codeText',
  'blockQuote',
  'thematicBreak',
  'setextUnderline',
  'definition',
];

/** What the admin form tells recruiters. */
export const DESCRIPTION_FORMATTING_HINT =
  'Formatting: "### Heading", "- item" or "1. item" lists, **bold**, *italic*, [link text](https://…). A blank line starts a new paragraph. HTML and images are shown as text.';

/** Tailwind classes for the rendered HTML, shared by the careers modal, the job page and the admin preview. */
export const DESCRIPTION_CLASS =
  'space-y-3 leading-7 text-slate-300 [&_a]:text-brand-300 [&_a]:underline hover:[&_a]:text-brand-200 [&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-white [&_h4]:font-semibold [&_h4]:text-white [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-slate-100 [&_ul]:list-disc [&_ul]:pl-6';

const parse = (text: string) =>
  fromMarkdown(text.replace(/\r\n?/g, '\n'), { extensions: [{ disable: { null: DISABLED } }] });

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** http(s), mailto and same-site paths; anything else (javascript:, data:, //host) is not a link. */
export function safeHref(url: string): string | null {
  const value = url.trim();
  if (/^\/(?![/\\])/.test(value)) return value;
  try {
    const parsed = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

const children = (node: Parents, render: (child: RootContent) => string) => node.children.map(render).join('');

function inlineHtml(node: RootContent): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.value).replace(/\n/g, '<br>');
    case 'break':
      return '<br>';
    case 'strong':
      return `<strong>${children(node, inlineHtml)}</strong>`;
    case 'emphasis':
      return `<em>${children(node, inlineHtml)}</em>`;
    case 'link': {
      const href = safeHref(node.url);
      const text = children(node, inlineHtml);
      return href ? `<a href="${escapeHtml(href)}" rel="nofollow noopener">${text}</a>` : text;
    }
    case 'image':
      return escapeHtml(node.alt ?? '');
    default:
      return 'value' in node ? escapeHtml(node.value) : 'children' in node ? children(node, inlineHtml) : '';
  }
}

function blockHtml(node: RootContent, tight = false): string {
  switch (node.type) {
    case 'paragraph':
      return tight ? children(node, inlineHtml) : `<p>${children(node, inlineHtml)}</p>`;
    case 'heading': {
      const level = Math.min(6, Math.max(3, node.depth));
      return `<h${level}>${children(node, inlineHtml)}</h${level}>`;
    }
    case 'list': {
      const loose = Boolean(node.spread) || node.children.some((item) => item.spread);
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.ordered && node.start != null && node.start !== 1 ? ` start="${node.start}"` : '';
      const items = node.children.map((item) => `<li>${item.children.map((c) => blockHtml(c, !loose)).join('')}</li>`);
      return `<${tag}${start}>${items.join('')}</${tag}>`;
    }
    default:
      return inlineHtml(node);
  }
}

/** The description as HTML: only p, h3–h6, ul, ol, li, strong, em, br and a (rel="nofollow noopener"). */
export function descriptionHtml(text: string): string {
  return children(parse(text.trim()), (node) => blockHtml(node));
}

/** True when the description opens with its own heading (then the generic one is only for screen readers). */
export function startsWithHeading(text: string): boolean {
  return parse(text.trim()).children[0]?.type === 'heading';
}
