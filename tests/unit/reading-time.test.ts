import { describe, expect, it } from 'vitest';
import { countWords, plainText, readingTime, WORDS_PER_MINUTE } from '../../src/lib/reading-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('reading time', () => {
  describe('countWords', () => {
    it('counts hyphenated terms, version numbers and contractions as one word each', () => {
      expect(countWords("Edge-AI on JetPack 6.1 isn't hard")).toBe(6);
    });

    it('returns 0 for whitespace and punctuation only', () => {
      expect(countWords('  — ... !! ')).toBe(0);
    });
  });

  describe('plainText', () => {
    it('drops frontmatter, code fences, imports and JSX tags but keeps prose between tags', () => {
      const mdx = [
        '---',
        'title: Hidden title words',
        '---',
        "import Figure from '~/components/content/Figure.astro';",
        '## Visible heading',
        '<Figure src="/a.svg" alt="not counted" width={10} height={10} />',
        '<CallToAction>Join the programme</CallToAction>',
        '```python',
        'model = load("x")',
        '```',
        'See [the docs](https://example.com) and `trtexec`.',
      ].join('\n');
      const text = plainText(mdx);
      expect(text).not.toMatch(/Hidden|import|not counted|load/);
      expect(countWords(text)).toBe(2 + 3 + 5);
    });
  });

  describe('readingTime', () => {
    it('rounds up to whole minutes at the default speed', () => {
      expect(readingTime(words(WORDS_PER_MINUTE)).minutes).toBe(1);
      expect(readingTime(words(WORDS_PER_MINUTE + 1)).minutes).toBe(2);
      expect(readingTime(words(1500))).toEqual({ words: 1500, minutes: 8, label: '8 min read' });
    });

    it('never reports less than one minute, even for an empty body', () => {
      expect(readingTime('')).toEqual({ words: 0, minutes: 1, label: '1 min read' });
    });

    it('honours a custom speed and rejects a non-positive one', () => {
      expect(readingTime(words(600), 300).minutes).toBe(2);
      expect(() => readingTime('text', 0)).toThrow(RangeError);
    });
  });
});
