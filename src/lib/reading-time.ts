/**
 * Reading time of an MDX or Markdown body, for article bylines and the blog list.
 * Safe in the browser and on the server (no imports).
 */

/** Average silent reading speed for technical prose, in words per minute. */
export const WORDS_PER_MINUTE = 200;

export type ReadingTime = {
  /** Words a reader actually reads (code, markup and attributes excluded). */
  words: number;
  /** Whole minutes, rounded up, never less than 1. */
  minutes: number;
  /** Human label, e.g. "7 min read". */
  label: string;
};

/** Strips MDX/Markdown syntax so only the reader-visible prose is counted. */
export function plainText(source: string): string {
  return (
    source
      // YAML frontmatter at the very start
      .replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')
      // fenced code blocks: skimmed, not read word by word
      .replace(/```[\s\S]*?```/g, ' ')
      // MDX import/export lines
      .replace(/^\s*(import|export)\s.*$/gm, ' ')
      // JSX/HTML tags, self-closing or not (the text between paired tags stays)
      .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
      // images: drop entirely; links: keep the link text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // inline code keeps its words
      .replace(/`([^`]*)`/g, '$1')
      // headings, quotes, list markers, emphasis, table pipes and rules
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
      .replace(/[*_~|]+/g, ' ')
      .replace(/^\s*:?-{3,}:?\s*$/gm, ' ')
  );
}

/** Counts words in `text`: runs of letters or digits, with inner apostrophes, hyphens, dots or slashes. */
export function countWords(text: string): number {
  const matches = text.match(/[\p{L}\p{N}]+(?:['’./-][\p{L}\p{N}]+)*/gu);
  return matches ? matches.length : 0;
}

/** Reading time of an MDX/Markdown body at {@link WORDS_PER_MINUTE}. */
export function readingTime(source: string, wordsPerMinute = WORDS_PER_MINUTE): ReadingTime {
  if (!(wordsPerMinute > 0)) throw new RangeError('wordsPerMinute must be a positive number');
  const words = countWords(plainText(source));
  const minutes = Math.max(1, Math.ceil(words / wordsPerMinute));
  return { words, minutes, label: `${minutes} min read` };
}
