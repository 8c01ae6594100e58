/**
 * A job description as plain text, without its Markdown marks (the subset of job-description.ts):
 * for the board's three-line clamp and the job page's meta description. Line by line with a few
 * patterns instead of the Markdown parser, so the careers board loads without it.
 */

/** An ATX heading: up to three spaces, one to six #, then a space or the end, closing #s dropped. */
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
/** A bulleted or numbered list item's marker. */
const LIST_MARKER = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+/;
/** A backslash-escaped mark is parked in the Private Use Area (U+E021–E07E) until the marks are gone. */
const ESCAPED = 0xe000;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code = /^#x/i.test(body) ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return ENTITIES[body] ?? entity;
}

/** One line's text: images give their alt, links and autolinks their text, emphasis loses its marks. */
function inlineText(line: string): string {
  return line
    .replace(/\\([!-/:-@[-`{-~])/g, (_, mark: string) => String.fromCharCode(ESCAPED + mark.charCodeAt(0)))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/\*(?=[^\s*])(.+?)(?<=[^\s*])\*/g, '$1')
    .replace(/(?<![\p{L}\p{N}])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\p{L}\p{N}])/gu, '$1')
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
      const heading = HEADING.exec(line);
      return heading
        ? { heading: true, text: inlineText(heading[1] ?? '') }
        : { heading: false, text: inlineText(line.replace(LIST_MARKER, '')) };
    });
  const body = lines.filter((line) => !line.heading && line.text !== '');
  return (body.length ? body : lines)
    .map((line) => line.text)
    .filter(Boolean)
    .join('\n');
}
