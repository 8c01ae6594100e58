/**
 * A restore brings nobody's job alerts back: a backup holds three confirmed alerts whose mails have
 * since aged out of the outbox; afterwards one person unsubscribes and another is erased; the
 * backup is restored as the README says (SQLite: `admin restore`, then a start; PostgreSQL:
 * pg_dump and pg_restore, then `admin after-restore` from another instance, whose DATA_DIR knows
 * nothing) and only the third alert is there.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiConfig } from '~/server/config';
import { SQLITE_FILE } from '~/server/db/client';
import { ERASURE_LEDGER_FILE, ERASURE_LEDGER_SCHEMA } from '~/server/db/erasure-ledger';
import { purgeExpired } from '~/server/retention/purge';
import { signToken } from '~/server/services/jwt';
import { call, createJobViaApi, setupApi, TEST_DATABASE_URL, type TestApi } from '../../support/api';
import { runAdminCli } from '../helpers/cli';
import { startApiServer } from '../helpers/server';

const SITE = 'https://www.edgecraft.test';
const DAY_MS = 86_400_000;
const LEFT = 'left@example.org';
const ERASED = 'erased@example.org';
const STAYS = 'stays@example.org';

/** PostgreSQL's client programs of the newest version installed, as Debian puts them; null when there are none. */
const pgBin = (() => {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  const dir = version && path.join(root, version, 'bin');
  return dir && existsSync(path.join(dir, 'pg_restore')) ? dir : null;
})();

describe.skipIf(TEST_DATABASE_URL && !pgBin)('job alerts after a restore', { timeout: 180_000 }, () => {
  let clock = new Date('2026-11-02T10:00:00.000Z');
  let api: TestApi;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'edgecraft-restore-alerts-test-'));
    api = await setupApi({ config: { mail: { ...defaultApiConfig.mail, siteUrl: SITE } }, now: () => clock });
  });
  afterAll(async () => {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  });

  const admin = async () =>
    (await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion }, api.jwtSecret, 3600, clock)).token;

  /** The token of the last `path` link mailed to `email`, read from the outbox (no mail is sent here). */
  async function tokenIn(email: string, link: 'confirm' | 'unsubscribe'): Promise<string> {
    const rows = await api.db.selectFrom('outbox').select('text_body').where('recipient', '=', email).execute();
    const tokens = [
      ...rows
        .map((r) => r.text_body)
        .join('\n')
        .matchAll(new RegExp(`/alerts/${link}#([\\w-]{43})`, 'g')),
    ];
    const token = tokens.at(-1)?.[1];
    if (!token) throw new Error(`no ${link} link mailed to ${email}`);
    return token;
  }

  const alertsIn = async (db: Pick<TestApi, 'db'>['db']) =>
    (await db.selectFrom('job_alerts').select('email').orderBy('email').execute()).map((r) => r.email);

  it('neither subscribes again whoever unsubscribed since the backup nor brings back an erased person', async () => {
    for (const email of [LEFT, ERASED, STAYS]) {
      const res = await call(api.app, 'POST', '/api/alerts', { json: { email } });
      expect(res.status).toBe(202);
      expect((await call(api.app, 'POST', `/api/alerts/${await tokenIn(email, 'confirm')}/confirm`)).status).toBe(200);
    }
    // A vacancy: each subscriber is mailed, with an unsubscribe link.
    await createJobViaApi({ ...api, token: await admin() });
    const unsubscribe = await tokenIn(LEFT, 'unsubscribe');
    // A month later their mails have aged out of the outbox: only the alerts name them.
    clock = new Date(clock.getTime() + 31 * DAY_MS);
    await purgeExpired(api.db, defaultApiConfig.retentionDays, clock);
    expect(await api.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(await alertsIn(api.db)).toEqual([ERASED, LEFT, STAYS]);

    const backup = path.join(root, 'backup');
    if (api.dbKind === 'sqlite')
      expect((await runAdminCli(['backup', backup], { dataDir: api.dataDir, databaseUrl: '' })).code).toBe(0);
    else
      execFileSync(path.join(pgBin!, 'pg_dump'), [
        '-Fc',
        `--exclude-schema=${ERASURE_LEDGER_SCHEMA}`,
        '-f',
        backup,
        api.databaseUrl!,
      ]);

    expect((await call(api.app, 'POST', `/api/alerts/${unsubscribe}/unsubscribe`)).status).toBe(200);
    const erased = await call(api.app, 'POST', '/api/erasure', { token: await admin(), json: { email: ERASED } });
    expect(await erased.json()).toEqual({ erased: 1 });
    expect(await alertsIn(api.db)).toEqual([STAYS]);

    if (api.dbKind === 'sqlite') {
      // The server's DATA_DIR keeps its ledger; the database is replaced by the backup, then the server starts.
      const dataDir = path.join(root, 'data');
      mkdirSync(dataDir);
      copyFileSync(path.join(api.dataDir, ERASURE_LEDGER_FILE), path.join(dataDir, ERASURE_LEDGER_FILE));
      const restored = await runAdminCli(['restore', backup], { dataDir, databaseUrl: '' });
      expect(restored.code, restored.err).toBe(0);
      const server = await startApiServer({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' }, 0);
      server.child.kill('SIGTERM');
      await server.exited;
      const file = new SQLite(path.join(dataDir, SQLITE_FILE), { readonly: true });
      try {
        expect(file.prepare('select email from job_alerts order by email').pluck().all()).toEqual([STAYS]);
        const mails = file.prepare('select count(*) from outbox where recipient in (?, ?)').pluck().get(LEFT, ERASED);
        expect(mails).toBe(0);
      } finally {
        file.close();
      }
      return;
    }
    execFileSync(path.join(pgBin!, 'pg_restore'), ['--clean', '--if-exists', '-d', api.databaseUrl!, backup]);
    expect(await alertsIn(api.db)).toEqual([ERASED, LEFT, STAYS]);
    // Another instance, whose DATA_DIR holds no ledger file: the ledger is the database's.
    const elsewhere = mkdtempSync(path.join(root, 'other-instance-'));
    const after = await runAdminCli(['after-restore'], { dataDir: elsewhere, databaseUrl: api.databaseUrl });
    expect(after.out).toMatch(/^Erased again 1 person and unsubscribed again 1 job alert on the erasure ledger;/);
    expect(await alertsIn(api.db)).toEqual([STAYS]);
  });
});
