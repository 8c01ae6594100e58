import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfInflationRefused } from '~/server/services/resume-inflation';

const MB = 1024 * 1024;

/** The bytes of PDF objects, one stream each of `size` bytes of operators; `broken` spoils each checksum. */
function streams(sizes: number[], options: { broken?: boolean; eol?: string; dictionary?: string } = {}) {
  const parts = sizes.map((size, i) => {
    const data = deflateSync(Buffer.alloc(size, 'q Q '));
    if (options.broken) data.writeUInt32BE(~data.readUInt32BE(data.length - 4) >>> 0, data.length - 4);
    const head = `${i + 1} 0 obj\n<</Length ${data.length}/Filter/FlateDecode${options.dictionary ?? ''}>>\nstream${options.eol ?? '\n'}`;
    return Buffer.concat([Buffer.from(head, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
  });
  return new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), ...parts]));
}

describe('the PDF stream count', () => {
  it('accepts streams that inflate to 50 MB together and refuses more', () => {
    expect(pdfInflationRefused(streams([20 * MB, 20 * MB]))).toBeNull();
    expect(pdfInflationRefused(streams([30 * MB, 30 * MB]))).toBe('its streams inflate to more than 50 MB');
  });

  it('counts streams whose checksums are wrong, and a stream after junk and a lone CR, as pdf.js reads them', () => {
    expect(pdfInflationRefused(streams([30 * MB, 30 * MB], { broken: true }))).not.toBeNull();
    expect(pdfInflationRefused(streams([30 * MB, 30 * MB], { eol: ' junk\r' }))).not.toBeNull();
  });

  it('leaves out images, which pdf.js never decodes for text', () => {
    expect(pdfInflationRefused(streams([30 * MB, 30 * MB], { dictionary: '/Subtype/Image' }))).toBeNull();
  });
});
