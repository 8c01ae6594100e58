/**
 * Keystatic's Markdown writer escapes a space it cannot keep as plain text (a trailing space before a
 * line break or at the end of bold text) as the entity `&#x20;`, which then shows up in the file and,
 * inside code or components, on the page. This remark plugin stops the build on any such entity, naming
 * the file and line, so the editor removes the stray space instead.
 */

/** Where a content file holds `&#x20;` (1-based line and column). */
export type EncodedSpace = { line: number; column: number };

const ENTITY = /&#x0*20;|&#0*32;/gi;

/** Every encoded space in a file's text. */
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
