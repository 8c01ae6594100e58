import { docxDeclaredTooLarge } from '../../../services/resume-inflation';
import { readZip, type ZipEntry } from '../../../services/zip';

/** The parts every WordprocessingML package has (ECMA-376 part 2; the main part's usual name). */
const REQUIRED_PARTS = ['[Content_Types].xml', 'word/document.xml'];
/** Names Windows or a shell would run. Trailing dots and spaces are dropped first, as Windows does. */
const EXECUTABLE_NAME = /\.(?:exe|dll|scr|bat|cmd|com|js|vbs|jar|msi|ps1|sh)$/;
/** Control characters: no Office part name has them, and a NUL cuts a name short in some unzippers. */
const hasControl = (name: string) => [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function executableName(name: string): boolean {
  return EXECUTABLE_NAME.test(name.toLowerCase().replace(/[. ]+$/, ''));
}

/** A stored (uncompressed) entry that begins like a Windows (MZ) or Linux (ELF) program. */
function executableContent(bytes: Uint8Array, entry: ZipEntry): boolean {
  if (entry.method !== 0) return false;
  const at = entry.dataOffset;
  const mz = entry.compressedSize >= 2 && bytes[at] === 0x4d && bytes[at + 1] === 0x5a;
  const elf =
    entry.compressedSize >= 4 &&
    bytes[at] === 0x7f &&
    bytes[at + 1] === 0x45 &&
    bytes[at + 2] === 0x4c &&
    bytes[at + 3] === 0x46;
  return mz || elf;
}

/**
 * A Word document (DOCX): a well-formed zip (see readZip) whose central directory lists
 * `[Content_Types].xml` and `word/document.xml`, and which carries no program: no part named like
 * one, no stored part that starts like one, and whose declared sizes are no zip bomb (inflation.ts).
 * Deflated parts are not inflated here (that would cost far more than the rest of the check); the
 * reader holds them to their declared sizes.
 */
export function isDocx(bytes: Uint8Array): boolean {
  const entries = readZip(bytes);
  if (!entries) return false;
  const names = new Set(entries.map((entry) => entry.name));
  if (!REQUIRED_PARTS.every((part) => names.has(part)) || docxDeclaredTooLarge(entries)) return false;
  return !entries.some(
    (entry) => hasControl(entry.name) || executableName(entry.name) || executableContent(bytes, entry),
  );
}
