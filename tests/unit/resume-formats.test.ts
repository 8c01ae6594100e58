/** The resume format checks byte by byte: what a real file looks like, and the ways to fake one. */
import { describe, expect, it } from 'vitest';
import { RESUME_MAX_BYTES } from '~/lib/limits';
import { isWordDocument } from '~/server/features/apply/formats/cfb';
import { isDocx } from '~/server/features/apply/formats/docx';
import { isPdf } from '~/server/features/apply/formats/pdf';
import { readZip } from '~/server/services/zip';
import { sniffResume } from '~/server/features/apply/sniff';
import {
  cfbBytes,
  docBytes,
  DOCX_PARTS,
  docxBytes,
  exeBytes,
  pdfBytes,
  xlsxBytes,
  zipBytes,
} from '../../support/files';

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const patched = (bytes: Uint8Array, edit: (view: DataView, bytes: Uint8Array) => void) => {
  const copy = new Uint8Array(bytes);
  edit(new DataView(copy.buffer), copy);
  return copy;
};
const MZ = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01]);

const pdfText = () => new TextDecoder('latin1').decode(pdfBytes());
/** The fixture with CRLF line ends, its startxref moved to match. */
function withCrlf(): Uint8Array {
  const text = pdfText().replace(/\n/g, '\r\n');
  return latin1(text.replace(/startxref\r\n\d+/, `startxref\r\n${text.indexOf('xref\r\n')}`));
}
/** The fixture plus an incremental update: a new object, its xref section and a second trailer. */
function withUpdate(): Uint8Array {
  const base = pdfText();
  const object = '3 0 obj\n<</Producer(x)>>\nendobj\n';
  const xrefAt = base.length + object.length;
  const previous = /startxref\n(\d+)/.exec(base)?.[1] ?? '0';
  return latin1(
    `${base}${object}xref\n3 1\n${String(base.length).padStart(10, '0')} 00000 n \n` +
      `trailer\n<</Size 4/Prev ${previous}/Root 1 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`,
  );
}

describe('PDF', () => {
  it.each([
    ['the minimal fixture', pdfBytes()],
    ['one padded to 5 MB minus a byte', pdfBytes(RESUME_MAX_BYTES - 1)],
    ['one with a note', pdfBytes(4096, 'Asha Rao resume')],
    ['CRLF line ends', withCrlf()],
    ['an incremental update (the last startxref wins)', withUpdate()],
    [
      'a cross-reference stream',
      latin1(
        '%PDF-1.5\n1 0 obj\n<<>>\nendobj\n2 0 obj\n<</Type/XRef>>\nstream\nendstream\nendobj\nstartxref\n28\n%%EOF',
      ),
    ],
    ['a few bytes after %%EOF', concat(pdfBytes(), new Uint8Array(16))],
  ])('accepts %s', (_label, bytes) => {
    expect(isPdf(bytes)).toBe(true);
    expect(sniffResume(bytes)).toBe('pdf');
  });

  const html = '%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n';
  it.each([
    ['HTML behind the magic bytes', latin1(html)],
    ['HTML behind the magic bytes with a trailer appended', latin1(`${html}startxref\n0\n%%EOF\n`)],
    ['HTML before a real body', latin1(html + pdfText().slice(9))],
    ['no %%EOF', pdfBytes().subarray(0, pdfBytes().length - 6)],
    ['no startxref', latin1(pdfText().replace('startxref', 'startxrex'))],
    ['%%EOF more than a kilobyte before the end', concat(pdfBytes(), new Uint8Array(2048))],
    ['startxref past itself', latin1(pdfText().replace(/startxref\n\d+/, 'startxref\n999'))],
    ['startxref pointing into an object', latin1(pdfText().replace(/startxref\n\d+/, 'startxref\n20'))],
    ['an unknown version', latin1(pdfText().replace('%PDF-1.4', '%PDF-x.4'))],
    ['the magic bytes alone', latin1('%PDF-')],
  ])('refuses %s', (_label, bytes) => {
    expect(isPdf(bytes)).toBe(false);
    expect(sniffResume(bytes)).toBeNull();
  });
});

