/**
 * Tells, visibly, whether this run of the API suite used PostgreSQL. Every other API test file
 * switches to a fresh PostgreSQL database of its own when TEST_DATABASE_URL is set
 * (see tests/helpers/api.ts); start one with `bash scripts/ci-postgres.sh`.
 */
import { describe, expect, it } from 'vitest';
import { call, setupApi, TEST_DATABASE_URL } from '../helpers/api';

if (!TEST_DATABASE_URL) {
  console.warn(
    '\nNOTICE: TEST_DATABASE_URL is not set, so the API suite ran on SQLite only; the PostgreSQL run is skipped.\n' +
      '        Start one with: export $(bash scripts/ci-postgres.sh) && npx vitest run tests/api\n',
  );
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL run of the API suite', () => {
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

describe.skipIf(!!TEST_DATABASE_URL)('PostgreSQL run skipped: TEST_DATABASE_URL is not set (see scripts/ci-postgres.sh)', () => {
  it.skip('start PostgreSQL with `export $(bash scripts/ci-postgres.sh)` to run the API suite against it', () => {});
});
