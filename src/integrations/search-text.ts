/**
 * What the search index reads from a built page, beyond what the page shows: a separator between
 * table cells (so an excerpt reads "Aspect · GStreamer pathway", not "AspectGStreamer pathway"), and
 * the other spelling of each British or American word the page uses, so either spelling finds it.
 * The served pages are unchanged; only the copy given to Pagefind is.
 */

/** British and American spellings of the words our pages use, one pair a line. */
const SPELLINGS: readonly (readonly [string, string])[] = [
  ['quantisation', 'quantization'],
  ['quantised', 'quantized'],
  ['quantise', 'quantize'],
  ['optimisation', 'optimization'],
  ['optimised', 'optimized'],
  ['optimiser', 'optimizer'],
  ['optimise', 'optimize'],
  ['behaviour', 'behavior'],
  ['colour', 'color'],
  ['analyse', 'analyze'],
  ['organisation', 'organization'],
  ['initialise', 'initialize'],
  ['minimise', 'minimize'],
  ['utilisation', 'utilization'],
  ['centre', 'center'],
  ['licence', 'license'],
];

/** Puts " · " between adjacent table cells, where the markup has no space between them. */
export function separateCells(html: string): string {
  return html.replace(/(<\/t[dh]>)(\s*)(<t[dh][\s>])/g, '$1 · $2$3');
}

/** The other spellings of the words `text` uses, e.g. ["quantization"] for a page saying "quantisation". */
export function otherSpellings(text: string): string[] {
  const found: string[] = [];
  for (const [british, american] of SPELLINGS) {
    const has = (word: string) => new RegExp(`\\b${word}`, 'i').test(text);
    if (has(british) && !has(american)) found.push(american);
    else if (has(american) && !has(british)) found.push(british);
  }
  return found;
}

/** The page as the index should read it: cells separated, the other spellings in a hidden line in <main>. */
export function indexedHtml(html: string): string {
  const separated = separateCells(html);
  const spellings = otherSpellings(separated.replace(/<[^>]*>/g, ' '));
  if (spellings.length === 0) return separated;
  return separated.replace('</main>', `<p hidden>${spellings.join(' ')}</p></main>`);
}

/** The words (three letters or more, lower case) of the indexed pages' text, most frequent first. */
export function wordList(htmlPages: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const html of htmlPages) {
    const main = /<main[^>]*data-pagefind-body[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1];
    if (!main) continue;
    const text = main.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]*>/g, ' ');
    for (const word of text.toLowerCase().match(/\p{L}[\p{L}\d]{2,}/gu) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}
