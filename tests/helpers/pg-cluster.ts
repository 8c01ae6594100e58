/**
 * A private PostgreSQL cluster for one test file, which the test may stop, start, freeze and
 * thaw without disturbing the suite's shared one (ci-postgres.sh does the same set-up in shell):
 * Debian's binaries, a temp folder, a free port on 127.0.0.1, trust authentication (nobody else
 * can reach it), run as `postgres` when the tests run as root.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../support/free-port';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder, or null when there is none. */
export const PG_BIN: string | null = (() => {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(path.join(ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(ROOT, versions[0], 'bin') : null;
})();

export type PgCluster = {
  /** URL of the database `edgecraft` in it. */
  url: string;
  /** A URL for another, new database in the cluster. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl -m fast stop`: sessions are ended with admin_shutdown, as a restart does. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  /** Stops it (if running) and deletes its folder. */
  remove(): Promise<void>;
};

export async function startPgCluster(): Promise<PgCluster> {
  if (!PG_BIN) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const bin = (name: string) => path.join(PG_BIN!, name);
  const asRoot = userInfo().uid === 0;
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const base = mkdtempSync(path.join(tmpdir(), 'edgecraft-pg-'));
  if (asRoot) chownSync(base, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), 0);
  const data = path.join(base, 'data');
  const port = await freePort();
  await as(bin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${base} -c fsync=off`;
  const start = async () => {
    await as(bin('pg_ctl'), ['-D', data, '-l', path.join(base, 'server.log'), '-w', '-o', options, 'start']);
  };
  const stop = async () => {
    await as(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const createDatabase = async (name: string) => {
    await as(bin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
    return urlOf(name);
  };
  let frozen: number[] = [];
  const signal = (pids: number[], name: NodeJS.Signals) => pids.forEach((pid) => process.kill(pid, name));
  await start();
  const url = await createDatabase('edgecraft');
  return {
    url,
    createDatabase,
    stop,
    start,
    freeze() {
      const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            // Field 4 of /proc/<pid>/stat is the parent; the command in field 2 may hold spaces, hence after ')'.
            const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
          } catch {
            return false;
          }
        })
        .map(Number);
      frozen = [postmaster, ...children];
      signal(frozen, 'SIGSTOP');
    },
    thaw() {
      signal(frozen, 'SIGCONT');
      frozen = [];
    },
    async remove() {
      if (frozen.length) signal(frozen, 'SIGCONT');
      if (existsSync(path.join(data, 'postmaster.pid'))) await stop();
      rmSync(base, { recursive: true, force: true });
    },
  };
}
