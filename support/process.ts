/**
 * The one way tests and scripts start a process they wait for (a server, nginx): spawn it, collect
 * what it writes line by line, resolve once a line says it is ready, and stop it with a signal,
 * awaiting its exit. Fails with the output when the process exits or stays silent first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export type StartOptions<T> = {
  /** What the process is, for error messages ("the mail test server"). */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Reads each line of stdout and stderr; the first value other than undefined means ready. */
  ready: (line: string) => T | undefined;
  /** How long the process may take to be ready. */
  timeoutMs?: number;
  /** Opens an IPC channel (child.send, the child's process.send), as the bench's event-loop probe uses. */
  ipc?: boolean;
};

export type RunningProcess<T> = {
  child: ChildProcess;
  /** What `ready` found in the line that announced it. */
  ready: T;
  /** Every line the process wrote so far, stdout and stderr in arrival order. */
  output: string[];
  /** Its exit code (null after a signal), once it has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` unless it has exited already, and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function startProcess<T>(options: StartOptions<T>): Promise<RunningProcess<T>> {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${options.name} ${reason}:\n${output.join('\n')}`));
    };
    const timeoutMs = options.timeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      fail(`was not ready in ${timeoutMs / 1000} s`);
      void stop();
    }, timeoutMs);
    const onLine = (line: string) => {
      output.push(line);
      if (settled) return;
      const value = options.ready(line);
      if (value === undefined) return;
      settled = true;
      clearTimeout(timer);
      resolve({ child, ready: value, output, exited, stop });
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    void exited.then((code) => fail(`exited with ${code} before it was ready`));
  });
}

/** For `ready`: the URL in the server's `"server listening"` log line (src/server/main.ts). */
export function listeningUrl(line: string): string | undefined {
  if (!line.includes('"server listening"')) return undefined;
  return (JSON.parse(line) as { url: string }).url;
}
