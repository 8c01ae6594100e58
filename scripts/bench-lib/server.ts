/**
 * The production server for the benches: `node <dist>/node/main.mjs` with the flags of
 * `npm run serve`, on a port of its own choosing on 127.0.0.1, with a fresh DATA_DIR and the bench
 * admin; the floor server bench:load compares it with; the admin API calls the benches make.
 */
import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Job, JobInput } from '~/lib/schemas';
import { apiEnvSchema } from '~/server/env';
import { listeningUrl, startProcess } from '../../support/process';
import { EVENT_LOOP_QUESTION, type EventLoopDelay } from './event-loop';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const benchLib = fileURLToPath(new URL('.', import.meta.url));
const admin = { email: 'bench-admin@example.com', password: 'bench-Password-1234' };

const bundles = mkdtempSync(path.join(tmpdir(), 'edgecraft-bench-programs-'));
process.once('exit', () => rmSync(bundles, { recursive: true, force: true }));

/** Bundles a TypeScript program of the bench for plain `node` (the server runs without tsx). */
function bundled(entry: string): string {
  const outfile = path.join(bundles, `${path.basename(entry, '.ts')}.mjs`);
  buildSync({ entryPoints: [path.join(benchLib, entry)], outfile, bundle: true, platform: 'node', format: 'esm' });
  return outfile;
}

/** Runs `node <args>` with the event-loop probe's IPC channel; resolves once `ready` finds its URL. */
async function startProbed(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (line: string) => string | undefined,
) {
  const running = await startProcess({
    name,
    command: process.execPath,
    args,
    cwd: projectRoot,
    env,
    ready,
    ipc: true,
  });
  const { child } = running;
  return {
    url: running.ready,
    pid: child.pid ?? 0,
    /** The process's event-loop delay since the previous call. */
    eventLoopDelay: () =>
      new Promise<EventLoopDelay>((resolve) => {
        child.once('message', (answer) => resolve(answer as EventLoopDelay));
        child.send(EVENT_LOOP_QUESTION);
      }),
    stop: () => running.stop(),
  };
}

/** All bench traffic comes from one address: its per-address limits (requests and open connections) are raised. */
const unlimited = Object.fromEntries(
  Object.keys(apiEnvSchema.shape)
    .filter((key) => /RATE_LIMIT_(GLOBAL_)?PER|MAX_CONNECTIONS_PER_CLIENT/.test(key))
    .map((key) => [key, '1000000']),
);

/**
 * Starts the server of `distDir` (built by `npm run build`) with the event-loop probe preloaded and
 * the per-address limits raised; resolves once it listens.
 */
export async function startServer(distDir: string, env: Record<string, string> = {}) {
  const main = path.join(distDir, 'node', 'main.mjs');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const { scripts } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = (scripts['serve'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-bench-'));
  const probe = bundled('event-loop-probe.ts');
  const server = await startProbed(
    'the bench server',
    [...flags, '--import', pathToFileURL(probe).href, main],
    {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...unlimited,
      ...env,
    },
    listeningUrl,
  );
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a floor program of bench-lib (floor-server.ts by default) for the build's files and `jobList`
 * (the body of GET /api/job), with the same event-loop probe as the server.
 */
export async function startFloor(distDir: string, jobList: string, program = 'floor-server.ts') {
  const dir = mkdtempSync(path.join(tmpdir(), 'edgecraft-floor-'));
  const jobListFile = path.join(dir, 'job-list.json');
  writeFileSync(jobListFile, jobList);
  const probe = bundled('event-loop-probe.ts');
  const floor = await startProbed(
    'the floor server',
    ['--import', pathToFileURL(probe).href, bundled(program), jobListFile, path.join(distDir, 'client')],
    process.env,
    (line) => (line.includes('"floor listening"') ? (JSON.parse(line) as { url: string }).url : undefined),
  );
  return {
    ...floor,
    async stop() {
      await floor.stop();
      rmSync(dir, { recursive: true, force: true });
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
