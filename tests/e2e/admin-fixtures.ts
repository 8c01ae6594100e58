/**
 * Admin fixtures: a page holding the token, and an API helper that seeds jobs,
 * applicants and messages with unique names per test and deletes them afterwards. Built on
 * fixtures.ts's `apiTest` (its worker-scoped `adminToken`); kept in this file so the shared
 * fixtures file stays small.
 */
import { createHash, createHmac } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import type { Applicant, ContactMessage, Job, JobInput } from '../../src/lib/schemas';
import { runAdminCli } from '../helpers/cli';
import { pdfBytes } from '../../support/files';
import { apiTest } from './fixtures';

export { expect } from './fixtures';

/** The e2e server's secret (playwright.config.ts), used to craft expired and tampered tokens. */
const E2E_JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-signing';
/** The e2e server's data folder, for the admin CLI (same rule as playwright.config.ts). */
const E2E_DATA_DIR = process.env['E2E_DATA_DIR'] ?? '/tmp/edgecraft-e2e-data';

/** Runs the admin CLI on the e2e server's database (SQLite in WAL mode, so while it runs); its output. */
export async function adminCli(args: string[], stdin = ''): Promise<string> {
  const { code, out, err } = await runAdminCli(args, { dataDir: E2E_DATA_DIR }, { stdin });
  if (code !== 0) throw new Error(`admin ${args.join(' ')} exited with ${code}: ${err}`);
  return out;
}

