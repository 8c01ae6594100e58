/** The multipart reader (busboy) behind the application form: exact bytes in, malformed forms out. */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RESUME_MAX_BYTES } from '~/lib/limits';
import { MalformedFormError, readApplicationForm } from '~/server/features/apply/application-form';

describe('readApplicationForm (busboy)', () => {
  const encode = async (form: FormData) => {
    const req = new Request('http://x/', { method: 'POST', body: form });
    return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type') ?? '' };
  };
  const read = (body: Buffer | string, type: string) =>
    readApplicationForm(Readable.from([Buffer.from(body)]), { 'content-type': type }, 1000);

  it('reads what fetch encodes: text (UTF-8, CRLF inside) and a binary file, byte for byte, hashed', async () => {
    const form = new FormData();
    form.set('name', 'Zoë\r\nÅngström');
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7) % 256);
    bytes.set(Buffer.from('\r\n--'), 100); // a boundary-like sequence inside the data
    form.set('resume', new File([bytes], 'cv "final".pdf', { type: 'application/pdf' }));
    const { body, type } = await encode(form);
    const parsed = await read(body, type);
    expect(parsed.fields.get('name')).toBe('Zoë\r\nÅngström');
    expect(parsed.resume?.name).toBe('cv %22final%22.pdf');
    expect(parsed.resume?.type).toBe('application/pdf');
    expect(Buffer.compare(parsed.resume?.bytes ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
    expect(parsed.resume?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('handles a quoted boundary, a preamble, and keeps the first of duplicate names', async () => {
    const body =
      'preamble\r\n--bx\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--bx\r\n' +
      'Content-Disposition: form-data; name="a"\r\n\r\n2\r\n--bx--\r\n';
    expect((await read(body, 'multipart/form-data; boundary="bx"')).fields.get('a')).toBe('1');
  });

  it('drops a resume over the size rule as it streams, and says so', async () => {
    const form = new FormData();
    form.set('resume', new File([new Uint8Array(RESUME_MAX_BYTES)], 'big.pdf', { type: 'application/pdf' }));
    const { body, type } = await encode(form);
    const parsed = await read(body, type);
    expect(parsed.resumeTooLarge).toBe(true);
    expect(parsed.resume).toBeNull();
  });

  it.each([
    [
      'no boundary parameter',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    ],
    [
      'no closing delimiter',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    ],
    [
      'no header end',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n1\r\n--x--',
    ],
    ['no delimiter at all', 'multipart/form-data; boundary=x', 'hello'],
    [
      'too many parts',
      'multipart/form-data; boundary=x',
      `${'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'.repeat(40)}--x--`,
    ],
    [
      'a field longer than any form sends',
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'a'.repeat(70_000)}\r\n--x--`,
    ],
  ])('refuses %s as malformed', async (_label, type, body) => {
    await expect(read(body, type)).rejects.toBeInstanceOf(MalformedFormError);
  });
});
