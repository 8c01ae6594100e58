import { describe, expect, it } from 'vitest';
import { indexedHtml, otherSpellings, separateCells, wordList } from '../../src/integrations/search-text';
import { oneEditApart, suggestion } from '~/lib/search';

describe('search index › what Pagefind reads', () => {
  it('keeps a separator between table cells', () => {
    expect(separateCells('<tr><th>Aspect</th><th>GStreamer pathway</th></tr>')).toBe(
      '<tr><th>Aspect</th> · <th>GStreamer pathway</th></tr>',
    );
    expect(separateCells('<tr><td>a</td>\n  <td>b</td></tr>')).toBe('<tr><td>a</td> · \n  <td>b</td></tr>');
  });

  it('adds the other spelling of British and American words, and nothing when the page has both', () => {
    expect(otherSpellings('INT8 quantisation keeps accuracy')).toEqual(['quantization']);
    expect(otherSpellings('An optimized model')).toContain('optimised');
    expect(otherSpellings('quantisation, or quantization')).toEqual([]);
  });

  it('puts the other spellings inside <main>, hidden, where the index reads them', () => {
    const html = '<main data-pagefind-body><p>Post-training quantisation</p></main>';
    expect(indexedHtml(html)).toBe(
      '<main data-pagefind-body><p>Post-training quantisation</p><p hidden>quantization</p></main>',
    );
  });

  it('lists the words of indexed pages, most frequent first, and skips pages outside the index', () => {
    const pages = [
      '<main data-pagefind-body><h1>Jetson Orin</h1><p>Jetson runs INT8.</p><script>let x</script></main>',
      '<main><p>Unindexed words</p></main>',
    ];
    expect(wordList(pages)).toEqual(['jetson', 'int8', 'orin', 'runs']);
  });
});

describe('search › did you mean', () => {
  it('finds words one insertion, deletion or replacement apart, and no others', () => {
    expect(oneEditApart('jetsn', 'jetson')).toBe(true);
    expect(oneEditApart('jetsoon', 'jetson')).toBe(true);
    expect(oneEditApart('jetsan', 'jetson')).toBe(true);
    expect(oneEditApart('jetson', 'jetson')).toBe(false);
    expect(oneEditApart('jtsn', 'jetson')).toBe(false);
    expect(oneEditApart('jestno', 'jetson')).toBe(false);
  });

  it('suggests the most frequent word one edit away from a one-word query', () => {
    const words = ['jetson', 'json', 'orin'];
    expect(suggestion('jetsn', words)).toBe('jetson');
    expect(suggestion('Jetsn ', words)).toBe('jetson');
    expect(suggestion('jetsn orin', words)).toBeUndefined();
    expect(suggestion('zzzz', words)).toBeUndefined();
    expect(suggestion('json', words)).toBeUndefined();
  });
});
