/**
 * Builds the site into a folder of its own and runs the one server (src/server/main.ts) on a
 * free loopback port with a fresh DATA_DIR, for the bench scripts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { apiEnvSchema } from '~/server/env';
import { EVENT_LOOP_STATS_PATH, type EventLoopDelay } from '~/server/event-loop';
import { freePort } from './free-port';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The benches' own build folder: not dist/, which other work may be building at the same time.
 * It must sit inside the project, because Astro's prerender step imports packages from the build
 * folder and so must reach node_modules; under node_modules/.cache it is ignored by git, tsc,
 * astro check and the test runners alike.
 */
export const benchDist = path.join(projectRoot, 'node_modules', '.cache', 'edgecraft-bench', 'dist');

export const benchAdmin = { email: 'bench-admin@example.com', password: 'bench-Password-1234' } as const;

/** Runs the steps of `npm run build` into `outDir`; throws if one fails. */
function buildSite(outDir: string = benchDist): void {
  const steps: [string, string[]][] = [
    ['npx', ['astro', 'build', '--outDir', outDir]],
    [process.execPath, ['--import', 'tsx', 'scripts/precompress.ts', outDir]],
    [process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', outDir]],
  ];
  for (const [command, args] of steps) {
    console.log(`▶ ${[command === process.execPath ? 'node' : command, ...args].join(' ')}`);
    const result = spawnSync(command, args, { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`);
  }
}

/** Builds unless `reuse` is set and a build is already there. */
export function ensureBuild(reuse: boolean, outDir: string = benchDist): void {
  if (
    reuse &&
    existsSync(path.join(outDir, 'client', 'index.html')) &&
    existsSync(path.join(outDir, 'node', 'main.mjs'))
  ) {
    console.log(`reusing the build in ${path.relative(projectRoot, outDir)}`);
    return;
  }
  buildSite(outDir);
}

export type RunningServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** SIGTERM, wait for the exit (graceful shutdown closes the database), remove the data folder. */
  stop(): Promise<void>;
};

/** The Node flags of `npm run serve` (package.json): the benches measure the server as production runs it. */
function serveFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return (scripts['serve'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Starts the compiled server (`node <distDir>/node/main.mjs`, as `npm start` does) serving `distDir`
 * on a free port with a temporary DATA_DIR and the bench admin; resolves once GET /api/health
 * answers 200.
 */
export async function startServer(
  options: { distDir?: string | undefined; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-bench-'));
  const distDir = options.distDir ?? benchDist;
  const child = spawn(process.execPath, [...serveFlags(), path.join(distDir, 'node', 'main.mjs')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
      LOG_LEVEL: 'warn',
      EVENT_LOOP_STATS: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`server exited with ${exited} before answering /api/health`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/health within 60 s');
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    child,
    async stop() {
      if (exited === undefined) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every per-address rate limit and site-wide ceiling of the API raised out of reach: all bench traffic comes from 127.0.0.1. */
export function unlimitedRateLimits(): Record<string, string> {
  return Object.fromEntries(
    Object.keys(apiEnvSchema.shape)
      .filter((key) => /RATE_LIMIT_(GLOBAL_)?PER/.test(key))
      .map((key) => [key, '1000000']),
  );
}

/**
 * Event-loop delay of a server (started with EVENT_LOOP_STATS) since the previous call; null from a
 * build that predates the endpoint.
 */
export async function eventLoopDelay(url: string, token: string): Promise<EventLoopDelay | null> {
  const res = await fetch(`${url}${EVENT_LOOP_STATS_PATH}`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`${EVENT_LOOP_STATS_PATH} answered ${res.status}`);
  return (await res.json()) as EventLoopDelay;
}

export type Floor = { kind: 'node' | 'hono'; url: string; port: number; pid: number; stop(): Promise<void> };

/** Starts one floor of bench-api (scripts/bench-floor.ts) as a child process with the flags of `npm run serve`. */
export async function startFloor(kind: Floor['kind']): Promise<Floor> {
  const child = spawn(
    process.execPath,
    [...serveFlags(), '--import', 'tsx', path.join(projectRoot, 'scripts', 'bench-floor.ts'), kind],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`floor ${kind} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  return {
    kind,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
