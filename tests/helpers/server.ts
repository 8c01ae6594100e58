/** Spawns the real API server (src/server/api-only.ts) as a child process for end-to-end API tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { compiledEntry } from './compiled-server';

export type RunningServer = {
  url: string;
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
};

export async function startApiServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, [compiledEntry('api-only')], {
    // Scripted requests: the fill-time spam rule is off unless `env` sets it (see tests/api/spam.test.ts),
    // and so is the per-address application limit (every request comes from 127.0.0.1).
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SPAM_MIN_FILL_MS: '0',
      APPLY_RATE_LIMIT_PER_IP: '1000000',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
  let actualPort = port;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('\n')}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      if (line.includes('"api listening"')) {
        actualPort = (JSON.parse(line) as { port: number }).port;
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('\n')}`));
    });
  });
  await ready;
  return { url: `http://127.0.0.1:${actualPort}`, port: actualPort, child, output, exited };
}
