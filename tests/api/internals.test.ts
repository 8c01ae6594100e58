import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESUME_MAX_BYTES } from '~/lib/limits';
import { resumeFilename } from '~/server/services/resume-filename';
import { MalformedFormError, readApplicationForm } from '~/server/features/applicants/application-form';
import { sniffResume } from '~/server/features/applicants/sniff';
import { signToken, verifyToken } from '~/server/services/jwt';
import { RateLimiter } from '~/server/middleware/rate-limit';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Semaphore } from '~/server/services/semaphore';
import { parseDbId } from '~/server/db';
import { docBytes, docxBytes, exeBytes, pdfBytes, xlsxBytes, zipBytes } from '../../support/files';

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

describe('HS256 tokens', () => {
  const secret = 'a secret that is long enough for tests';
  it('round-trips claims and rejects a tampered payload', async () => {
    const { token } = await signToken({ sub: '7', tv: 3 }, secret, 60);
    expect(await verifyToken(token, secret)).toMatchObject({ sub: '7', tv: 3 });
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', tv: 3, iat: 0, exp: 9_999_999_999 })).toString('base64url');
    expect(await verifyToken(`${h}.${forged}.${s}`, secret)).toBeNull();
    expect(await verifyToken(token, `${secret}!`)).toBeNull();
  });
  it('expires exactly at exp', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const { token } = await signToken({ sub: '1', tv: 1 }, secret, 60, issued);
    expect(await verifyToken(token, secret, new Date(issued.getTime() + 59_000))).not.toBeNull();
    expect(await verifyToken(token, secret, new Date(issued.getTime() + 60_000))).toBeNull();
  });
});

describe('RateLimiter', () => {
  const SECRET = 'a rate limit test secret of at least 32 characters';

  afterEach(() => vi.useRealTimers());

  it('allows max hits per window, reports Retry-After, and opens again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const limiter = new RateLimiter(new RateLimiterMemory({ keyPrefix: 'test', points: 2, duration: 10 }), 2, SECRET);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    const blocked = await limiter.hit('k');
    expect(blocked).toEqual({ allowed: false, count: 3, retryAfterSeconds: 10 });
    expect((await limiter.hit('other')).allowed).toBe(true);
    vi.setSystemTime(10_000);
    expect((await limiter.hit('k')).allowed).toBe(true);
  });

  it('stores a key only as an HMAC under the server secret, never as its plain SHA-256', async () => {
    const store = new RateLimiterMemory({ keyPrefix: 'contact-ip', points: 5, duration: 60 });
    await new RateLimiter(store, 5, SECRET).hit('203.0.113.7');
    const keyed = createHmac('sha256', SECRET).update('rate-limit\n203.0.113.7').digest('base64url');
    const unkeyed = createHash('sha256').update('203.0.113.7').digest('base64url');
    expect((await store.get(keyed))?.consumedPoints).toBe(1);
    expect(await store.get(unkeyed)).toBeNull();
    expect(await store.get('203.0.113.7')).toBeNull();
    // Another secret counts under another key: the stored key depends on the secret.
    await new RateLimiter(store, 5, 'another secret of at least thirty-two characters').hit('203.0.113.7');
    expect((await store.get(keyed))?.consumedPoints).toBe(1);
  });
});

describe('Semaphore', () => {
  it('never runs more than its limit at once and runs every task', async () => {
    const gate = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('ids and filenames', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['-1', null],
    ['01x', null],
    ['1e3', null],
    ['01', null],
    [' 1', null],
    ['1.0', null],
    ['0x1', null],
  ])('parseDbId(%s) → %s', (raw, id) => {
    expect(parseDbId(raw)).toBe(id);
  });
  it('strips quotes, slashes and control characters from the download name', () => {
    expect(resumeFilename('Ada "the" /Lovelace\r\n', 'pdf').ascii).toBe('Ada the Lovelace_Resume.pdf');
    expect(resumeFilename('   ', 'docx').ascii).toBe('Applicant_Resume.docx');
  });
});

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
