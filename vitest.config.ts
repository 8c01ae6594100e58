import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { DATABASE_INDEPENDENT_API_TESTS } from './tests/helpers/database-independent.ts';

/**
 * Unit and API tests. The API suite runs on SQLite (a fresh temp DATA_DIR per file) and, when
 * TEST_DATABASE_URL is set (see tests/helpers/ci-postgres.sh), a second time as the `api-postgres`
 * project on a fresh PostgreSQL database per file, less the files whose results do not depend on it.
 */
const postgres = Boolean(process.env['TEST_DATABASE_URL']);
const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };
/** Shared by every project; each project names its own files (an `include` here would be added to every project's). */
/** `isolate: false`: files share a worker's module cache instead of importing the server afresh each (docs/ARCHITECTURE.md). */
const shared = { environment: 'node', testTimeout: 20_000, hookTimeout: 60_000, isolate: false } as const;
/** API tests hash passwords (argon2id, ~50 ms each) and spawn processes; CI machines are two shared cores. */
const apiShared = { ...shared, testTimeout: 60_000 } as const;

export default defineConfig({
  resolve: { alias },
  test: {
    ...shared,
    globalSetup: ['tests/helpers/compiled-server.ts'],
    // Two shared CPU cores: keep parallel files modest.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { ...shared, name: 'unit', include: ['tests/unit/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: { ...apiShared, name: 'api', include: ['tests/api/**/*.test.ts'], env: { API_TEST_DB: 'sqlite' } },
      },
      ...(postgres
        ? [
            {
              resolve: { alias },
              test: {
                ...apiShared,
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                exclude: Object.keys(DATABASE_INDEPENDENT_API_TESTS).map((name) => `tests/api/${name}.test.ts`),
                env: { API_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
