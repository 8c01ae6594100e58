/**
 * The servers tests start as processes, all through support/process.ts: the API alone and the whole
 * server compiled from src/ (compiled-server.ts), and the production build's server (dist/node/main.mjs,
 * as `npm run serve` runs it). Each is ready once it logs that it listens, on the port it names.
 */
import { join } from 'node:path';
import { listeningUrl, startProcess, type RunningProcess } from '../../support/process';
import { compiledEntry } from './compiled-server';

export type RunningServer = Omit<RunningProcess<string>, 'ready'> & { url: string; port: number };

async function startServer(name: string, entry: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const { ready: url, ...running } = await startProcess({
    name,
    command: process.execPath,
    args: [entry],
    env,
    ready: (line) =>
      line.includes('"api listening"')
        ? `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`
        : listeningUrl(line),
  });
  return { ...running, url, port: Number(new URL(url).port) };
}

/** The API alone (src/server/api-only.ts, compiled) on `port` (0: one of its own choosing). */
export function startApiServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  return startServer('the API server', compiledEntry('api-only'), {
    ...process.env,
    // Scripted requests: the fill-time spam rule is off unless `env` sets it (see tests/api/spam.test.ts),
    // and so is the per-address application limit (every request comes from 127.0.0.1).
    LOG_LEVEL: 'warn',
    SPAM_MIN_FILL_MS: '0',
    APPLY_RATE_LIMIT_PER_IP: '1000000',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
}

/**
 * The whole server (src/server/main.ts, compiled), site and API, on an ephemeral loopback port.
 * `env.DIST_DIR` names the build it serves; a test writes a small one of its own.
 */
export function startSiteServer(env: Record<string, string>): Promise<RunningServer> {
  return startServer('the site server', compiledEntry('main'), {
    ...process.env,
    LOG_LEVEL: 'warn',
    SPAM_MIN_FILL_MS: '0',
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
  });
}

/**
 * The production build's server (dist/node/main.mjs; `env.DIST_DIR` names the build it serves) on
 * loopback, on `env.PORT` or else a port of its own choosing, for browser tests that need a server
 * of their own: its own data, mail or limits.
 */
export function startBuiltServer(name: string, env: Record<string, string>): Promise<RunningServer> {
  return startServer(name, join('dist', 'node', 'main.mjs'), { ...process.env, PORT: '0', ...env, HOST: '127.0.0.1' });
}
