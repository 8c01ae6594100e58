/**
 * Whether bytes that start with `%PDF-` are laid out like a PDF (ISO 32000-1, 7.5): a header line,
 * a body that begins with an indirect object, and a file trailer whose `startxref` points at a
 * cross-reference table (`xref`) or stream (`N G obj`), followed by `%%EOF` within the last 1024
 * bytes (the window readers search). Reads the first and last kilobyte only, so its cost does not
 * grow with the file.
 */

/** Readers look for `%%EOF` in the last 1024 bytes; a few bytes after it are common. */
const TAIL = 1024;
/** The header, binary-marker comment and first object header fit well within this. */
const HEAD = 1024;

const latin1 = new TextDecoder('latin1');
const text = (bytes: Uint8Array, from: number, to: number) => latin1.decode(bytes.subarray(from, to));

/** `%PDF-1.0` … `%PDF-2.0`, then the end of the line; optional comment lines; then `N G obj`. */
const HEADER_AND_FIRST_OBJECT =
  /^%PDF-[12]\.\d[ \t]*(?:\r\n|\r|\n)(?:[ \t\r\n\f\0]|%[^\r\n]*(?:\r\n|\r|\n))*\d{1,10}[ \t\r\n\f\0]+\d{1,5}[ \t\r\n\f\0]+obj\b/;
/** The last `startxref`, its byte offset, and the `%%EOF` right after it. */
const TRAILER = /startxref[ \t\r\n\f\0]+(\d{1,10})[ \t\r\n\f\0]+%%EOF(?![\s\S]*startxref)/;
/** What `startxref` must point at: a cross-reference table or a cross-reference stream object. */
const XREF_SECTION = /^[ \t\r\n\f\0]*(?:xref\b|\d{1,10}[ \t\r\n\f\0]+\d{1,5}[ \t\r\n\f\0]+obj\b)/;

export function isPdf(bytes: Uint8Array): boolean {
  if (!HEADER_AND_FIRST_OBJECT.test(text(bytes, 0, HEAD))) return false;
  const tailStart = Math.max(0, bytes.length - TAIL);
  const trailer = TRAILER.exec(text(bytes, tailStart, bytes.length));
  if (!trailer) return false;
  const xref = Number(trailer[1]);
  const startxrefAt = tailStart + trailer.index;
  if (xref >= startxrefAt) return false;
  return XREF_SECTION.test(text(bytes, xref, Math.min(startxrefAt, xref + 64)));
}
