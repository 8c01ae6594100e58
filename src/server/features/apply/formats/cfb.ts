/**
 * Whether bytes are a Word 97-2003 document: a compound file (MS-CFB) with a valid header, whose
 * directory, read through the FAT, has a root storage holding a `WordDocument` stream, and whose
 * stream, when it lives in regular sectors, starts with the Word FIB's identifier (MS-DOC 2.5.2,
 * wIdent 0xA5EC). Reads the header, the FAT sectors the directory's chain passes through and the
 * directory itself: a few kilobytes whatever the file's size.
 */

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEADER_SIZE = 512;
const HEADER_DIFAT_ENTRIES = 109;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;
const ENTRY_SIZE = 128;
const ROOT = 5;
const STREAM = 2;
const STORAGE = 1;
const MINI_STREAM_CUTOFF = 4096;
const WORD_FIB_IDENT = 0xa5ec;
/** A Word document's directory has a few dozen entries; more is refused, bounding the walk. */
const MAX_DIRECTORY_ENTRIES = 4096;

type Header = { sectorShift: number; fatSectors: number[] };

/** The fields MS-CFB 2.2 fixes, and the FAT sectors the header lists. */
function readHeader(bytes: Uint8Array, view: DataView): Header | null {
  if (bytes.length < HEADER_SIZE || !SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  for (let i = 8; i < 24; i++) if (bytes[i] !== 0) return null; // header CLSID
  const major = view.getUint16(0x1a, true);
  const sectorShift = view.getUint16(0x1e, true);
  if (view.getUint16(0x1c, true) !== 0xfffe) return null; // byte order
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) return null;
  if (view.getUint16(0x20, true) !== 6) return null; // mini sector shift
  for (let i = 0x22; i < 0x28; i++) if (bytes[i] !== 0) return null; // reserved
  if (major === 3 && view.getUint32(0x28, true) !== 0) return null; // directory sector count, unused in v3
  if (view.getUint32(0x38, true) !== MINI_STREAM_CUTOFF) return null;
  const fatCount = view.getUint32(0x2c, true);
  if (fatCount === 0) return null;
  // Past 109 FAT sectors the list continues in DIFAT sectors; only read the header's part of it.
  const fatSectors: number[] = [];
  for (let i = 0; i < Math.min(fatCount, HEADER_DIFAT_ENTRIES); i++) {
    const sector = view.getUint32(0x4c + 4 * i, true);
    if (sector > MAX_REGULAR_SECTOR) return null;
    fatSectors.push(sector);
  }
  return { sectorShift, fatSectors };
}

function utf16Name(view: DataView, entry: number): string | null {
  const length = view.getUint16(entry + 0x40, true);
  if (length < 2 || length > 64 || length % 2 !== 0 || view.getUint16(entry + length - 2, true) !== 0) return null;
  let name = '';
  for (let i = 0; i < length - 2; i += 2) name += String.fromCharCode(view.getUint16(entry + i, true));
  return name;
}

export function isWordDocument(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = readHeader(bytes, view);
  if (!header) return false;
  const sectorSize = 1 << header.sectorShift;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const inFile = (sector: number) => sector <= MAX_REGULAR_SECTOR && sectorOffset(sector) + sectorSize <= bytes.length;
  const perFatSector = sectorSize / 4;
  const next = (sector: number): number | null => {
    const fat = header.fatSectors[Math.floor(sector / perFatSector)];
    if (fat === undefined || !inFile(fat)) return null;
    return view.getUint32(sectorOffset(fat) + 4 * (sector % perFatSector), true);
  };

  // The directory: the chain from its first sector, every sector in the file, no loops.
  const directory: number[] = [];
  const seen = new Set<number>();
  for (let sector = view.getUint32(0x30, true); sector !== END_OF_CHAIN;) {
    const following = next(sector);
    if (!inFile(sector) || seen.has(sector) || following === null) return false;
    if ((directory.length + 1) * (sectorSize / ENTRY_SIZE) > MAX_DIRECTORY_ENTRIES) return false;
    seen.add(sector);
    directory.push(sectorOffset(sector));
    sector = following;
  }
  const perSector = sectorSize / ENTRY_SIZE;
  const entryCount = directory.length * perSector;
  const entryAt = (id: number) => (directory[Math.floor(id / perSector)] ?? 0) + (id % perSector) * ENTRY_SIZE;
  if (entryCount === 0) return false;

  const root = entryAt(0);
  if (bytes[root + 0x42] !== ROOT || utf16Name(view, root) !== 'Root Entry') return false;

  // Walk the root storage's children (a red-black tree by left/right sibling ids).
  const pending = [view.getUint32(root + 0x4c, true)];
  const visited = new Set<number>();
  let word: number | null = null;
  while (pending.length) {
    const id = pending.pop() as number;
    if (id === NO_STREAM) continue;
    if (id === 0 || id >= entryCount || visited.has(id)) return false;
    visited.add(id);
    const entry = entryAt(id);
    const type = bytes[entry + 0x42];
    if (type !== STREAM && type !== STORAGE) return false;
    pending.push(view.getUint32(entry + 0x44, true), view.getUint32(entry + 0x48, true));
    if (type === STREAM && utf16Name(view, entry) === 'WordDocument') word = entry;
  }
  if (word === null) return false;

  const size = view.getUint32(word + 0x78, true);
  if (size === 0 || view.getUint32(word + 0x7c, true) !== 0) return false;
  // A small stream lives in the mini stream; a Word document's is larger than the cutoff in practice.
  if (size < MINI_STREAM_CUTOFF) return true;
  const start = view.getUint32(word + 0x74, true);
  return inFile(start) && view.getUint16(sectorOffset(start), true) === WORD_FIB_IDENT;
}
