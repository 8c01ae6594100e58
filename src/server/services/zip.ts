/**
 * A strict reader of a zip's layout (APPNOTE.TXT 6.3), for telling a real DOCX from a zip that
 * only looks like one. It reads headers, never inflates, and accepts only what Office writers
 * produce: one archive from byte 0 to the end, entries back to back, then the central directory,
 * then the end record. Anything ambiguous, where two readers could see different files, is refused:
 * a second end record that also fits (a forged one in the comment), a central directory whose names,
 * offsets, methods or sizes differ from the local headers, gaps or overlaps between entries,
 * duplicate names, encryption, ZIP64, split archives, methods other than stored and deflated.
 * The inflated sizes it returns are as declared: resume-inflation.ts holds the data to them.
 */

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;
const LOCAL_SIZE = 30;
const CENTRAL_SIZE = 46;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** General purpose flags: bit 0 encrypted, bit 3 sizes in a data descriptor after the data. */
const ENCRYPTED = 0x1;
const HAS_DESCRIPTOR = 0x8;
const STORED = 0;
const DEFLATED = 8;
/**
 * A Word document has a dozen parts, a few hundred with many images; more is refused, which also
 * bounds the work of a check that runs on the event loop (1000 entries: under a millisecond).
 */
const MAX_ENTRIES = 1000;

export type ZipEntry = {
  /** The name as stored (UTF-8 or, for old writers, ASCII: Office part names are ASCII). */
  name: string;
  method: typeof STORED | typeof DEFLATED;
  /** Where the entry's (possibly compressed) data starts, and its length. */
  dataOffset: number;
  compressedSize: number;
  /** The size its central directory declares once inflated (checked against the data only when it is read). */
  size: number;
};

const utf8 = new TextDecoder();

function sameBytes(bytes: Uint8Array, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}

/** The one end-of-central-directory record whose comment runs exactly to the end of the file, or -1. */
function findEnd(bytes: Uint8Array, view: DataView): number {
  let found = -1;
  const floor = Math.max(0, bytes.length - END_SIZE - MAX_COMMENT);
  for (let at = bytes.length - END_SIZE; at >= floor; at--) {
    // A quick byte test first: the scan covers up to 64 KB.
    if (bytes[at] !== 0x50 || view.getUint32(at, true) !== END) continue;
    if (at + END_SIZE + view.getUint16(at + 20, true) !== bytes.length) continue;
    if (found >= 0) return -1; // Two records that both fit: which archive is meant is ambiguous.
    found = at;
  }
  return found;
}

/** The entries of a well-formed, unambiguous zip, in file order; null for anything else. */
export function readZip(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < LOCAL_SIZE + CENTRAL_SIZE + END_SIZE || view.getUint32(0, true) !== LOCAL) return null;
  const end = findEnd(bytes, view);
  if (end < 0) return null;
  const disk = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const entriesHere = view.getUint16(end + 8, true);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // One disk; ZIP64 would mark its fields 0xffff/0xffffffff, which a 5 MB resume never needs (and
  // the offset check below fails on them).
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== count || count === 0 || count > MAX_ENTRIES) return null;
  if (directoryOffset + directorySize !== end) return null;

  type Central = {
    nameAt: number;
    nameLength: number;
    flags: number;
    method: number;
    crc: number;
    size: number;
    inflatedSize: number;
    local: number;
  };
  const centrals: Central[] = [];
  const names = new Set<string>();
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + CENTRAL_SIZE > end || view.getUint32(at, true) !== CENTRAL) return null;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + CENTRAL_SIZE + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end || nameLength === 0 || view.getUint16(at + 34, true) !== 0) return null;
    if (flags & ENCRYPTED || (method !== STORED && method !== DEFLATED)) return null;
    const name = utf8.decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength));
    if (names.has(name)) return null;
    names.add(name);
    centrals.push({
      nameAt: at + CENTRAL_SIZE,
      nameLength,
      flags,
      method,
      crc: view.getUint32(at + 16, true),
      size: view.getUint32(at + 20, true),
      inflatedSize: view.getUint32(at + 24, true),
      local: view.getUint32(at + 42, true),
    });
    at = next;
  }
  if (at !== end) return null; // The directory's size and its entries disagree.

  // The local headers, in file order, must tile the bytes from 0 to the central directory.
  const byOffset = [...centrals].sort((a, b) => a.local - b.local);
  const entries: ZipEntry[] = [];
  let expected = 0;
  for (const entry of byOffset) {
    const local = entry.local;
    if (local !== expected || local + LOCAL_SIZE > directoryOffset || view.getUint32(local, true) !== LOCAL)
      return null;
    const flags = view.getUint16(local + 6, true);
    const nameLength = view.getUint16(local + 26, true);
    const dataOffset = local + LOCAL_SIZE + nameLength + view.getUint16(local + 28, true);
    // The bits that change how the bytes read (encryption, sizes after the data) must agree.
    if ((flags ^ entry.flags) & (ENCRYPTED | HAS_DESCRIPTOR)) return null;
    if (view.getUint16(local + 8, true) !== entry.method) return null;
    if (nameLength !== entry.nameLength || !sameBytes(bytes, local + LOCAL_SIZE, entry.nameAt, nameLength)) return null;
    if (!(flags & HAS_DESCRIPTOR)) {
      if (view.getUint32(local + 14, true) !== entry.crc || view.getUint32(local + 18, true) !== entry.size)
        return null;
      if (view.getUint32(local + 22, true) !== entry.inflatedSize) return null;
    }
    let dataEnd = dataOffset + entry.size;
    if (dataEnd > directoryOffset) return null;
    if (flags & HAS_DESCRIPTOR) {
      // crc, compressed and uncompressed size, after an optional signature.
      const signed = dataEnd + 4 <= directoryOffset && view.getUint32(dataEnd, true) === DESCRIPTOR;
      const fields = dataEnd + (signed ? 4 : 0);
      if (fields + 12 > directoryOffset) return null;
      if (view.getUint32(fields, true) !== entry.crc || view.getUint32(fields + 4, true) !== entry.size) return null;
      if (view.getUint32(fields + 8, true) !== entry.inflatedSize) return null;
      dataEnd = fields + 12;
    }
    const name = utf8.decode(bytes.subarray(entry.nameAt, entry.nameAt + nameLength));
    const method = entry.method as ZipEntry['method'];
    entries.push({ name, method, dataOffset, compressedSize: entry.size, size: entry.inflatedSize });
    expected = dataEnd;
  }
  return expected === directoryOffset ? entries : null;
}