describe('DOC (compound file)', () => {
  const word = () => {
    const data = new Uint8Array(4096);
    data.set([0xec, 0xa5], 0);
    return data;
  };
  /** Byte offset of directory entry `id` in a cfbBytes file (directory in sector 1). */
  const entry = (id: number) => 512 * 2 + id * 128;

  it.each([
    ['the fixture (WordDocument and 1Table)', docBytes()],
    ['WordDocument alone', cfbBytes([{ name: 'WordDocument', data: word() }])],
    [
      'WordDocument among other streams',
      cfbBytes([
        { name: '\u0005SummaryInformation', data: new Uint8Array(4096) },
        { name: 'WordDocument', data: word() },
        { name: '1Table', data: new Uint8Array(4096) },
        { name: 'Data', data: new Uint8Array(0) },
      ]),
    ],
  ])('accepts %s', (_label, bytes) => {
    expect(isWordDocument(bytes)).toBe(true);
    expect(sniffResume(bytes)).toBe('doc');
  });

  it.each([
    [
      'OLE2 magic followed by HTML',
      concat(docBytes().subarray(0, 8), latin1('<html><script>alert(1)</script></html>'.padEnd(2048))),
    ],
    ['the header alone', docBytes().subarray(0, 512)],
    ['a file cut inside the directory', docBytes().subarray(0, 512 * 2 + 100)],
    ['no WordDocument stream (an Excel-like file)', cfbBytes([{ name: 'Workbook', data: new Uint8Array(4096) }])],
    ['a WordDocument that does not start with a FIB', cfbBytes([{ name: 'WordDocument', data: new Uint8Array(4096) }])],
    ['big-endian byte order mark', patched(docBytes(), (v) => v.setUint16(0x1c, 0xfeff, true))],
    ['a version 3 file with 4096-byte sectors', patched(docBytes(), (v) => v.setUint16(0x1e, 12, true))],
    ['a non-zero header CLSID', patched(docBytes(), (_v, b) => (b[9] = 1))],
    ['no FAT sectors', patched(docBytes(), (v) => v.setUint32(0x2c, 0, true))],
    ['a directory chain that loops', patched(docBytes(), (v) => v.setUint32(512 + 4, 1, true))],
    ['a directory beyond the end of the file', patched(docBytes(), (v) => v.setUint32(0x30, 4000, true))],
    ['a sibling that points back', patched(docBytes(), (v) => v.setUint32(entry(2) + 0x48, 1, true))],
    ['a sibling that points at the root', patched(docBytes(), (v) => v.setUint32(entry(1) + 0x44, 0, true))],
    ['a root entry of the wrong type', patched(docBytes(), (_v, b) => (b[entry(0) + 0x42] = 1))],
    ['a WordDocument storage instead of a stream', patched(docBytes(), (_v, b) => (b[entry(2) + 0x42] = 1))],
    [
      'a WordDocument stream starting past the end',
      patched(docBytes(), (v) => v.setUint32(entry(2) + 0x74, 9999, true)),
    ],
  ])('refuses %s', (_label, bytes) => {
    expect(isWordDocument(bytes)).toBe(false);
    expect(sniffResume(bytes)).toBeNull();
  });
});

/** A stored zip's central directory offset, from its end record (no comment). */
const directoryOf = (zip: Uint8Array) => new DataView(zip.buffer, zip.byteOffset).getUint32(zip.length - 6, true);

/**
 * A zip whose real directory lists `hidden`, with a forged directory listing the Word parts in its
 * comment, and a forged end record pointing at it: at the very end (`atEnd`), or followed by more
 * comment bytes. A reader taking the last end record it finds sees a DOCX.
 */
function forgedDirectory(hidden: Record<string, string | Uint8Array>, atEnd: boolean): Uint8Array {
  const decoy = zipBytes(DOCX_PARTS);
  const decoyDirectory = decoy.subarray(directoryOf(decoy));
  const padding = atEnd ? 0 : 40;
  const commentLength = decoyDirectory.length + padding;
  const real = zipBytes(hidden, { comment: new Uint8Array(commentLength) });
  const commentAt = real.length - commentLength;
  const comment = new Uint8Array(decoyDirectory);
  // The forged end record points at the forged directory, and reaches the end of the file.
  const view = new DataView(comment.buffer);
  view.setUint32(comment.length - 6, commentAt, true);
  view.setUint16(comment.length - 2, padding, true);
  real.set(comment, commentAt);
  return real;
}

