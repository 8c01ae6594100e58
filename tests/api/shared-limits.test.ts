/**
 * Several instances stay one system: on PostgreSQL the login limits are counted in the database,
 * so two server processes behind a load balancer allow what one would, not twice as much.
 * Runs in the PostgreSQL project only (SQLite is one process by design).
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, TEST_DATABASE_URL } from '../../support/api';
import { startApiServer, type RunningServer } from '../helpers/server';

const ADMIN = { email: 'shared@example.com', password: 'shared limits password' };
const JWT_SECRET = 'a shared secret for both instances of this test';

describe.runIf(TEST_DATABASE_URL)('rate limits shared by two instances on one PostgreSQL', () => {
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  let dropPg: (() => Promise<void>) | undefined;
  let pgUrl = '';

  beforeAll(async () => {
    const pgDb = await createPgDatabase(TEST_DATABASE_URL ?? '');
    dropPg = pgDb.drop;
    pgUrl = pgDb.url;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-shared-test-'));
      dataDirs.push(dataDir);
      // One after the other: the first runs the migrations, the second finds them done.
      servers.push(
        await startApiServer(
          {
            DATA_DIR: dataDir,
            DATABASE_URL: pgDb.url,
            JWT_SECRET,
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
          },
          0,
        ),
      );
    }
  });

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await dropPg?.();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const login = (server: RunningServer, password: string) =>
    fetch(`${server.url}/api/admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password }),
    });

  it('ends a token on every instance at logout', async () => {
    const res = await login(servers[0]!, ADMIN.password);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const verify = (server: RunningServer) =>
      fetch(`${server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await verify(servers[1]!)).status).toBe(200);
    const out = await fetch(`${servers[0]!.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect((await verify(servers[1]!)).status).toBe(401);
  });

  it('answers the sixth failed login for one e-mail with 429 on either instance, alternating between them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(servers[i % 2]!, 'wrong password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const other = await login(servers[0]!, 'wrong password');
    expect(other.status).toBe(429);
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stores the e-mail only as an HMAC under the server secret, which a plain SHA-256 cannot find', async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const keys = (await client.query<{ key: string }>('select key from rate_limits')).rows.map((row) => row.key);
    await client.end();
    const keyed = createHmac('sha256', JWT_SECRET).update(`rate-limit\n${ADMIN.email}`).digest('base64url');
    const plain = createHash('sha256').update(ADMIN.email).digest('base64url');
    expect(keys).toContain(`login-email:${keyed}`);
    expect(keys.join('\n')).not.toContain(plain);
    expect(keys.join('\n')).not.toContain(ADMIN.email);
  });
});
