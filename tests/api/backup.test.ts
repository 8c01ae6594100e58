/**
 * `npm run admin -- backup` and `restore`, as an operator runs them: the compiled CLI beside the
 * compiled server, on real DATA_DIRs.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  closeSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicant } from '~/lib/schemas';
import { BACKUP_RECORD_FILE, readBackupRecord } from '~/server/db';
import { migrationNames } from '~/server/db/migrations';
import { TEST_DATABASE_URL, validApplicant, validJob } from '../../support/api';
import { runAdminCli } from '../helpers/cli';
import { pdfBytes } from '../../support/files';
import { startApiServer, type RunningServer } from '../helpers/server';

const ADMIN = { email: 'backup@example.com', password: 'backup test password' };
const SCHEMA = migrationNames().at(-1);

/** The admin CLI with `args` on `dataDir`, JWT_SECRET and TWO_FACTOR_KEY unset so the files in DATA_DIR count. */
const admin = (args: string[], dataDir: string, databaseUrl = '') =>
  runAdminCli(args, { dataDir, databaseUrl }, { env: { JWT_SECRET: '', TWO_FACTOR_KEY: '' } });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file of `dir` with its sha256: what a refused restore must leave as it was. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).map((name) => [name, sha256(readFileSync(path.join(dir, name)))]));
}

async function stop(server: RunningServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

async function login(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const verify = (server: RunningServer, token: string) =>
  fetch(`${server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${token}` } }).then((res) => res.status);

async function listApplicants(server: RunningServer, token: string): Promise<Applicant[]> {
  const res = await fetch(`${server.url}/api/applicants`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { applicants: Applicant[] }).applicants;
}

