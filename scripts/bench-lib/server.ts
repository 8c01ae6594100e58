/**
 * The production server for the benches: `node <dist>/node/main.mjs` with the flags of
 * `npm run serve`, on a port of its own choosing on 127.0.0.1, with a fresh DATA_DIR and the bench
 * admin. Also the admin API calls both benches make.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Job, JobInput } from '~/lib/schemas';
import { EVENT_LOOP_STATS_PATH, type EventLoopDelay } from '~/server/event-loop';
import { listeningUrl, startProcess } from '../../support/process';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const admin = { email: 'bench-admin@example.com', password: 'bench-Password-1234' };

/** Starts the server of `distDir` (built by `npm run build`); resolves once it listens. */
export async function startServer(distDir: string, env: Record<string, string> = {}) {
  const main = path.join(distDir, 'node', 'main.mjs');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const { scripts } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = (scripts['serve'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-bench-'));
  const server = await startProcess({
    name: 'the bench server',
    command: process.execPath,
    args: [...flags, main],
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    ready: listeningUrl,
  });
  return {
    url: server.ready,
    pid: server.child.pid ?? 0,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch() that throws unless the answer has the expected status; returns the parsed JSON. */
export async function api<T>(url: string, init: RequestInit = {}, expected = 200): Promise<T> {
  const res = await fetch(url, init);
  if (res.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The bench admin's Authorization header. */
export async function adminAuth(base: string): Promise<Record<string, string>> {
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) };
  const { token } = await api<{ token: string }>(`${base}/api/admin`, init);
  return { Authorization: `Bearer ${token}` };
}

/** Creates `count` vacancies through POST /api/job; returns their ids. */
export async function seedJobs(base: string, auth: Record<string, string>, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const job: JobInput = {
      title: `Edge AI Engineer ${i}`,
      department: 'Engineering',
      location: 'Bengaluru, India',
      jobType: 'Full-time',
      description: 'Bring up new boards, run quantised models on the device and take them to field trials.',
    };
    const headers = { ...auth, 'Content-Type': 'application/json' };
    const init = { method: 'POST', headers, body: JSON.stringify(job) };
    ids.push((await api<{ job: Job }>(`${base}/api/job`, init, 201)).job.id);
  }
  return ids;
}

/** The server's event-loop delay since the previous read (needs EVENT_LOOP_STATS=true). */
export const eventLoopDelay = (base: string, auth: Record<string, string>) =>
  api<EventLoopDelay>(`${base}${EVENT_LOOP_STATS_PATH}`, { headers: auth });
