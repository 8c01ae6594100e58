import { XMLBuilder } from 'fast-xml-parser';

/** The builder's key for a CDATA section; it splits any `]]>` in the text, so no text can end one early. */
const CDATA = '#cdata';
// Unformatted: indentation would add whitespace around each CDATA section, inside the value a board reads.
const builder = new XMLBuilder({ cdataPropName: CDATA, suppressEmptyNode: false });

/** Text as XML 1.0 can carry it: the characters it forbids (most control characters, lone surrogates) left out. */
const xmlChars = (text: string): string =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

/** An element's text in a CDATA section, as both boards ask for every value of a job. */
export const cdata = (text: string): { [CDATA]: string } => ({ [CDATA]: xmlChars(text) });

/** The document `<root>…</root>` with its XML declaration; every value is escaped or CDATA by the builder. */
export function xmlDocument(root: string, body: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: body }) as string}\n`;
}