/** An HS256 token signed with the e2e secret; `expiresIn` may be negative for an expired one. */
export function craftToken(claims: { sub?: string; tv?: number; expiresIn: number }): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: claims.sub ?? '1', tv: claims.tv ?? 1, iat: now - 3600, exp: now + claims.expiresIn })}`;
  return `${body}.${createHmac('sha256', E2E_JWT_SECRET).update(body).digest('base64url')}`;
}

/** The same token with one signature character changed. */
export function tamper(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
}

/** Reads the claims of a JWT without checking it. */
export function decodeToken(token: string): { sub: string; iat: number; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
    iat: number;
    exp: number;
  };
}

/** A small but real PDF file (support/files.ts), `label` in a comment so each one differs. */
export function samplePdf(label: string): Buffer {
  return Buffer.from(pdfBytes(undefined, label));
}

/** Letters only (applicant names refuse digits): unique per test, project and run. */
function uniqueWord(testInfo: TestInfo): string {
  const letters = (n: number) =>
    n.toString(26).replace(/[0-9a-p]/g, (c) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(c, 26)] ?? 'x');
  const seed = (Date.now() % 1e9) + testInfo.workerIndex * 7919 + Math.floor(Math.random() * 1e6);
  const word = `${testInfo.project.name.slice(0, 3)}${letters(seed)}`;
  return word[0]?.toUpperCase() + word.slice(1).toLowerCase();
}

/** Logs in through POST /api/admin of the server at `origin` (the test server when empty); the token. */
export async function loginAdmin(
  request: APIRequestContext,
  email = E2E_ADMIN.email,
  password = E2E_ADMIN.password,
  origin = '',
): Promise<string> {
  const response = await request.post(`${origin}/api/admin`, { data: { email, password } });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Leaves `token` where the dashboard reads it, in localStorage of `origin` (the test server when empty). */
async function storeAdminToken(page: Page, token: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
}

/**
 * Signs `email` in without the login form (for tests that check what comes after it): logs in
 * through the API, stores the token and opens the dashboard.
 */
export async function signInThroughApi(page: Page, email: string, password: string, origin = ''): Promise<void> {
  await storeAdminToken(page, await loginAdmin(page.request, email, password, origin), origin);
  await page.goto(`${origin}/admin`);
}

type SeededApplicant = Applicant & { resumeBytes: Buffer };

export type AdminApi = {
  token: string;
  /** A unique word for this test (letters only), to put in names, titles and searches. */
  tag: string;
  createJob: (input?: Partial<JobInput>) => Promise<Job>;
  /** Applies through the public multipart endpoint with a small real PDF. */
  seedApplicant: (input: {
    job: Job;
    name?: string;
    email?: string;
    linkedin?: string;
    coverLetter?: string;
    /** The multipart field `source` (the job link's); left out when not given. */
    source?: string;
    phone?: string;
    /** The file to attach; a small real PDF without text by default. */
    resume?: { name: string; mimeType: string; buffer: Buffer };
  }) => Promise<SeededApplicant>;
  setStatus: (id: number, status: Applicant['status']) => Promise<void>;
  sendMessage: (input?: Partial<Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message'>>) => Promise<void>;
  applicants: () => Promise<Applicant[]>;
  messages: () => Promise<ContactMessage[]>;
};

type AdminFixtures = {
  adminApi: AdminApi;
  /** Puts the token in localStorage for the site's origin; then `page.goto('/admin')`. */
  loggedInPage: Page;
};

/** The careers suite's `apiTest` (which logs in as `adminToken`) plus the admin area's fixtures. */
export const adminTest = apiTest.extend<AdminFixtures>({
  adminApi: async ({ request, adminToken }, use, testInfo) => {
    const headers = { Authorization: `Bearer ${adminToken}` };
    const tag = uniqueWord(testInfo);
    // The dialog lists a person's other applications, linked by phone: one number per test keeps parallel tests' out.
    const phoneDigits = String(createHash('sha256').update(tag).digest().readUInt32BE(0) % 1e9).padStart(9, '0');
    const ownPhone = `+91 9${phoneDigits.slice(0, 4)} ${phoneDigits.slice(4)}`;
    const jobs: number[] = [];
    const applicants: number[] = [];
    let count = 0;
    const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
      if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };

    const api: AdminApi = {
      token: adminToken,
      tag,
      createJob: async (input = {}) => {
        count += 1;
        const body = await ok(
          await request.post('/api/job', {
            headers,
            data: {
              title: `${tag} Edge Engineer ${count}`,
              department: `${tag} Engineering`,
              location: 'Bengaluru, India',
              jobType: 'Full-time',
              description: 'Port Python ML pipelines to INT8 edge targets and own the C++ runtime glue.',
              salaryRange: '',
              ...input,
            },
          }),
        );
        const job = body['job'] as Job;
        jobs.push(job.id);
        return job;
      },
      seedApplicant: async ({ job, name, email, linkedin = '', coverLetter, source, phone, resume }) => {
        count += 1;
        const fullName = name ?? `${tag} Applicant ${'abcdefghij'[count % 10]}`;
        const address = email ?? `${tag.toLowerCase()}.${count}@example.org`;
        const file = resume ?? {
          name: 'resume.pdf',
          mimeType: 'application/pdf',
          buffer: samplePdf(`${fullName} resume`),
        };
        const resumeBytes = file.buffer;
        const response = await request.post('/api/applicants/apply', {
          multipart: {
            jobId: String(job.id),
            name: fullName,
            email: address,
            phone: phone ?? ownPhone,
            linkedin,
            coverLetter:
              coverLetter ?? `I have shipped edge inference pipelines for five years and want to build ${job.title}.`,
            consent: 'true',
            ...(source === undefined ? {} : { source }),
            resume: file,
          },
        });
        await ok(response);
        // The answer names no applicant (a second application must look like a first): found by address.
        const found = (await api.applicants()).find((a) => a.email === address && a.jobId === job.id);
        if (!found) throw new Error(`applicant ${address} not listed`);
        applicants.push(found.id);
        return { ...found, resumeBytes };
      },
      setStatus: async (id, status) => {
        // A rejection needs a reason; the fixture gives the first of the list.
        const data = status === 'rejected' ? { status, reason: 'experience' } : { status };
        await ok(await request.put(`/api/applicants/${id}/status`, { headers, data }));
      },
      sendMessage: async (input = {}) => {
        count += 1;
        await ok(
          await request.post('/api/contact', {
            data: {
              name: `${tag} Visitor`,
              email: `${tag.toLowerCase()}.${count}@example.org`,
              subject: `${tag} pilot request ${count}`,
              message: 'We run a detection pipeline on 20 drones.\nCan we talk next week?',
              ...input,
            },
          }),
        );
      },
      applicants: async () =>
        (await ok(await request.get('/api/applicants', { headers })))['applicants'] as Applicant[],
      messages: async () => (await ok(await request.get('/api/messages', { headers })))['messages'] as ContactMessage[],
    };

    await use(api);

    // Delete what this test created (already deleted ones answer 404, which is fine).
    for (const id of applicants) await request.delete(`/api/applicants/${id}`, { headers });
    for (const id of jobs) await request.delete(`/api/job/${id}`, { headers });
    for (const message of (await api.messages()).filter((m) => m.subject.startsWith(tag))) {
      await request.delete(`/api/messages/${message.id}`, { headers });
    }
  },
  loggedInPage: async ({ page, adminToken }, use) => {
    await storeAdminToken(page, adminToken);
    await use(page);
  },
});
