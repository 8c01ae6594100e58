/**
 * Job descriptions: a safe Markdown subset, the same on the server (job page, JSON-LD) and in the
 * admin preview; its plain text without the parser is job-description-text.ts. Paragraphs, headings
 * (shown from level 3), bulleted and numbered lists, bold, italic and links; no raw HTML, images,
 * code, quotes or tables: those stay text. A single line break is kept as a line break, so
 * plain-text descriptions read as before.
 *
 * Parsed by markdown-it, which runs in linear time on any input (its own pathological-input suite),
 * and written out here token by token, so nothing reaches the HTML that this file does not write
 * itself, and every text is escaped.
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/** The commonmark preset's maxNesting: deeper lists in lists or emphasis in emphasis are cut off by the parser. */
const MAX_NESTING = 20;

/** Constructs outside the subset: their marks stay as typed (and escaped). */
const DISABLED = [
  'code',
  'fence',
  'blockquote',
  'hr',
  'html_block',
  'reference',
  'lheading',
  'backticks',
  'html_inline',
];

let parser: MarkdownIt | null = null;

/** One parser, made on first use so that importing this module costs nothing. */
function markdown(): MarkdownIt {
  if (parser) return parser;
  parser = new MarkdownIt('commonmark', { html: false, breaks: true }).disable(DISABLED);
  // Links are checked once, by safeHref, when they are written out; their text stays either way.
  parser.validateLink = () => true;
  parser.normalizeLink = (url) => url;
  return parser;
}

/** What the admin form tells recruiters. */
export const DESCRIPTION_FORMATTING_HINT =
  'Formatting: "### Heading", "- item" or "1. item" lists, **bold**, *italic*, [link text](https://…). A blank line starts a new paragraph. HTML and images are shown as text.';

/** Tailwind classes for the rendered HTML, shared by the careers modal, the job page and the admin preview. */
export const DESCRIPTION_CLASS =
  'space-y-3 leading-7 text-slate-300 [&_a]:text-brand-300 [&_a]:underline hover:[&_a]:text-brand-200 [&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-white [&_h4]:font-semibold [&_h4]:text-white [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-slate-100 [&_ul]:list-disc [&_ul]:pl-6';

/** Text as HTML shows it literally (also a job board's addition to a description). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * http(s), mailto and same-site paths; anything else (javascript:, data:, //host) is not a link.
 * A tab or line break anywhere is refused first: URL parsing drops them, which would turn `/\t/host` into `//host`.
 */
export function safeHref(url: string): string | null {
  const value = url.trim();
  if (/[\t\n\r]/.test(value)) return null;
  if (/^\/(?![/\\])/.test(value)) return value;
  // Only these schemes can pass; checking first spares a thrown error per link of any other kind.
  if (!/^(?:https?|mailto):/i.test(value)) return null;
  try {
    const parsed = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The text of inline tokens without any markup: an image's alt text. */
const plainText = (tokens: Token[]): string =>
  tokens.map((token) => (token.children ? plainText(token.children) : escapeHtml(token.content))).join('');

function inlineHtml(tokens: Token[]): string {
  // Whether each open link was written as <a>: a refused href keeps only the link's text.
  const links: boolean[] = [];
  let html = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'softbreak':
      case 'hardbreak':
        html += '<br>';
        break;
      case 'strong_open':
      case 'strong_close':
      case 'em_open':
      case 'em_close':
        html += `<${token.nesting === -1 ? '/' : ''}${token.tag}>`;
        break;
      case 'link_open': {
        const href = safeHref(token.attrGet('href') ?? '');
        links.push(href !== null);
        if (href !== null) html += `<a href="${escapeHtml(href)}" rel="nofollow noopener">`;
        break;
      }
      case 'link_close':
        if (links.pop()) html += '</a>';
        break;
      case 'image':
        html += plainText(token.children ?? []);
        break;
      default:
        html += escapeHtml(token.content);
    }
  }
  return html;
}

function blockHtml(tokens: Token[]): string {
  let html = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph_open':
      case 'paragraph_close':
        // A tight list's paragraphs are hidden: the item holds the text directly.
        if (!token.hidden) html += token.nesting === 1 ? '<p>' : '</p>';
        break;
      case 'heading_open':
      case 'heading_close': {
        const level = Math.min(6, Math.max(3, Number(token.tag.slice(1))));
        html += `<${token.nesting === 1 ? '' : '/'}h${level}>`;
        break;
      }
      case 'bullet_list_open':
        html += '<ul>';
        break;
      case 'ordered_list_open': {
        const start = Number(token.attrGet('start') ?? 1);
        html += start === 1 ? '<ol>' : `<ol start="${start}">`;
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_open':
      case 'list_item_close':
        html += `<${token.nesting === 1 ? '' : '/'}${token.tag}>`;
        break;
      case 'inline':
        html += inlineHtml(token.children ?? []);
        break;
      default:
        html += escapeHtml(token.content);
    }
  }
  return html;
}

/** How many emphasis and link marks (*, _, [ and ]) a description has: what the parser's work grows with. */
export const formattingMarks = (text: string): number => text.match(/[*_[\]]/g)?.length ?? 0;

/** The deepest nesting level among the tokens and their inline children. */
const deepestLevel = (tokens: Token[]): number =>
  tokens.reduce((deepest, token) => Math.max(deepest, token.level, deepestLevel(token.children ?? [])), 0);

/** A description as a page shows it, from one parse. */
export type RenderedDescription = {
  /** Only p, h3–h6, ul, ol, li, strong, em, br and a (rel="nofollow noopener"). */
  html: string;
  /** True when it opens with its own heading (then the generic one is only for screen readers). */
  opensWithHeading: boolean;
  /** True when it nests deeper than the parser follows, so its innermost part is not shown. */
  tooDeep: boolean;
};

export function renderDescription(text: string): RenderedDescription {
  const tokens = markdown().parse(text.trim(), {});
  return {
    html: blockHtml(tokens),
    opensWithHeading: tokens[0]?.type === 'heading_open',
    tooDeep: deepestLevel(tokens) >= MAX_NESTING - 1,
  };
}
