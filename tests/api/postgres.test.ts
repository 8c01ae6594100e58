/**
 * Tells, visibly, whether the API suite also ran on PostgreSQL. With TEST_DATABASE_URL set, the
 * vitest project `api-postgres` runs every API test file again, each on a fresh PostgreSQL
 * database (support/api.ts); start a server with `bash tests/helpers/ci-postgres.sh`.
 */
import { describe, expect, it } from 'vitest';
import { call, POSTGRES_AVAILABLE, setupApi, TEST_DATABASE_URL } from '../../support/api';

const pgRun = Boolean(TEST_DATABASE_URL);

if (!POSTGRES_AVAILABLE) {
  console.warn(
    '\nNOTICE: TEST_DATABASE_URL is not set, so the API suite ran on SQLite only; the PostgreSQL run is skipped.\n' +
      '        Run it with: export $(bash tests/helpers/ci-postgres.sh) && npx vitest run tests/api\n',
  );
}

describe.skipIf(!pgRun)('PostgreSQL run of the API suite', () => {
  it('runs on a fresh PostgreSQL database per test file', async () => {
    const [a, b] = await Promise.all([setupApi(), setupApi()]);
    try {
      expect(a.dbKind).toBe('postgres');
      expect(a.databaseUrl).not.toBe(b.databaseUrl);
      const health = await call(a.app, 'GET', '/api/health');
      expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe.skipIf(POSTGRES_AVAILABLE)('PostgreSQL run skipped: TEST_DATABASE_URL is not set', () => {
  it.skip('start PostgreSQL with `export $(bash tests/helpers/ci-postgres.sh)` to run the API suite against it too', () => {});
});
