/**
 * Keystatic's Markdown writer escapes a space it cannot keep as plain text (a trailing space before a
 * line break or at the end of bold text) as the entity `&#x20;`. At the end of a line it is harmless:
 * a space typed after a paragraph's last word, shown as nothing. Anywhere else it can show on the page
 * (inside code or components), so this remark plugin stops the build on it, naming the file and line,
 * and the editor removes the stray space.
 */

/** Where a content file holds `&#x20;` (1-based line and column). */
export type EncodedSpace = { line: number; column: number };

/** An encoded space, unless only spaces follow it on its line. */
const ENTITY = /(?:&#x0*20;|&#0*32;)(?!(?:[ \t\r]|&#x0*20;|&#0*32;)*$)/gi;

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
