import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_INDEPENDENT_API_TESTS } from '../helpers/database-independent';

const apiDir = fileURLToPath(new URL('../api/', import.meta.url));
const apiFiles = readdirSync(apiDir).filter((name) => name.endsWith('.test.ts'));
const source = (file: string) => readFileSync(`${apiDir}${file}`, 'utf8');

describe('the API files left out of the PostgreSQL run', () => {
  it('each exist, with the reason their results do not depend on the database', () => {
    for (const [name, reason] of Object.entries(DATABASE_INDEPENDENT_API_TESTS)) {
      expect(existsSync(`${apiDir}${name}.test.ts`), name).toBe(true);
      expect(reason.length, name).toBeGreaterThan(10);
    }
  });

  it('never ask which database they run on', () => {
    for (const name of Object.keys(DATABASE_INDEPENDENT_API_TESTS))
      expect(source(`${name}.test.ts`), name).not.toMatch(
        /dbKind|\.kind ===|API_TEST_DB|TEST_DATABASE_URL|POSTGRES_AVAILABLE/,
      );
  });

  it('are the only way out: no other API file skips itself on PostgreSQL', () => {
    const selfSkipping = apiFiles.filter((file) => /API_TEST_DB'\]\s*===\s*'postgres'/.test(source(file)));
    expect(selfSkipping).toEqual([]);
  });
});
