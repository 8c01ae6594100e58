/**
 * Hostile resumes against the real compiled server: files of a few hundred kilobytes that inflate to
 * hundreds of megabytes, a PDF that keeps its reader busy for seconds, a reader killed mid-read and a
 * server killed mid-read. Health is polled throughout; every restart runs on the same data.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantDetail } from '~/lib/privacy';
import { RESUME_MIME_TYPES } from '~/lib/limits';
import { busyPdf, docxBomb, docxWithText, pdfBomb } from '../../support/files';
import { applicationForm, processStorage, validJob, type ResumeUpload } from '../../support/api';
import { startApiServer, type RunningServer } from '../helpers/server';

const ADMIN = { email: 'hostile@example.com', password: 'hostile resumes password' };
const MB = 1024 * 1024;

let storage: Awaited<ReturnType<typeof processStorage>>;
let env: Record<string, string>;
let server: RunningServer;
let token: string;
let jobId: number;
/** Health answers other than 200 (or no answer) since the current server started. */
let unhealthy: string[] = [];
let polling: Promise<void> = Promise.resolve();
/** Between two polls, so polling leaves the server (and its reader) the CPU. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
let pollingStopped = false;

/** Asks /api/health back to back until stopped, recording every answer that is not a 200. */
async function pollHealth(url: string): Promise<void> {
  while (!pollingStopped) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status !== 200) unhealthy.push(`health answered ${res.status}`);
      await res.body?.cancel();
      await pause();
    } catch (error) {
      unhealthy.push(`health failed: ${(error as Error).message}`);
      return;
    }
  }
}

