import { describe, expect, it } from 'vitest';
import { resumeFilename } from '~/server/features/applicants/filename';
import { sniffResume } from '~/server/features/applicants/sniff';
import { signToken, verifyToken } from '~/server/features/auth/jwt';
import { RateLimiter } from '~/server/middleware/rate-limit';
import { Semaphore } from '~/server/middleware/semaphore';
import { parseDbId } from '~/server/db';
import { docBytes, docxBytes, exeBytes, pdfBytes, xlsxBytes, zipBytes } from '../helpers/files';

describe('sniffResume', () => {
  it.each([
    ['a PDF', pdfBytes(), 'pdf'],
    ['an OLE2 DOC', docBytes(), 'doc'],
    ['a DOCX', docxBytes(), 'docx'],
    ['an executable', exeBytes(), null],
    ['an empty file', new Uint8Array(0), null],
    ['an XLSX', xlsxBytes(), null],
    ['a zip whose word/ entry is only mentioned in file data', zipBytes({ 'notes.txt': 'see word/document.xml' }), null],
    ['a truncated DOCX', docxBytes().subarray(0, 60), null],
    ['text starting with "%PD"', new TextEncoder().encode('%PD'), null],
  ] as const)('%s → %s', (_label, bytes, kind) => {
    expect(sniffResume(bytes)).toBe(kind);
  });
});

describe('HS256 tokens', () => {
  const secret = 'a secret that is long enough for tests';
  it('round-trips claims and rejects a tampered payload', () => {
    const { token } = signToken({ sub: '7', tv: 3 }, secret, 60);
    expect(verifyToken(token, secret)).toMatchObject({ sub: '7', tv: 3 });
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', tv: 3, iat: 0, exp: 9_999_999_999 })).toString('base64url');
    expect(verifyToken(`${h}.${forged}.${s}`, secret)).toBeNull();
    expect(verifyToken(token, `${secret}!`)).toBeNull();
  });
  it('expires exactly at exp', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const { token } = signToken({ sub: '1', tv: 1 }, secret, 60, issued);
    expect(verifyToken(token, secret, new Date(issued.getTime() + 59_000))).not.toBeNull();
    expect(verifyToken(token, secret, new Date(issued.getTime() + 60_000))).toBeNull();
  });
});

describe('RateLimiter', () => {
  it('allows max hits per window, reports Retry-After, and opens again after the window', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 2, windowMs: 10_000 }, () => now);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(true);
    const blocked = limiter.hit('k');
    expect(blocked).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(limiter.hit('other').allowed).toBe(true);
    now = 10_000;
    expect(limiter.hit('k').allowed).toBe(true);
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
  ])('parseDbId(%s) → %s', (raw, id) => {
    expect(parseDbId(raw)).toBe(id);
  });
  it('strips quotes, slashes and control characters from the download name', () => {
    expect(resumeFilename('Ada "the" /Lovelace\r\n', 'pdf').ascii).toBe('Ada the Lovelace_Resume.pdf');
    expect(resumeFilename('   ', 'docx').ascii).toBe('Applicant_Resume.docx');
  });
});
