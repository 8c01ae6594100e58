/**
 * Keystatic's Markdown writer escapes a space it cannot keep as plain text (a trailing space before a
 * line break, or just inside the `**` of bold text) as the entity `&#x20;`. A save through Keystatic
 * rewrites those (dropEncodedSpaces): at a line end the space shows as nothing and goes; inside bold
 * or italic markers it moves outside them. Anywhere else one can show on the page (inside code or
 * components), so this remark plugin stops the build on it, naming the file and line, and the editor
 * removes the stray space.
 */

/** Where a content file holds `&#x20;` (1-based line and column). */
export type EncodedSpace = { line: number; column: number };

/** An encoded space in either form Markdown writers use, hex or decimal, leading zeros allowed. */
const SPACE = '(?:&#x0*20;|&#0*32;)';

/** An encoded space, unless only spaces follow it on its line. */
const ENTITY = new RegExp(`${SPACE}(?!(?:[ \\t\\r]|${SPACE})*$)`, 'gi');

/** The spaces, plain or encoded, that end a line holding at least one encoded space. */
const LINE_END_SPACES = new RegExp(`(?:[ \\t]|${SPACE})*${SPACE}[ \\t]*(?=\\r?$)`, 'gi');

/** Encoded spaces just inside a closing emphasis marker (`**bold&#x20;**`), and a look at the character after it. */
const BEFORE_CLOSER = new RegExp(`${SPACE}+([*_~]+)(?=(.?))`, 'giu');

/** Encoded spaces just inside an opening emphasis marker (`**&#x20;bold**`), and what precedes it. */
const AFTER_OPENER = new RegExp(`(^|[ \\t]|[\\p{L}\\p{N}])([*_~]+)${SPACE}+`, 'giu');

const wordCharacter = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** One line outside code, as Keystatic meant it: no encoded space at its end or inside a marker. */
function cleanLine(line: string): string {
  return line
    .replace(LINE_END_SPACES, '')
    .replace(BEFORE_CLOSER, (_, markers: string, next: string) => `${markers}${wordCharacter(next) ? ' ' : ''}`)
    .replace(
      AFTER_OPENER,
      (_, before: string, markers: string) => `${before}${wordCharacter(before) ? ' ' : ''}${markers}`,
    );
}

/** A fenced code block's opening or closing line: its fence of backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The text with the encoded spaces Keystatic writes rewritten: dropped at line ends, moved outside
 * the emphasis markers they sit inside (dropped before punctuation). A fenced code block is left as typed.
 */
export function dropEncodedSpaces(source: string): string {
  let fence = '';
  return source
    .split('\n')
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? '' : marker;
        return line;
      }
      return fence ? line : cleanLine(line);
    })
    .join('\n');
}

/** Every encoded space in a file's text that does not end its line. */
export function encodedSpaces(source: string): EncodedSpace[] {
  return source
    .split('\n')
    .flatMap((text, index) =>
      [...text.matchAll(ENTITY)].map((match) => ({ line: index + 1, column: (match.index ?? 0) + 1 })),
    );
}

/** The build's message for one encoded space. */
export function encodedSpaceMessage(file: string, { line, column }: EncodedSpace): string {
  return `${file}:${line}:${column}: "&#x20;" is an encoded space Keystatic wrote for a space at the end of a line or of bold or italic text; delete that space (and the entity) and save again`;
}

type VFileLike = { path?: string; value?: unknown };

/** Remark plugin: fails the compile of a Markdown or MDX file that holds an encoded space. */
export function rejectEncodedSpaces() {
  return (_tree: unknown, file: VFileLike): void => {
    const hits = encodedSpaces(String(file.value ?? ''));
    if (hits.length > 0) {
      const name = file.path ? file.path.slice(file.path.indexOf('content/')) : 'content';
      throw new Error(hits.map((hit) => encodedSpaceMessage(name, hit)).join('\n'));
    }
  };
}
