/**
 * Bounds on what a resume inflates to, so a small file built to unpack into hundreds of megabytes
 * (a zip bomb in a DOCX, a PDF stream of one endless string) is refused before a library reads it.
 * The declared check reads headers only (the upload runs it); the inflating ones run in the reader's
 * process and stop at the bound, so a central directory that lies about its sizes gains nothing.
 */
import { constants, inflateRawSync } from 'node:zlib';
import { RESUME_INFLATE_MAX_RATIO, RESUME_INFLATED_MAX_BYTES, RESUME_RATIO_CHECKED_BYTES } from '~/lib/limits';
import { readZip, type ZipEntry } from './zip';

const MAX_MB = RESUME_INFLATED_MAX_BYTES / (1024 * 1024);

/** Why a DOCX's central directory already says it is a bomb, or null. */
export function docxDeclaredTooLarge(entries: ZipEntry[]): string | null {
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (entry.method === 0 && entry.size !== entry.compressedSize) return `${entry.name} is stored with two sizes`;
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size > RESUME_RATIO_CHECKED_BYTES && ratio > RESUME_INFLATE_MAX_RATIO)
      return `${entry.name} inflates more than ${RESUME_INFLATE_MAX_RATIO} times its size`;
  }
  return total > RESUME_INFLATED_MAX_BYTES ? `its parts inflate to more than ${MAX_MB} MB` : null;
}

/**
 * Why a DOCX may not be read, or null: its declared sizes are too large, or a part inflates to
 * anything but its declared size (each inflation stops one byte past it).
 */
export function docxInflationRefused(bytes: Uint8Array): string | null {
  const entries = readZip(bytes);
  if (!entries) return 'not a well-formed zip';
  const declared = docxDeclaredTooLarge(entries);
  if (declared) return declared;
  for (const entry of entries) {
    if (entry.method === 0) continue;
    const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    let inflated: number;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: entry.size + 1 }).length;
    } catch {
      return `${entry.name} does not inflate to its declared ${entry.size} bytes`;
    }
    if (inflated !== entry.size) return `${entry.name} does not inflate to its declared ${entry.size} bytes`;
  }
  return null;
}

/**
 * A stream's data starts on the line after `stream` (ISO 32000-1, 7.3.8); pdf.js skips whatever
 * follows the keyword on its line, and takes a lone CR as the line's end.
 */
const STREAM_START = /(?<!end)stream[^\r\n]*(?:\r\n|\r|\n)/g;
/** How far back from `stream` its object header is looked for: stream dictionaries are short. */
const DICTIONARY_WINDOW = 4096;
const IMAGE = /\/Subtype\s*\/Image\b/;

/** A zlib header as pdf.js checks it (RFC 1950): deflate, a valid check value, no preset dictionary. */
const zlibHeader = (cmf = 0, flg = 0) => (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0 && !(flg & 0x20);

/**
 * Why a PDF may not be read, or null: its zlib streams other than images inflate to more than
 * RESUME_INFLATED_MAX_BYTES together. Each stream is inflated from its start to the end of its
 * deflate data (never trusting /Length; its checksum unchecked, as pdf.js leaves it), with the output
 * capped at what is left of the bound. A stream behind another filter escapes this count; the
 * reader's memory cap and time budget still hold.
 */
export function pdfInflationRefused(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let left = RESUME_INFLATED_MAX_BYTES;
  for (const match of text.matchAll(STREAM_START)) {
    const at = match.index;
    const objectAt = text.lastIndexOf('obj', at);
    if (objectAt >= 0 && at - objectAt < DICTIONARY_WINDOW && IMAGE.test(text.slice(objectAt, at))) continue;
    const start = at + match[0].length;
    if (!zlibHeader(bytes[start], bytes[start + 1])) continue;
    try {
      // Past `left` bytes the inflation stops with ERR_BUFFER_TOO_LARGE.
      const options = { maxOutputLength: Math.max(1, left), finishFlush: constants.Z_SYNC_FLUSH };
      left -= inflateRawSync(bytes.subarray(start + 2), options).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') left = -1;
      // Anything else is damaged data: not counted (the reader's caps hold for what pdf.js makes of it).
    }
    if (left < 0) return `its streams inflate to more than ${MAX_MB} MB`;
  }
  return null;
}
