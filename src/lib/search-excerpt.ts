/** One run of an excerpt's text: `marked` when Pagefind highlighted it as a match. */
export type ExcerptPart = { text: string; marked: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Pagefind's excerpts are escaped text; entities are read back so text nodes show them as written. */
function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Splits a Pagefind excerpt ("the <mark>Jetson</mark> Orin") into plain and highlighted runs, so
 * the dialog builds text nodes and <mark> elements itself and never parses the excerpt as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  // split() with a capture group alternates: text, tag ('' opens, '/' closes), text, tag…
  excerpt.split(/<(\/?)mark>/).forEach((piece, index) => {
    if (index % 2 === 1) marked = piece === '';
    else if (piece !== '') parts.push({ text: decode(piece), marked });
  });
  return parts;
}
