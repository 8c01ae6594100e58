/** Resume fixtures built in memory: real structure, exact sizes. */
import { buffer } from 'node:stream/consumers';
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';

const encoder = new TextEncoder();
const bytesOf = (content: string | Uint8Array) => (typeof content === 'string' ? encoder.encode(content) : content);

/**
 * A small but well-formed PDF: header, binary-marker comment, catalog and page tree, a
 * cross-reference table with the objects' real offsets, trailer, `startxref` and `%%EOF`. Padded
 * with a comment line to exactly `size` bytes when given; `note` goes into a comment (to make
 * files differ).
 */
export function pdfBytes(size?: number, note?: string): Uint8Array {
  const objects = [
    '1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n',
    '2 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\n',
  ];
  let head = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(head.length);
    head += object;
  }
  if (note !== undefined) head += `% ${note.replace(/[\r\n]/g, ' ')}\n`;
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\n`,
  ].join('');
  const tail = (xrefAt: number, digits: number) => `${xref}startxref\n${String(xrefAt).padStart(digits, '0')}\n%%EOF\n`;
  const minimal = head.length + tail(head.length, 1).length;
  const target = size ?? minimal;
  // The xref table's offset takes as many digits as it takes; a leading zero fills the gap when
  // one digit more would push the table past the size.
  for (let digits = 1; digits <= 10; digits++) {
    const xrefAt = target - tail(0, digits).length;
    if (xrefAt < head.length || String(xrefAt).length > digits) continue;
    const padding = xrefAt - head.length;
    const pad = padding === 0 ? '' : padding === 1 ? '\n' : `%${'%'.repeat(padding - 2)}\n`;
    // latin1: one byte per character, so the offsets above are byte offsets.
    return new Uint8Array(Buffer.from(head + pad + tail(xrefAt, digits), 'latin1'));
  }
  throw new Error(`pdfBytes: ${target} is smaller than a minimal PDF (${minimal})`);
}

/** Builds a PDF from its objects (numbered from 1): real offsets in the cross-reference table, `trailer` extra keys. */
function pdfFromObjects(objects: string[], trailer = ''): Uint8Array {
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R${trailer}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/**
 * A one-page PDF (Helvetica as F1) whose content stream is `content`, zlib data read through
 * FlateDecode; `dictionary` adds keys to the stream's dictionary.
 */
function pdfWithDeflatedContent(content: Uint8Array, dictionary = ''): Uint8Array {
  return pdfFromObjects([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[4 0 R]/Count 1>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents 5 0 R>>',
    `<</Length ${content.length}/Filter/FlateDecode${dictionary}>>\nstream\n${Buffer.from(content).toString('latin1')}\nendstream`,
  ]);
}

/** A PDF string literal: backslash, parentheses escaped; ASCII text only. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A real PDF with one page per entry of `pages`, each line of it drawn in Helvetica: what a
 * resume written in a word processor holds, so pdf.js and text extraction read it back.
 */
export function pdfWithText(pages: string[][], unreferenced: string[] = []): Uint8Array {
  const objects = ['<</Type/Catalog/Pages 2 0 R>>', '', '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'];
  const kids: string[] = [];
  for (const lines of pages) {
    const content = `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((line) => `${pdfString(line)} Tj T*`).join(' ')} ET`;
    objects.push(`<</Length ${content.length}>>\nstream\n${content}\nendstream`);
    objects.push(
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents ${objects.length} 0 R>>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<</Type/Pages/Kids[${kids.join(' ')}]/Count ${kids.length}>>`;
  return pdfFromObjects([...objects, ...unreferenced]);
}

/**
 * An ordinary resume at the upload limit: 60 pages of text and a photo (a JPEG's worth of bytes
 * that pdf.js never decodes for text), just under 5 MB.
 */
