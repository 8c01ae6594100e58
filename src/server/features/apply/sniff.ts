import type { ResumeKind } from '~/lib/limits';
import { isWordDocument } from './formats/cfb';
import { isDocx } from './formats/docx';
import { isPdf } from './formats/pdf';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // compound file (Word 97-2003)
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK, a local file header

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/**
 * The resume's real kind from the whole file: the magic bytes choose the format, and its structure
 * must hold (formats/): a PDF with a body and a trailer, a DOC with a compound-file header and a
 * WordDocument stream, a DOCX whose zip is unambiguous, has the Word parts and carries no program.
 * Null for anything else, including an empty file, an executable renamed `.pdf`, an XLSX, or HTML
 * behind a document's magic bytes.
 *
 * It runs in the check step, on the complete upload and before the store step commits anything.
 * It reads headers only (a kilobyte at either end of a PDF, the directory sectors of a DOC, the
 * central directory and local headers of a DOCX, never inflating): well under a millisecond
 * for a 5 MB file, so it stays on the event loop.
 */
export function sniffResume(bytes: Uint8Array): ResumeKind | null {
  if (startsWith(bytes, PDF)) return isPdf(bytes) ? 'pdf' : null;
  if (startsWith(bytes, OLE2)) return isWordDocument(bytes) ? 'doc' : null;
  if (startsWith(bytes, ZIP)) return isDocx(bytes) ? 'docx' : null;
  return null;
}