/** Posts one application with a resume of its own; the sha256 of that resume once accepted. */
async function postApplication(server: RunningServer, jobId: number, email: string): Promise<string> {
  const pdf = pdfBytes(30_000);
  pdf.set(randomBytes(64), 200);
  const form = new FormData();
  form.set('jobId', String(jobId));
  for (const [key, value] of Object.entries({ ...validApplicant, email, consent: 'true' })) form.set(key, value);
  form.set('resume', new File([pdf as Uint8Array<ArrayBuffer>], 'cv.pdf', { type: 'application/pdf' }));
  const res = await fetch(`${server.url}/api/applicants/apply`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`application ${email}: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  return sha256(pdf);
}

/** The applicants in a database file, read from a private copy (opening the file would add a WAL beside it). */
function countApplicants(file: string, scratch: string): number {
  const copy = path.join(scratch, `count-${randomBytes(4).toString('hex')}.sqlite`);
  copyFileSync(file, copy);
  const db = new SQLite(copy);
  try {
    return db.prepare('select count(*) from applicants').pluck().get() as number;
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
  }
}

// Several server starts and CLI runs per case: allow for a busy two-core machine.
describe.skipIf(TEST_DATABASE_URL)('SQLite backup and restore', { timeout: 180_000 }, () => {
  let root: string;
  let sourceDir: string;
  let targetDir: string;
  let backups: string;
  let backupFile: string;
  let source: RunningServer | undefined;
  let target: RunningServer | undefined;
  /** Accepted before the backup started: email -> sha256 of the resume. */
  let accepted: Map<string, string>;
  /** Every application accepted, before, during or after the backup. */
  let acknowledged: Map<string, string>;
  let applicantsInBackup: number;
  let keptToken: string;
  let revokedToken: string;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'edgecraft-backup-test-'));
    sourceDir = path.join(root, 'source');
    targetDir = path.join(root, 'target');
    backups = path.join(root, 'backups');
    mkdirSync(backups);
    backupFile = path.join(backups, 'edgecraft.sqlite');
  });
  afterAll(async () => {
    await stop(source);
    await stop(target);
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up a running server while applications arrive, never overwriting a file', async () => {
    source = await startApiServer(
      {
        DATA_DIR: sourceDir,
        DATABASE_URL: '',
        JWT_SECRET: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      0,
    );
    const server = source;
    keptToken = await login(server);
    revokedToken = await login(server);
    const logout = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${revokedToken}` },
    });
    expect(logout.status).toBe(200);
    expect(await verify(server, revokedToken)).toBe(401);
    const jobRes = await fetch(`${server.url}/api/job`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keptToken}` },
      body: JSON.stringify(validJob),
    });
    const { job } = (await jobRes.json()) as { job: { id: number } };

    // Applications keep arriving from four clients until the backup has finished.
    acknowledged = new Map<string, string>();
    let posting = true;
    let sent = 0;
    let warmedUp: () => void = () => {};
    const enoughAccepted = new Promise<void>((resolve) => (warmedUp = resolve));
    const client = async () => {
      while (posting) {
        const email = `applicant${sent++}@example.com`;
        acknowledged.set(email, await postApplication(server, job.id, email));
        if (acknowledged.size >= 12) warmedUp();
      }
    };
    const clients = Promise.all(Array.from({ length: 4 }, client));
    // A refused application ends the wait at once, with its reason.
    await Promise.race([enoughAccepted, clients]);
    accepted = new Map(acknowledged);
    const backup = await admin(['backup', backupFile], sourceDir);
    const acceptedByEnd = acknowledged.size;
    posting = false;
    await clients;

    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    // What readiness reads: when a backup that passed its checks was last written, and where.
    const recorded = readBackupRecord(path.join(sourceDir, BACKUP_RECORD_FILE));
    expect(recorded?.file).toBe(backupFile);
    const counts = new RegExp(
      // Two jobs: the test's vacancy and the permanent Open application entry.
      `^Wrote ${escape(backupFile)}: [\\d.]+ [KM]B; (\\d+) applicants, 2 jobs, 0 contact messages; schema ${SCHEMA}\\.\\n`,
    ).exec(backup.out);
    expect(counts, backup.out).not.toBeNull();
    applicantsInBackup = Number(counts![1]);
    // Everything accepted before it started; the restore test checks each one in it was accepted.
    expect(applicantsInBackup).toBeGreaterThanOrEqual(accepted.size);
    expect(applicantsInBackup).toBeLessThanOrEqual(acknowledged.size);
    // The server kept accepting while the CLI ran (starting it alone takes longer than an application).
    expect(acceptedByEnd).toBeGreaterThan(accepted.size);

    // The JWT secret and the two-factor key travel beside it; all hold secrets or personal data, so only the owner reads them.
    for (const secret of ['jwt-secret', 'two-factor-key']) {
      const copy = `${backupFile}.${secret}`;
      expect(backup.out).toContain(`Wrote ${copy} (mode 0600)`);
      expect(readFileSync(copy, 'utf8')).toBe(readFileSync(path.join(sourceDir, secret), 'utf8'));
      expect(statSync(copy).mode & 0o777).toBe(0o600);
    }
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(backups).sort()).toEqual([
      'edgecraft.sqlite',
      'edgecraft.sqlite.jwt-secret',
      'edgecraft.sqlite.two-factor-key',
    ]);

    const before = snapshot(backups);
    const again = await admin(['backup', backupFile], sourceDir);
    expect(again.code).toBe(1);
    expect(again.err).toBe(`${backupFile} already exists; backup never overwrites a file, so name a new one.\n`);
    expect(readBackupRecord(path.join(sourceDir, BACKUP_RECORD_FILE))).toEqual(recorded);
    expect(snapshot(backups)).toEqual(before);

    await stop(source);
  });

  it('restores into a new DATA_DIR: every applicant, byte-identical resumes, and a logout still in force', async () => {
    const restored = await admin(['restore', backupFile], targetDir);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(
      new RegExp(
        `^Restored ${escape(backupFile)} into ${escape(targetDir)}: [\\d.]+ [KM]B; ${applicantsInBackup} applicants, 2 jobs`,
      ),
    );
    expect(restored.out).toContain('The JWT secret was restored.');
    expect(restored.out).toContain('The two-factor key was restored.');
    expect(readdirSync(targetDir).sort()).toEqual([
      'edgecraft.sqlite',
      'jwt-secret',
      'restored-from-backup',
      'two-factor-key',
    ]);

    target = await startApiServer({ DATA_DIR: targetDir, DATABASE_URL: '', JWT_SECRET: '', TWO_FACTOR_KEY: '' }, 0);
    // Signed before the backup with the secret that came along: still valid, unless logged out.
    expect(await verify(target, keptToken)).toBe(200);
    expect(await verify(target, revokedToken)).toBe(401);

    const token = await login(target);
    const applicants = await listApplicants(target, token);
    expect(applicants).toHaveLength(applicantsInBackup);
    const emails = new Set(applicants.map((a) => a.email));
    expect([...accepted.keys()].filter((email) => !emails.has(email))).toEqual([]);
    // Each restored applicant is one the server accepted, with the very resume that was sent.
    const mismatched: string[] = [];
    for (const applicant of applicants) {
      const res = await fetch(`${target.url}/api/applicants/${applicant.id}/download`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const got = sha256(new Uint8Array(await res.arrayBuffer()));
      if (res.status !== 200 || got !== acknowledged.get(applicant.email)) mismatched.push(applicant.email);
    }
    expect(mismatched).toEqual([]);
  });

  it('refuses while a server runs on the target DATA_DIR', async () => {
    const files = readdirSync(targetDir).sort();
    const refused = await admin(['restore', backupFile], targetDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `A server (or another process) is using ${path.join(targetDir, 'edgecraft.sqlite')}: stop it, then run restore again. Nothing was changed.\n`,
    );
    expect(readdirSync(targetDir).sort()).toEqual(files);
    expect(await listApplicants(target!, await login(target!))).toHaveLength(applicantsInBackup);
    await stop(target);
  });

  it('refuses a missing file, a text file, a truncated or damaged one, another app’s and a newer schema, changing nothing', async () => {
    const bad = (name: string) => path.join(root, name);
    writeFileSync(bad('notes.txt'), 'name,email\nAda,ada@example.com\n');
    const size = statSync(backupFile).size;
    copyFileSync(backupFile, bad('truncated.sqlite'));
    truncateSync(bad('truncated.sqlite'), Math.floor(size / 2) + 1000);
    copyFileSync(backupFile, bad('cut-at-a-page.sqlite'));
    truncateSync(bad('cut-at-a-page.sqlite'), size - 16384);
    // The applicants table's first page overwritten: the file still opens, its data is broken.
    copyFileSync(backupFile, bad('damaged.sqlite'));
    const rootPage = (() => {
      const db = new SQLite(backupFile, { readonly: true });
      try {
        return db.prepare("select rootpage from sqlite_master where name = 'applicants'").pluck().get() as number;
      } finally {
        db.close();
      }
    })();
    const fd = openSync(bad('damaged.sqlite'), 'r+');
    writeSync(fd, randomBytes(16384), 0, 16384, (rootPage - 1) * 16384);
    closeSync(fd);
    const other = new SQLite(bad('other-app.sqlite'));
    other.exec("create table notes (body text); insert into notes values ('not ours')");
    other.close();
    copyFileSync(backupFile, bad('newer.sqlite'));
    const newer = new SQLite(bad('newer.sqlite'));
    newer.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999_future', '2099-01-01');
    newer.close();

    const cases: [string, string][] = [
      ['missing.sqlite', `${bad('missing.sqlite')} does not exist or cannot be read.`],
      ['notes.txt', `${bad('notes.txt')} is not a SQLite database, so not a backup of this site.`],
      ['truncated.sqlite', `${bad('truncated.sqlite')} is truncated or damaged`],
      ['cut-at-a-page.sqlite', `${bad('cut-at-a-page.sqlite')} is truncated or damaged`],
      ['damaged.sqlite', `${bad('damaged.sqlite')} is `],
      ['other-app.sqlite', `${bad('other-app.sqlite')} is a SQLite database, but not one of this site.`],
      [
        'newer.sqlite',
        `${bad('newer.sqlite')} has a newer schema than this version knows (9999_future): upgrade this installation first, then restore.`,
      ],
    ];
    const before = snapshot(targetDir);
    const fresh = path.join(root, 'never-created');
    for (const [name, message] of cases) {
      // A file refused before DATA_DIR is needed is tried once; the others also where DATA_DIR is new.
      const early = ['missing.sqlite', 'truncated.sqlite', 'cut-at-a-page.sqlite'].includes(name);
      for (const dataDir of early ? [targetDir] : [targetDir, fresh]) {
        const refused = await admin(['restore', bad(name)], dataDir);
        expect(refused.code, name).toBe(1);
        expect(refused.err, name).toContain(message);
        expect(refused.out, name).toBe('');
      }
      expect(snapshot(targetDir), name).toEqual(before);
      expect(existsSync(fresh), name).toBe(false);
    }
    const damaged = await admin(['restore', bad('damaged.sqlite')], targetDir);
    expect(damaged.err).toMatch(
      / is (damaged \(integrity check: .+\)|not a readable database of this site \(.+\))\.\n$/,
    );
  });

  it('accepts a backup of an older schema, which the server migrates at start', async () => {
    const older = path.join(root, 'older.sqlite');
    copyFileSync(backupFile, older);
    const db = new SQLite(older);
    db.prepare('delete from kysely_migration where name = ?').run(SCHEMA);
    db.close();
    const dataDir = path.join(root, 'older');
    const restored = await admin(['restore', older], dataDir);
    expect(restored.err).toBe('');
    expect(restored.out).toContain(
      `schema ${migrationNames().at(-2)}.\nThe server applies 1 newer migration when it starts.\n`,
    );
    expect(readdirSync(dataDir)).toEqual(['edgecraft.sqlite', 'restored-from-backup']);
  });

  it('restores over a crashed server’s database, keeping it whole beside and clearing its WAL files', async () => {
    const crashed = await startApiServer(
      { DATA_DIR: targetDir, DATABASE_URL: '', JWT_SECRET: '', TWO_FACTOR_KEY: '' },
      0,
    );
    const token = await login(crashed);
    const jobs = (await (await fetch(`${crashed.url}/api/job`)).json()) as { jobs: { id: number }[] };
    await postApplication(crashed, jobs.jobs[0]!.id, 'after-the-backup@example.com');
    expect(await listApplicants(crashed, token)).toHaveLength(applicantsInBackup + 1);
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(existsSync(path.join(targetDir, 'edgecraft.sqlite-wal'))).toBe(true);

    const restored = await admin(['restore', backupFile], targetDir);
    expect(restored.code).toBe(0);
    const kept = /The database it replaced is kept as (\S+) until/.exec(restored.out)?.[1];
    expect(kept).toMatch(/edgecraft\.sqlite\.before-restore-[\dT-]+Z$/);
    // Same secrets: nothing to keep aside.
    expect(restored.out).not.toContain('JWT secret');
    expect(restored.out).not.toContain('two-factor key');
    const databaseFiles = readdirSync(targetDir).filter((name) => name.startsWith('edgecraft.sqlite'));
    expect(databaseFiles.sort()).toEqual(['edgecraft.sqlite', path.basename(kept!)]);
    expect(readdirSync(targetDir).filter((name) => name.startsWith('jwt-secret'))).toEqual(['jwt-secret']);
    expect(readdirSync(targetDir).filter((name) => name.startsWith('two-factor-key'))).toEqual(['two-factor-key']);
    // The kept database holds what was only in the crashed server's WAL.
    expect(countApplicants(kept!, root)).toBe(applicantsInBackup + 1);
    expect(countApplicants(path.join(targetDir, 'edgecraft.sqlite'), root)).toBe(applicantsInBackup);
  });
});

describe('backup and restore with DATABASE_URL', () => {
  // The URL is never dialled: both refuse before connecting, pointing to PostgreSQL's own tools.
  const url = TEST_DATABASE_URL ?? 'postgres://edgecraft@127.0.0.1:9/absent';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-backup-pg-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses, naming pg_dump and pg_restore', async () => {
    const file = path.join(dataDir, 'edgecraft.sqlite');
    const backup = await admin(['backup', file], dataDir, url);
    expect(backup.code).toBe(1);
    expect(backup.err).toContain('pg_dump -Fc');
    const restore = await admin(['restore', file], dataDir, url);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('pg_restore --clean --if-exists');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