export function largeResumePdf(): Uint8Array {
  const line = 'Embedded firmware, edge inference, sensor fusion, quantised models and their toolchains.';
  const pages = Array.from({ length: 60 }, (_, page) => Array.from({ length: 45 }, (_, i) => `${page}.${i} ${line}`));
  const photo = Buffer.alloc(4_600_000, 0x5a).toString('latin1');
  const image = `<</Type/XObject/Subtype/Image/Width 1600/Height 1200/BitsPerComponent 8/ColorSpace/DeviceRGB/Filter/DCTDecode/Length ${photo.length}>>\nstream\n${photo}\nendstream`;
  return pdfWithText(pages, [image]);
}

/**
 * A PDF that passes the upload's structure check but no reader opens: it is encrypted with a
 * password nobody knows (its Encrypt dictionary's check value fits no password).
 */
export function lockedPdfBytes(): Uint8Array {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  return pdfFromObjects(
    [
      '<</Type/Catalog/Pages 2 0 R>>',
      '<</Type/Pages/Kids[]/Count 0>>',
      `<</Filter/Standard/V 1/R 2/O ${hex32('5a')}/U ${hex32('a7')}/P -4>>`,
    ],
    `/Encrypt 3 0 R/ID[${hex32('01')} ${hex32('01')}]`,
  );
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A real DOCX whose body holds `paragraphs` (the first as a heading), as Word writes them. */
export function docxWithText(paragraphs: string[]): Uint8Array {
  const body = paragraphs
    .map(
      (text, i) =>
        `<w:p>${i === 0 ? '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>' : ''}<w:r><w:t xml:space="preserve">${xmlText(text)}</w:t></w:r></w:p>`,
    )
    .join('');
  return zipBytes(
    {
      ...DOCX_PARTS,
      'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
    { deflate: true },
  );
}

const CFB_SECTOR = 512;
const CFB_END_OF_CHAIN = 0xfffffffe;
const CFB_FREE = 0xffffffff;
const CFB_FAT_SECTOR = 0xfffffffd;

/**
 * A version 3 compound file (MS-CFB) whose root storage holds the given streams, each in regular
 * sectors (so each is empty or at least 4096 bytes, the mini-stream cutoff).
 */
export function cfbBytes(streams: { name: string; data: Uint8Array }[]): Uint8Array {
  for (const { name, data } of streams) {
    if (data.length > 0 && data.length < 4096) throw new Error(`cfbBytes: ${name} must be empty or >= 4096 bytes`);
  }
  // Siblings sort by name length, then by upper-cased name; a right-leaning chain is a valid tree.
  const sorted = [...streams].sort(
    (a, b) => a.name.length - b.name.length || (a.name.toUpperCase() < b.name.toUpperCase() ? -1 : 1),
  );
  const directorySectors = Math.ceil((sorted.length + 1) / 4);
  const dataSectors = sorted.map(({ data }) => Math.ceil(data.length / CFB_SECTOR));
  const sectors = 1 + directorySectors + dataSectors.reduce((a, b) => a + b, 0);
  if (sectors > CFB_SECTOR / 4) throw new Error('cfbBytes: one FAT sector only');
  const out = new Uint8Array(CFB_SECTOR * (1 + sectors));
  const view = new DataView(out.buffer);
  const at = (sector: number) => CFB_SECTOR * (sector + 1);

  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  view.setUint16(0x18, 0x3e, true); // minor version
  view.setUint16(0x1a, 3, true); // major version
  view.setUint16(0x1c, 0xfffe, true); // byte order
  view.setUint16(0x1e, 9, true); // 512-byte sectors
  view.setUint16(0x20, 6, true); // 64-byte mini sectors
  view.setUint32(0x2c, 1, true); // FAT sectors
  view.setUint32(0x30, 1, true); // first directory sector
  view.setUint32(0x38, 4096, true); // mini stream cutoff
  view.setUint32(0x3c, CFB_END_OF_CHAIN, true); // no mini FAT
  view.setUint32(0x44, CFB_END_OF_CHAIN, true); // no DIFAT sectors
  view.setUint32(0x4c, 0, true); // the FAT is sector 0
  for (let i = 1; i < 109; i++) view.setUint32(0x4c + 4 * i, CFB_FREE, true);

  const fat = (sector: number, next: number) => view.setUint32(at(0) + 4 * sector, next, true);
  for (let i = 0; i < CFB_SECTOR / 4; i++) fat(i, CFB_FREE);
  fat(0, CFB_FAT_SECTOR);
  const chain = (first: number, count: number) => {
    for (let i = 0; i < count; i++) fat(first + i, i === count - 1 ? CFB_END_OF_CHAIN : first + i + 1);
  };
  chain(1, directorySectors);

  const entry = (id: number, name: string, type: number, child: number, right: number, start: number, size: number) => {
    const e = at(1) + id * 128;
    for (let i = 0; i < name.length; i++) view.setUint16(e + 2 * i, name.charCodeAt(i), true);
    view.setUint16(e + 0x40, name ? 2 * (name.length + 1) : 0, true);
    out[e + 0x42] = type;
    out[e + 0x43] = 1; // black
    view.setUint32(e + 0x44, CFB_FREE, true); // left sibling: none
    view.setUint32(e + 0x48, right, true);
    view.setUint32(e + 0x4c, child, true);
    view.setUint32(e + 0x74, start, true);
    view.setUint32(e + 0x78, size, true);
  };
  for (let id = 0; id < directorySectors * 4; id++) entry(id, '', 0, CFB_FREE, CFB_FREE, 0, 0);
  entry(0, 'Root Entry', 5, sorted.length ? 1 : CFB_FREE, CFB_FREE, CFB_END_OF_CHAIN, 0);
  let sector = 1 + directorySectors;
  sorted.forEach(({ name, data }, i) => {
    const count = dataSectors[i] ?? 0;
    const right = i + 1 < sorted.length ? i + 2 : CFB_FREE;
    entry(i + 1, name, 2, CFB_FREE, right, count ? sector : CFB_END_OF_CHAIN, data.length);
    out.set(data, at(sector));
    chain(sector, count);
    sector += count;
  });
  return out;
}

/** A minimal Word 97-2003 document: a compound file with a WordDocument stream (FIB first) and a table stream. */
export function docBytes(): Uint8Array {
  const word = new Uint8Array(4096);
  word.set([0xec, 0xa5, 0xc1, 0x00], 0); // FIB: wIdent 0xA5EC, nFib 193 (Word 97)
  const table = new Uint8Array(4096);
  table[0] = 0x01;
  return cfbBytes([
    { name: 'WordDocument', data: word },
    { name: '1Table', data: table },
  ]);
}

export type ZipOptions = {
  /** Deflate every entry (as Office does) instead of storing it. */
  deflate?: boolean;
  /** Sizes and CRC in a signed data descriptor after each entry's data (as LibreOffice writes). */
  descriptor?: boolean;
  /** The archive comment, after the end-of-central-directory record. */
  comment?: string | Uint8Array;
};

/** An entry deflated beforehand (too large to hold inflated), with the size and CRC its headers declare. */
type DeflatedEntry = { deflated: Uint8Array; size: number; crc: number };

function zipEntryData(content: string | Uint8Array | DeflatedEntry, options: ZipOptions) {
  if (typeof content === 'object' && 'deflated' in content)
    return { method: 8, data: content.deflated, crc: content.crc, inflatedSize: content.size };
  const raw = bytesOf(content);
  const data = options.deflate ? new Uint8Array(deflateRawSync(raw)) : raw;
  return { method: options.deflate ? 8 : 0, data, crc: crc32(raw), inflatedSize: raw.length };
}

/**
 * `head`, `unit` repeated until `size` bytes in all, then `tail`, deflated as it is made (never held
 * inflated): raw deflate for a zip entry, zlib for a PDF stream. A bomb's payload.
 */
async function deflatedRepeat(
  parts: { head: string; unit: string; size: number; tail: string },
  format: 'raw' | 'zlib',
): Promise<DeflatedEntry> {
  const chunk = encoder.encode(parts.unit.repeat(Math.ceil((1 << 20) / parts.unit.length)));
  const deflater = format === 'raw' ? createDeflateRaw() : createDeflate();
  const output = buffer(deflater);
  let crc = 0;
  const write = async (bytes: Uint8Array) => {
    crc = crc32(bytes, crc);
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  await write(encoder.encode(parts.head));
  let left = parts.size - parts.head.length - parts.tail.length;
  for (; left > 0; left -= chunk.length) await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  await write(encoder.encode(parts.tail));
  deflater.end();
  return { deflated: new Uint8Array(await output), size: parts.size, crc };
}

/** A zip with the given entries, stored unless `deflate` (a DeflatedEntry is always deflated). */
export function zipBytes(
  entries: Record<string, string | Uint8Array | DeflatedEntry>,
  options: ZipOptions = {},
): Uint8Array {
  const parts: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  const flags = options.descriptor ? 0x8 : 0;
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = encoder.encode(name);
    const { method, data, crc, inflatedSize } = zipEntryData(content, options);
    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, flags, true);
    lv.setUint16(8, method, true);
    if (!options.descriptor) {
      lv.setUint32(14, crc, true);
      lv.setUint32(18, data.length, true);
      lv.setUint32(22, inflatedSize, true);
    }
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    parts.push(local, data);
    let size = local.length + data.length;
    if (options.descriptor) {
      const descriptor = new Uint8Array(16);
      const dv = new DataView(descriptor.buffer);
      dv.setUint32(0, 0x08074b50, true);
      dv.setUint32(4, crc, true);
      dv.setUint32(8, data.length, true);
      dv.setUint32(12, inflatedSize, true);
      parts.push(descriptor);
      size += descriptor.length;
    }
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, inflatedSize, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    centrals.push(central);
    offset += size;
  }
  const comment = bytesOf(options.comment ?? '');
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  ev.setUint16(20, comment.length, true);
  const all = [...parts, ...centrals, eocd, comment];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The parts of a minimal WordprocessingML package, as Word names them. */
export const DOCX_PARTS: Readonly<Record<string, string>> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  'word/document.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Resume</w:t></w:r></w:p></w:body></w:document>',
};

/** A minimal DOCX: [Content_Types].xml, the package relationships and word/document.xml, deflated. */
export function docxBytes(options: ZipOptions = { deflate: true }): Uint8Array {
  return zipBytes(DOCX_PARTS, options);
}

/** An XLSX-like zip: an Office zip without word/ parts. */
export function xlsxBytes(): Uint8Array {
  return zipBytes({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
}

/** The start of a Windows executable (MZ header). */
export function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a, 0x90, 0x00], 0);
  return bytes;
}