describe('DOCX (zip)', () => {
  const png = concat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(64));
  it.each([
    ['the fixture (deflated)', docxBytes()],
    ['stored parts', docxBytes({})],
    ['data descriptors after stored parts', docxBytes({ descriptor: true })],
    ['data descriptors after deflated parts (as LibreOffice writes)', docxBytes({ deflate: true, descriptor: true })],
    ['an archive comment', docxBytes({ deflate: true, comment: 'written by a word processor' })],
    ['a stored image', zipBytes({ ...DOCX_PARTS, 'word/media/image1.png': png })],
    ['a part whose name merely contains .exe', zipBytes({ ...DOCX_PARTS, 'word/exec.xml': '<x/>' })],
  ])('accepts %s', (_label, bytes) => {
    expect(isDocx(bytes)).toBe(true);
    expect(sniffResume(bytes)).toBe('docx');
  });

  it('accepts a thousand parts and refuses more', () => {
    const parts = (count: number) =>
      Object.fromEntries([
        ...Object.entries(DOCX_PARTS),
        ...Array.from({ length: count - 3 }, (_, i) => [`word/media/image${i}.png`, png] as const),
      ]);
    expect(isDocx(zipBytes(parts(1000)))).toBe(true);
    expect(isDocx(zipBytes(parts(1001)))).toBe(false);
  });

  it('refuses a part over 1 MB that inflates more than 100 times its size, and accepts prose of that size', () => {
    const document = (body: string) => zipBytes({ ...DOCX_PARTS, 'word/document.xml': body }, { deflate: true });
    expect(isDocx(document('A'.repeat(2 * 1024 * 1024)))).toBe(false);
    const words = Array.from({ length: 300_000 }, (_, i) => (i * 2654435761).toString(36).slice(0, 1 + (i % 7)));
    expect(isDocx(document(words.join(' ')))).toBe(true);
  });

  it('refuses parts that declare more than 50 MB together, each below 100:1', () => {
    // Only the headers are read at upload: the data need not inflate to what they claim.
    const part = { deflated: new Uint8Array(600_000), size: 55 * 1024 * 1024, crc: 0 };
    expect(isDocx(zipBytes({ ...DOCX_PARTS, 'word/media/image1.png': part }))).toBe(false);
    expect(isDocx(zipBytes({ ...DOCX_PARTS, 'word/media/image1.png': { ...part, size: 45 * 1024 * 1024 } }))).toBe(
      true,
    );
  });

  it('reads entries in file order with their data offsets', () => {
    const zip = zipBytes({ 'a.txt': 'hello', 'b.txt': 'world' });
    const entries = readZip(zip);
    expect(entries?.map((e) => [e.name, e.method, e.compressedSize])).toEqual([
      ['a.txt', 0, 5],
      ['b.txt', 0, 5],
    ]);
    const first = entries?.[0];
    expect(first && Buffer.from(zip.subarray(first.dataOffset, first.dataOffset + 5)).toString()).toBe('hello');
  });

  it.each(['exe', 'dll', 'scr', 'bat', 'cmd', 'com', 'js', 'vbs', 'jar', 'msi', 'ps1', 'sh'])(
    'refuses a DOCX carrying a .%s',
    (extension) => {
      expect(isDocx(zipBytes({ ...DOCX_PARTS, [`payload.${extension}`]: 'x' }))).toBe(false);
      expect(isDocx(zipBytes({ ...DOCX_PARTS, [`word/media/PAYLOAD.${extension.toUpperCase()}`]: 'x' }))).toBe(false);
    },
  );

  /** The first entry's local header and central directory record, for patching. */
  const twoEntries = () => zipBytes({ ...DOCX_PARTS, 'word/styles.xml': '<w:styles/>' });
  const central = (zip: Uint8Array, index: number) => {
    const view = new DataView(zip.buffer, zip.byteOffset);
    let at = directoryOf(zip);
    for (let i = 0; i < index; i++) at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true);
    return at;
  };
  const localOf = (zip: Uint8Array, index: number) =>
    new DataView(zip.buffer, zip.byteOffset).getUint32(central(zip, index) + 42, true);

  it.each([
    ['a program plus any word/ part', zipBytes({ 'payload.exe': MZ, 'word/x.xml': '<x/>' })],
    ['a program beside the Word parts', zipBytes({ ...DOCX_PARTS, 'payload.exe': MZ })],
    ['a name ending in dots and spaces, as Windows strips them', zipBytes({ ...DOCX_PARTS, 'payload.exe. .': MZ })],
    ['a name with a NUL', zipBytes({ ...DOCX_PARTS, 'payload.exe\u0000.xml': MZ })],
    ['a stored Windows program under an image name', zipBytes({ ...DOCX_PARTS, 'word/media/image1.png': MZ })],
    ['a stored Linux program under an XML name', zipBytes({ ...DOCX_PARTS, 'word/settings.xml': ELF })],
    [
      'a forged directory and end record at the end of the comment',
      forgedDirectory({ 'payload.exe': MZ, 'notes.txt': 'x' }, true),
    ],
    [
      'a forged directory and end record inside the comment',
      forgedDirectory({ 'payload.exe': MZ, 'notes.txt': 'x' }, false),
    ],
    ['an XLSX', xlsxBytes()],
    ['no [Content_Types].xml', zipBytes({ 'word/document.xml': DOCX_PARTS['word/document.xml'] ?? '' })],
    ['no word/document.xml', zipBytes({ '[Content_Types].xml': '<Types/>', 'word/other.xml': '<x/>' })],
    [
      'the Word parts only mentioned in file data',
      zipBytes({ 'notes.txt': 'see word/document.xml and [Content_Types].xml' }),
    ],
    ['a truncated file', docxBytes().subarray(0, 200)],
    ['bytes after the end record', concat(docxBytes(), latin1('<html></html>'))],
    ['HTML before the archive', concat(latin1('<html></html>'), docxBytes())],
    [
      'a local header named differently from its directory record',
      patched(twoEntries(), (_v, b) => (b[localOf(b, 2) + 30 + 5] = 0x58)),
    ],
    [
      'directory offsets swapped between two entries',
      patched(twoEntries(), (v, b) => {
        const first = localOf(b, 0);
        v.setUint32(central(b, 0) + 42, localOf(b, 1), true);
        v.setUint32(central(b, 1) + 42, first, true);
      }),
    ],
    [
      'a byte hidden between two entries',
      patched(twoEntries(), (v, b) => {
        const size = v.getUint32(central(b, 0) + 20, true) - 1;
        v.setUint32(central(b, 0) + 20, size, true);
        v.setUint32(localOf(b, 0) + 18, size, true);
      }),
    ],
    [
      'two entries that overlap',
      patched(twoEntries(), (v, b) => {
        const size = v.getUint32(central(b, 0) + 20, true) + 1;
        v.setUint32(central(b, 0) + 20, size, true);
        v.setUint32(localOf(b, 0) + 18, size, true);
      }),
    ],
    [
      'the same name twice',
      patched(zipBytes({ ...DOCX_PARTS, 'word/a.xml': '<a/>', 'word/b.xml': '<a/>' }), (_v, b) => {
        b[localOf(b, 4) + 30 + 5] = 0x61;
        b[central(b, 4) + 46 + 5] = 0x61;
      }),
    ],
    [
      'an encrypted entry',
      patched(twoEntries(), (v, b) => {
        v.setUint16(localOf(b, 1) + 6, 1, true);
        v.setUint16(central(b, 1) + 8, 1, true);
      }),
    ],
    [
      'an unknown compression method',
      patched(twoEntries(), (v, b) => {
        v.setUint16(localOf(b, 1) + 8, 99, true);
        v.setUint16(central(b, 1) + 10, 99, true);
      }),
    ],
    [
      'a directory size that disagrees with its records',
      patched(docxBytes(), (v, b) => v.setUint32(b.length - 10, 10, true)),
    ],
    [
      'a ZIP64 entry count',
      patched(docxBytes(), (v, b) => {
        v.setUint16(b.length - 14, 0xffff, true);
        v.setUint16(b.length - 12, 0xffff, true);
      }),
    ],
  ])('refuses %s', (_label, bytes) => {
    expect(isDocx(bytes)).toBe(false);
    expect(sniffResume(bytes)).toBeNull();
  });
});

describe('sniffResume', () => {
  it.each([
    ['a PDF', pdfBytes(), 'pdf'],
    ['an OLE2 DOC', docBytes(), 'doc'],
    ['a DOCX', docxBytes(), 'docx'],
    ['an executable', exeBytes(), null],
    ['an empty file', new Uint8Array(0), null],
    ['an XLSX', xlsxBytes(), null],
    [
      'a zip whose word/ entry is only mentioned in file data',
      zipBytes({ 'notes.txt': 'see word/document.xml' }),
      null,
    ],
    ['a truncated DOCX', docxBytes().subarray(0, 60), null],
    ['text starting with "%PD"', new TextEncoder().encode('%PD'), null],
  ] as const)('%s → %s', (_label, bytes, kind) => {
    expect(sniffResume(bytes)).toBe(kind);
  });
});
