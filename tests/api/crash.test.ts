/**
 * Crash test: the real server under a burst of applications is killed with SIGKILL. After a
 * restart every application that was answered 2xx is present with a resume whose sha256
 * matches, and no applicant exists without its resume.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicant } from '~/lib/schemas';
import { openDatabase } from '~/server/db';
import { pdfBytes } from '../../support/files';
import { processStorage, validApplicant } from '../../support/api';
import { adminToken, createJob } from '../helpers/running-server';
import { startApiServer, type RunningServer } from '../helpers/server';

/** 0 = an ephemeral port, so the SQLite and PostgreSQL runs (in parallel) never collide. */
const PORT = Number(process.env['CRASH_TEST_PORT'] ?? 0);
const ADMIN = { email: 'crash@example.com', password: 'crash test password' };

let storage: Awaited<ReturnType<typeof processStorage>>;
let dataDir: string;
let env: Record<string, string>;
let server: RunningServer | undefined;

beforeAll(async () => {
  storage = await processStorage('crash');
  dataDir = storage.dataDir;
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: storage.databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await storage.remove();
});

describe('crash safety', () => {
  it('keeps every acknowledged application and its exact resume across SIGKILL', async () => {
    server = await startApiServer(env, PORT);
    const jobId = await createJob(server.url, ADMIN);

    const acknowledged = new Map<string, string>(); // email -> sha256 of the resume sent
    let killed = false;
    const KILL_AFTER = 40;
    const TOTAL = 400;
    let next = 0;

    async function worker(): Promise<void> {
      while (next < TOTAL && !killed) {
        const i = next++;
        const email = `burst${i}@example.com`;
        const pdf = pdfBytes(20_000 + (i % 7) * 10_000);
        pdf.set(randomBytes(64), 200); // unique content per application
        const sha = createHash('sha256').update(pdf).digest('hex');
        const form = new FormData();
        form.set('jobId', String(jobId));
        for (const [k, v] of Object.entries({ ...validApplicant, email, consent: 'true' })) form.set(k, v);
        form.set('resume', new File([pdf as Uint8Array<ArrayBuffer>], 'cv.pdf', { type: 'application/pdf' }));
        try {
          const res = await fetch(`${server!.url}/api/applicants/apply`, { method: 'POST', body: form });
          if (res.status >= 200 && res.status < 300) acknowledged.set(email, sha);
          else await res.body?.cancel();
        } catch {
          // Connection reset by the kill: not acknowledged, so no promise was made.
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          server!.child.kill('SIGKILL');
        }
      }
    }
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(await server.exited).toBeNull(); // died by signal, not a clean exit
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // Restart on the same data (the old port is free again).
    server = await startApiServer(env, server.port);
    const token2 = await adminToken(server.url, ADMIN);
    const list = await fetch(`${server.url}/api/applicants`, { headers: { Authorization: `Bearer ${token2}` } });
    const { applicants } = (await list.json()) as { applicants: Applicant[] };
    const byEmail = new Map(applicants.map((a) => [a.email, a]));
    const missing = [...acknowledged.keys()].filter((email) => !byEmail.has(email));
    expect(missing).toEqual([]);

    const mismatched: string[] = [];
    for (const [email, sha] of acknowledged) {
      const applicant = byEmail.get(email)!;
      const dl = await fetch(`${server.url}/api/applicants/${applicant.id}/download`, {
        headers: { Authorization: `Bearer ${token2}` },
      });
      const got = createHash('sha256')
        .update(new Uint8Array(await dl.arrayBuffer()))
        .digest('hex');
      if (dl.status !== 200 || got !== sha) mismatched.push(email);
    }
    expect(mismatched).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0); // graceful shutdown closes cleanly

    // No applicant without its resume, and every stored sha256 matches its bytes.
    const handle = openDatabase({ dataDir, databaseUrl: env['DATABASE_URL'] || undefined });
    try {
      const orphans = await handle.db
        .selectFrom('applicants')
        .leftJoin('resumes', 'resumes.applicant_id', 'applicants.id')
        .select('applicants.id')
        .where('resumes.applicant_id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
      const resumes = await handle.db.selectFrom('resumes').select(['sha256', 'data']).execute();
      for (const r of resumes) expect(createHash('sha256').update(r.data).digest('hex')).toBe(r.sha256);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
