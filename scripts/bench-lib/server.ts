/**
 * The production server for the benches: `node <dist>/node/main.mjs` with the flags of
 * `npm run serve`, on a port of its own choosing on 127.0.0.1, with a fresh DATA_DIR and the bench
 * admin; the floor server bench:load compares it with; the admin API calls the benches make.
 */
import { spawn } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Job, JobInput } from '~/lib/schemas';
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

/**
 * Runs `node <args>` with an IPC channel; resolves once it prints the JSON line `{"msg": ready, "url": …}`.
 * `ask` sends a message and resolves with the process's answer.
 */
async function spawnListening(args: string[], env: Record<string, string>, ready: string) {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited with ${code} before listening`)));
    // stdio 'pipe' gives the child a stdout.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = new RegExp(`"msg":"${ready}","url":"([^"]+)"`).exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    ask: <T>(question: string) =>
      new Promise<T>((resolve) => {
        child.once('message', (answer) => resolve(answer as T));
        child.send(question);
      }),
    stop: async () => {
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'));
    },
  };
}

/**
 * Starts the server of `distDir` (built by `npm run build`) with the event-loop probe preloaded;
 * resolves once it listens.
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
  const server = await spawnListening(
    [...flags, '--import', pathToFileURL(probe).href, main],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    'server listening',
  );
  return {
    url: server.url,
    pid: server.pid,
    /** The server's event-loop delay since the previous call. */
    eventLoopDelay: () => server.ask<EventLoopDelay>(EVENT_LOOP_QUESTION),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the floor (floor-server.ts) for the build's files and `jobList` (the body of GET /api/job),
 * with the same event-loop probe as the server.
 */
export async function startFloor(distDir: string, jobList: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'edgecraft-floor-'));
  const jobListFile = path.join(dir, 'job-list.json');
  writeFileSync(jobListFile, jobList);
  const program = bundled('floor-server.ts');
  const probe = bundled('event-loop-probe.ts');
  const floor = await spawnListening(
    ['--import', pathToFileURL(probe).href, program, path.join(distDir, 'client'), jobListFile],
    {},
    'floor listening',
  );
  return {
    url: floor.url,
    pid: floor.pid,
    eventLoopDelay: () => floor.ask<EventLoopDelay>(EVENT_LOOP_QUESTION),
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
