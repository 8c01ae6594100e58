/**
 * The application path under attack: stalled bodies, floods from one address, a full disk, and
 * numbers or text that mean something else than they look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi, appliedId } from '../../support/api';

const IDLE_MS = 5000;

let api: TestApi;
let jobId: number;
let counter = 0;
const uniqueEmail = () => `hardening${++counter}@example.com`;

beforeAll(async () => {
  api = await setupApi({ config: { applyConcurrency: 1, bodyIdleTimeoutMs: IDLE_MS } });
  jobId = (await createJobViaApi(api)).id;
  // The first application also starts the store's worker thread; timings below are about the rest.
  expect((await apply(api, applicationForm(jobId, { email: uniqueEmail() }))).status).toBe(201);
});
afterAll(async () => {
  await api.close();
});

/**
 * An upload that declares `Content-Length: 5000000`, sends the start of its body, then nothing
 * until `release()`: the attack, in process.
 */
function stalledUpload(app: TestApi['app'], headers: Record<string, string> = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new TextEncoder().encode('--stall\r\nContent-Disposition: form-data; name="jobId"\r\n\r\n1'));
    },
  });
  const request = new Request('http://localhost/api/applicants/apply', {
    method: 'POST',
    headers: { 'Content-Type': 'multipart/form-data; boundary=stall', 'Content-Length': '5000000', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return {
    response: Promise.resolve(app.request(request)),
    release: () => controller.error(new Error('test over')),
  };
}

describe('a stalled upload', () => {
  it('answers 408 after the idle timeout and closes the connection', async () => {
    const started = Date.now();
    const stalled = stalledUpload(api.app);
    const res = await stalled.response;
    expect(res.status).toBe(408);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ message: 'The upload stalled. Please try again.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 20);
    stalled.release();
  });

  it('never holds a slot: with one slot and two stalled uploads, a real application completes first', async () => {
    const stalled = [stalledUpload(api.app), stalledUpload(api.app)];
    let stalledAnswered = false;
    const stalledDone = Promise.all(stalled.map((s) => s.response)).then((answers) => {
      stalledAnswered = true;
      return answers;
    });
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail() }));
    expect(res.status).toBe(201);
    expect(stalledAnswered).toBe(false);
    for (const answer of await stalledDone) expect(answer.status).toBe(408);
    for (const s of stalled) s.release();
  });
});