const MB = 1024 * 1024;

/** A DOCX whose document.xml is one paragraph of `size` bytes in all; its headers claim `declared` bytes. */
export async function docxBomb(size: number, declared = size): Promise<Uint8Array> {
  const document = await deflatedRepeat(
    {
      head: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
      unit: 'A',
      size,
      tail: '</w:t></w:r></w:p></w:body></w:document>',
    },
    'raw',
  );
  return zipBytes({ ...DOCX_PARTS, 'word/document.xml': { ...document, size: declared } }, { deflate: true });
}

/** A one-page PDF whose content stream draws one string of `size` bytes; `dictionary` adds keys to the stream's. */
export async function pdfBomb(size: number, dictionary = ''): Promise<Uint8Array> {
  const parts = { head: 'BT /F1 12 Tf 72 720 Td (', unit: 'A', size, tail: ') Tj ET' };
  return pdfWithDeflatedContent((await deflatedRepeat(parts, 'zlib')).deflated, dictionary);
}

/** A PDF that keeps pdf.js busy for seconds: 40 MB of empty save/restore operators, under every size bound. */
export async function busyPdf(): Promise<Uint8Array> {
  const { deflated } = await deflatedRepeat({ head: '', unit: 'q Q ', size: 40 * MB, tail: '' }, 'zlib');
  return pdfWithDeflatedContent(deflated);
}
