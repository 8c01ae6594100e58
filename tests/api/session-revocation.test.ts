import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '~/server/app';
import { openDatabase, setAdminPassword, type DbHandle } from '~/server/db';
import { tokenHash } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { silentLogger } from '~/server/logger';
import { call, setupApi, type TestApi } from '../../support/api';

const run = promisify(execFile);

/**
 * Runs one SQL statement from another process, as an operator's `sqlite3` or `psql` shell would:
 * a connection the server has never seen, with no notice to anyone.
 */
async function sqlFromAnotherProcess(api: TestApi, statement: string, parameters: unknown[]): Promise<void> {
  const script = api.databaseUrl
    ? `const pg = (await import('pg')).default; const client = new pg.Client(process.env.DATABASE_URL);
       await client.connect(); await client.query(process.env.SQL, JSON.parse(process.env.PARAMS)); await client.end();`
    : `const SQLite = (await import('better-sqlite3')).default; const db = new SQLite(process.env.SQLITE_FILE);
       db.prepare(process.env.SQL).run(...JSON.parse(process.env.PARAMS)); db.close();`;
  const sql = api.databaseUrl
    ? statement.replace(/\?/g, (_, i: number) => `$${statement.slice(0, i).split('?').length}`)
    : statement;
  await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: api.databaseUrl ?? '',
      SQLITE_FILE: path.join(api.dataDir, 'edgecraft.sqlite'),
      SQL: sql,
      PARAMS: JSON.stringify(parameters),
    },
  });
}

const verify = (api: Pick<TestApi, 'app'>, token: string) => call(api.app, 'GET', '/api/auth/verify', { token });

describe('a token ended anywhere is refused at the very next request', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await setupApi();
    // Accepted first, so nothing the server may have learnt about the token survives unnoticed.
    expect((await verify(api, api.token)).status).toBe(200);
  });
  afterEach(async () => {
    await api.close();
  });

  it('when another process bumps the token version by hand', async () => {
    await sqlFromAnotherProcess(api, 'UPDATE admins SET token_version = token_version + 1 WHERE id = ?', [
      api.admin.id,
    ]);
    const res = await verify(api, api.token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid or expired token' });
  });

  it('when another process puts the token on the deny-list by hand', async () => {
    await sqlFromAnotherProcess(api, 'INSERT INTO revoked_tokens (token_hash, expires_at) VALUES (?, ?)', [
      tokenHash(api.token),
      Date.now() + 3_600_000,
    ]);
    expect((await verify(api, api.token)).status).toBe(401);
  });

  it('when another process deletes the admin by hand', async () => {
    await sqlFromAnotherProcess(api, 'DELETE FROM admins WHERE id = ?', [api.admin.id]);
    expect((await verify(api, api.token)).status).toBe(401);
  });

  describe('when another instance on the same database ends it', () => {
    let other: DbHandle;
    let otherApp: Pick<TestApi, 'app'>;
    beforeEach(() => {
      other = openDatabase({ dataDir: api.dataDir, databaseUrl: api.databaseUrl });
      otherApp = {
        app: createApp({
          db: other.db,
          dbKind: other.kind,
          config: { jwtSecret: api.jwtSecret, twoFactorKey: api.twoFactorKey, sqlite: null },
          logger: silentLogger,
        }),
      };
    });
    afterEach(async () => {
      await other.close();
    });

    it('by logout', async () => {
      expect((await call(otherApp.app, 'POST', '/api/auth/logout', { token: api.token })).status).toBe(200);
      expect((await verify(api, api.token)).status).toBe(401);
    });

    it('by a password change, as the admin CLI makes it', async () => {
      expect(await setAdminPassword(other.db, api.admin.email, await hashPassword('a brand new passphrase 42'))).toBe(
        true,
      );
      expect((await verify(api, api.token)).status).toBe(401);
    });
  });
});