describe('applications per address (APPLY_RATE_LIMIT_PER_IP)', () => {
  it('answers 429 with Retry-After past the limit, per address, and stores nothing more', async () => {
    const limited = await setupApi({
      config: { trustProxy: true, rateLimits: { applyPerIp: { max: 3, windowMs: 3_600_000 } } },
    });
    try {
      const job = await createJobViaApi(limited);
      const from = (ip: string, email: string) =>
        call(limited.app, 'POST', '/api/applicants/apply', {
          form: applicationForm(job.id, { email }),
          headers: { 'X-Forwarded-For': ip },
        });
      for (let i = 0; i < 3; i++) expect((await from('203.0.113.9', `flood${i}@example.com`)).status).toBe(201);
      const refused = await from('203.0.113.9', 'flood3@example.com');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(await refused.json()).toEqual({
        message: 'Too many applications from your network. Please try again later.',
      });
      expect((await from('203.0.113.10', 'other@example.com')).status).toBe(201);
      const count = await limited.db
        .selectFrom('applicants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(4);
    } finally {
      await limited.close();
    }
  });
});

describe('free disk space (MIN_FREE_DISK_MB)', () => {
  it('answers 507 with the message, stores nothing, and the admin intake status says why', async () => {
    const full = await setupApi();
    // A floor no disk reaches: the guard sees a volume that is "full".
    const guarded = await setupApi({
      config: { storage: { dataDir: full.dataDir, minFreeBytes: Number.MAX_SAFE_INTEGER } },
    });
    try {
      const job = await createJobViaApi(guarded);
      const res = await apply(guarded, applicationForm(job.id, { email: uniqueEmail() }));
      expect(res.status).toBe(507);
      expect(await res.json()).toEqual({
        message: 'We cannot accept applications right now. Please try again later.',
      });
      expect(await guarded.db.selectFrom('applicants').select('id').execute()).toEqual([]);

      const intake = await call(guarded.app, 'GET', '/api/applicants/intake', { token: guarded.token });
      expect(intake.status).toBe(200);
      const status = (await intake.json()) as { accepting: boolean; freeMb: number; minFreeMb: number };
      expect(status.accepting).toBe(false);
      expect(status.freeMb).toBeGreaterThan(0);
      expect((await call(guarded.app, 'GET', '/api/applicants/intake')).status).toBe(401);

      const roomy = await setupApi({ config: { storage: { dataDir: full.dataDir, minFreeBytes: 1 } } });
      try {
        const ok = await call(roomy.app, 'GET', '/api/applicants/intake', { token: roomy.token });
        expect(((await ok.json()) as { accepting: boolean }).accepting).toBe(true);
      } finally {
        await roomy.close();
      }
    } finally {
      await guarded.close();
      await full.close();
    }
  });
});

describe('numbers mean one thing', () => {
  it.each(['0x3', '3e0', '3.0', ' 3 ', '03', '+3', '-3', '0', '99999999999999999'])(
    'refuses jobId %j with 400 "Please choose a position"',
    async (raw) => {
      const res = await apply(api, applicationForm(raw.replace('3', String(jobId)), { email: uniqueEmail() }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
        jobId: 'Please choose a position',
      });
    },
  );

  it('answers 404 to path id 01 that would otherwise mean 1', async () => {
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail() }));
    const applicant = { id: await appliedId(api, res) };
    const padded = `0${applicant.id}`;
    expect((await call(api.app, 'GET', `/api/applicants/${padded}/download`, { token: api.token })).status).toBe(404);
    expect((await call(api.app, 'GET', `/api/job/0${jobId}`)).status).toBe(404);
    expect((await call(api.app, 'GET', `/api/applicants/${applicant.id}/download`, { token: api.token })).status).toBe(
      200,
    );
  });
});

describe('text that is not what it looks like', () => {
  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['word joiners', '\u2060\u2060'],
    ['combining marks alone', '\u0301\u0308'],
    ['a byte-order mark and spaces', '\uFEFF  \u00A0'],
  ])('counts a name of %s as missing', async (_label, name) => {
    const res = await apply(api, applicationForm(jobId, { name, email: uniqueEmail() }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ name: 'Name is required' });
  });

  it('refuses bytes that are not UTF-8 (a lone surrogate encoded) instead of storing U+FFFD', async () => {
    const boundary = 'xb';
    const parts = [
      ['jobId', String(jobId)],
      ['name', 'Ada Lovelace'],
      ['email', uniqueEmail()],
      ['phone', '+91 98765 43210'],
      ['consent', 'true'],
      ['coverLetter', 'I have shipped firmware for edge devices for eight years and would love to join.'],
    ];
    const chunks: Buffer[] = parts.map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    // CESU-style bytes of U+D800 inside the cover letter.
    chunks[5] = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="coverLetter"\r\n\r\n`),
      Buffer.from('I have shipped firmware for edge devices for eight years and would love to join '),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('\r\n'),
    ]);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
      ),
    );
    const res = await call(api.app, 'POST', '/api/applicants/apply', {
      body: Buffer.concat(chunks),
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      coverLetter: 'Text contains characters that could not be read',
    });
  });
});

describe('e-mail addresses that could carry mailto: fields', () => {
  it.each([
    'victim@example.com?bcc=attacker%40evil.example',
    'victim&cc=x@example.com',
    'a%40b@example.com',
    'a/b@example.com',
    'tab\t@example.com',
  ])('refuses %j', async (email) => {
    const res = await apply(api, applicationForm(jobId, { email }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('still accepts the usual shapes (plus tags, dots, apostrophes, subdomains)', async () => {
    for (const email of ["o'brien+jobs@mail.example.co.in", 'first.last@sub.example.com']) {
      expect((await apply(api, applicationForm(jobId, { email }))).status).toBe(201);
    }
  });
});