async function start(): Promise<void> {
  server = await startApiServer(env, 0);
  unhealthy = [];
  pollingStopped = false;
  polling = pollHealth(server.url);
  const res = await fetch(`${server.url}/api/admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  token = ((await res.json()) as { token: string }).token;
}

async function stop(signal: NodeJS.Signals): Promise<void> {
  pollingStopped = true;
  await server.stop(signal);
  await polling;
}

/** The server is still the same process and answered every health check. */
function expectUp(): void {
  expect(unhealthy).toEqual([]);
  expect(server.child.exitCode).toBeNull();
  expect(server.child.signalCode).toBeNull();
}

const authorized = () => ({ Authorization: `Bearer ${token}` });

let applications = 0;
async function applyWith(resume: ResumeUpload): Promise<Response> {
  applications += 1;
  const form = applicationForm(
    jobId,
    { email: `hostile${applications}@example.com`, phone: `+44 20 7946 ${String(applications).padStart(4, '0')}` },
    resume,
  );
  return fetch(`${server.url}/api/applicants/apply`, { method: 'POST', body: form });
}

async function applied(resume: ResumeUpload): Promise<number> {
  const res = await applyWith(resume);
  expect(res.status).toBe(201);
  // The answer names no applicant (a second application must look like a first): found by its address.
  const list = await fetch(`${server.url}/api/applicants`, { headers: authorized() });
  const { applicants } = (await list.json()) as { applicants: { id: number; email: string }[] };
  const found = applicants.find((a) => a.email === `hostile${applications}@example.com`);
  if (!found) throw new Error(`hostile${applications}@example.com not listed`);
  return found.id;
}

async function textState(id: number): Promise<string> {
  const res = await fetch(`${server.url}/api/applicants/${id}`, { headers: authorized() });
  expect(res.status).toBe(200);
  return ((await res.json()) as ApplicantDetail).applicant.resume.text;
}

/** Asks for the resume's text state until it is one of `states` (or the server died), and returns it. */
async function untilState(id: number, states: string[]): Promise<string> {
  for (;;) {
    const state = await textState(id);
    if (states.includes(state)) return state;
    await pause();
  }
}

/** The pids of the server's own children: the reader, while it runs. */
function serverChildren(): number[] {
  const pid = server.child.pid;
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(' ').map(Number) : [];
}

async function readerPid(): Promise<number> {
  for (;;) {
    const [pid] = serverChildren();
    if (pid) return pid;
    await pause();
  }
}

/** The server's peak resident memory so far, in MB. */
function serverPeakMb(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/** Why the server logged it could not read applicant `id`'s resume. */
/**
 * Why the server could not read resume `id`, from its log line. The line may reach the test after the
 * database shows the resume unreadable (the log is written asynchronously), so this waits for it.
 */
async function readFailure(id: number): Promise<string> {
  for (;;) {
    const line = server.output.find(
      (l) => l.includes('"resume text could not be read"') && l.includes(`"applicantId":${id},`),
    );
    if (line) return (JSON.parse(line) as { error: string }).error;
    await pause();
  }
}

const docx = (bytes: Uint8Array): ResumeUpload => ({ bytes, name: 'resume.docx', type: RESUME_MIME_TYPES.docx });
const pdf = (bytes: Uint8Array): ResumeUpload => ({ bytes, name: 'resume.pdf', type: RESUME_MIME_TYPES.pdf });

beforeAll(async () => {
  storage = await processStorage('hostile');
  env = {
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  await start();
  const res = await fetch(`${server.url}/api/job`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...authorized() },
    body: JSON.stringify(validJob),
  });
  jobId = ((await res.json()) as { job: { id: number } }).job.id;
});

afterAll(async () => {
  await stop('SIGTERM');
  await storage.remove();
});

describe('resumes built to blow up', () => {
  const bombs: number[] = [];

  it('refuses a DOCX whose central directory declares 200 MB, and stays up', async () => {
    const bomb = await docxBomb(200 * MB);
    expect(bomb.length).toBeLessThan(300_000);
    const res = await applyWith(docx(bomb));
    expect(res.status).toBe(415);
    // A normal resume read after it: the server is the same process and reads on.
    expect(await untilState(await applied(docx(docxWithText(['Grace Hopper']))), ['ready', 'missing'])).toBe('ready');
    expectUp();
  });

  it('keeps a DOCX whose central directory lies about its 200 MB, marks it unreadable, and stays up', async () => {
    const lying = await docxBomb(200 * MB, 20_000);
    const peak = serverPeakMb();
    const id = await applied(docx(lying));
    bombs.push(id);
    expect(await untilState(id, ['ready', 'missing'])).toBe('missing');
    expect(await readFailure(id)).toBe(
      'refused before reading: word/document.xml does not inflate to its declared 20000 bytes',
    );
    expect(serverPeakMb() - peak).toBeLessThan(100);
    expectUp();
  });

  it('keeps a PDF with a 200 MB FlateDecode string, marks it unreadable, and stays up', async () => {
    const bomb = await pdfBomb(200 * MB);
    expect(bomb.length).toBeLessThan(300_000);
    const peak = serverPeakMb();
    const id = await applied(pdf(bomb));
    bombs.push(id);
    expect(await untilState(id, ['ready', 'missing'])).toBe('missing');
    expect(await readFailure(id)).toBe('refused before reading: its streams inflate to more than 50 MB');
    expect(serverPeakMb() - peak).toBeLessThan(100);
    expectUp();
  });

  it('ends only its reader on a PDF bomb that hides from the stream count (marked as an image)', async () => {
    const id = await applied(pdf(await pdfBomb(200 * MB, '/Subtype/Image')));
    bombs.push(id);
    expect(await untilState(id, ['ready', 'missing'])).toBe('missing');
    expect(await readFailure(id)).toMatch(/^the reader stopped|^no result within/);
    expectUp();
  });

  it('answers a preview of the lying DOCX with 415 and stays up', async () => {
    const res = await fetch(`${server.url}/api/applicants/${bombs[0]}/preview`, { headers: authorized() });
    expect(res.status).toBe(415);
    expectUp();
  });

  it('starts again on the same data, stays up, and leaves the bombs unreadable', async () => {
    await stop('SIGTERM');
    await start();
    const id = await applied(pdf(await pdfBomb(1000)));
    expect(await untilState(id, ['ready', 'missing'])).toBe('ready');
    for (const bomb of bombs) expect(await textState(bomb)).toBe('missing');
    expectUp();
  });
});

describe('a reader stopped mid-read', () => {
  it('marks the resume unreadable when its reader is killed, and a restart does not read it again', async () => {
    const id = await applied(pdf(await busyPdf()));
    await untilState(id, ['reading']);
    process.kill(await readerPid(), 'SIGKILL');
    expect(await untilState(id, ['ready', 'missing'])).toBe('missing');
    expectUp();
    await stop('SIGTERM');
    await start();
    // Read after the restart, so it waits behind any read the start began.
    const after = await applied(docx(docxWithText(['Katherine Johnson'])));
    expect(await untilState(after, ['ready', 'missing'])).toBe('ready');
    expect(await textState(id)).toBe('missing');
    expectUp();
  });

  it('reads the resume again after a planned stop (SIGTERM) in the middle of its read', async () => {
    const id = await applied(pdf(await busyPdf()));
    await untilState(id, ['reading']);
    await stop('SIGTERM');
    await start();
    expect(['pending', 'reading', 'ready']).toContain(await textState(id));
    expectUp();
  });

  it('marks the resume unreadable at the next start when the server died while reading it', async () => {
    const id = await applied(pdf(await busyPdf()));
    await untilState(id, ['reading']);
    await stop('SIGKILL');
    await start();
    expect(await textState(id)).toBe('missing');
    const abandoned = server.output.find((line) => line.includes('"resumes being read when the server stopped'));
    expect(abandoned && (JSON.parse(abandoned) as { applicantIds: number[] }).applicantIds).toContain(id);
    const after = await applied(docx(docxWithText(['Dorothy Vaughan'])));
    expect(await untilState(after, ['ready', 'missing'])).toBe('ready');
    expectUp();
  });
});

describe('previews beside background reads', () => {
  it('answers a DOCX preview while a slow PDF is still being read', async () => {
    const slow = await applied(pdf(await busyPdf()));
    await untilState(slow, ['reading']);
    const quick = await applied(docx(docxWithText(['Mary Jackson', 'Aerospace engineer'])));
    const res = await fetch(`${server.url}/api/applicants/${quick}/preview`, { headers: authorized() });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { html: string }).html).toBe('<h1>Mary Jackson</h1><p>Aerospace engineer</p>');
    expect(await textState(slow)).toBe('reading');
    expectUp();
  });
});
