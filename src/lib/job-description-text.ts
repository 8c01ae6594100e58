/**
 * A job description as plain text, without its Markdown marks (the subset of job-description.ts):
 * for the board's three-line clamp and the job page's meta description. Line by line with a few
 * patterns instead of the Markdown parser, so the careers board loads without it.
 */

/** An ATX heading's opening: up to three spaces, one to six #, then a space or the end of the line. */
const HEADING_OPEN = /^ {0,3}#{1,6}(?=[ \t]|$)/;
/** A bulleted or numbered list item's marker. */
const LIST_MARKER = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+/;
/** A backslash-escaped mark is parked in the Private Use Area (U+E021–E07E) until the marks are gone. */
const ESCAPED = 0xe000;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code = /^#x/i.test(body) ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return ENTITIES[body] ?? entity;
}

/** A heading's text: the line after its #s, without a closing run of #s. */
function headingText(rest: string): string {
  const text = rest.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return end === 0 || /[ \t]/.test(text[end - 1] ?? '') ? text.slice(0, end) : text;
}

/**
 * The line without the `*` and `_` runs that open or close emphasis, after CommonMark's flanking
 * rules (so "2 * 3" and snake_case stay), each closer paired with the nearest opener of its kind:
 * one pass, a stack per kind.
 */
function withoutEmphasis(line: string): string {
  const runs = [...line.matchAll(/\*+|_+/g)];
  const openers: Record<string, number[]> = { '*': [], _: [] };
  const dropped = new Set<number>();
  runs.forEach((run, index) => {
    const start = run.index;
    const end = start + run[0].length;
    const before = line[start - 1] ?? ' ';
    const after = line[end] ?? ' ';
    const left =
      !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
    const right =
      !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
    const mark = run[0][0] === '*' ? '*' : '_';
    const canOpen = mark === '*' ? left : left && (!right || PUNCTUATION.test(before));
    const canClose = mark === '*' ? right : right && (!left || PUNCTUATION.test(after));
    const stack = openers[mark] ?? [];
    const opener = canClose ? stack.pop() : undefined;
    if (opener !== undefined) {
      dropped.add(opener).add(index);
    } else if (canOpen) {
      stack.push(index);
    }
  });
  let text = '';
  let from = 0;
  runs.forEach((run, index) => {
    if (!dropped.has(index)) return;
    text += line.slice(from, run.index);
    from = run.index + run[0].length;
  });
  return text + line.slice(from);
}

/**
 * One line's text: images give their alt, links and autolinks their text, emphasis loses its marks.
 * Every pattern stops at the next bracket or parenthesis, so a line of thousands of them costs one pass.
 */
function inlineText(line: string): string {
  const marked = line
    .replace(/\\([!-/:-@[-`{-~])/g, (_, mark: string) => String.fromCharCode(ESCAPED + mark.charCodeAt(0)))
    .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/g, '$1');
  return withoutEmphasis(marked)
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (entity, body: string) => decodeEntity(entity, body))
    .replace(/\\$/, '')
    .replace(/[\uE021-\uE07E]/g, (mark) => String.fromCharCode(mark.charCodeAt(0) - ESCAPED))
    .trim();
}

/**
 * The description's lines without Markdown marks and without its headings (unless it has nothing
 * else); blank lines dropped.
 */
export function descriptionText(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const heading = HEADING_OPEN.exec(line);
      return heading
        ? { heading: true, text: inlineText(headingText(line.slice(heading[0].length))) }
        : { heading: false, text: inlineText(line.replace(LIST_MARKER, '')) };
    });
  const body = lines.filter((line) => !line.heading && line.text !== '');
  return (body.length ? body : lines)
    .map((line) => line.text)
    .filter(Boolean)
    .join('\n');
}
