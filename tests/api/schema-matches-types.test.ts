import type { Kysely } from 'kysely';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '~/server/db';
import { openFreshDatabase } from '../../support/api';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SCHEMA_FILE = fileURLToPath(new URL('../../src/server/db/schema.ts', import.meta.url));

/** Table → sorted column names, as the `Database` interface of schema.ts declares them (read by TypeScript itself). */
function tablesOfTypes(): Record<string, string[]> {
  // Names only: imports need not resolve, so the program is the one file.
  const program = ts.createProgram([SCHEMA_FILE], { noResolve: true, noLib: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  if (!source) throw new Error(`Cannot read ${SCHEMA_FILE}`);
  const database = checker
    .getExportsOfModule(checker.getSymbolAtLocation(source) as ts.Symbol)
    .find((symbol) => symbol.name === 'Database');
  if (!database) throw new Error('schema.ts exports no Database');
  const tables = checker.getDeclaredTypeOfSymbol(database).getProperties();
  return Object.fromEntries(
    tables.map((table) => [
      table.name,
      checker
        .getTypeOfSymbol(table)
        .getProperties()
        .map((column) => column.name)
        .sort(),
    ]),
  );
}

/**
 * What the database holds beyond the types, each for a reason: the migrator's own tables, the
 * search index (SQLite's FTS5 table and its shadow tables; PostgreSQL's column), queried in raw
 * SQL, and rate-limiter-flexible's table on PostgreSQL.
 */
const DATABASE_ONLY_TABLES = /^(kysely_migration(_lock)?|applicant_search(_\w+)?|rate_limits)$/;
const DATABASE_ONLY_COLUMNS = new Set(['applicants.search_vector']);

/** Table → sorted column names of a database migrated from empty, introspected. */
async function tablesOfDatabase(): Promise<Record<string, string[]>> {
  const handle = await openFreshDatabase('schema');
  cleanups.push(() => handle.remove());
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
  const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
  return Object.fromEntries(
    tables
      .filter((table) => !table.isView && !DATABASE_ONLY_TABLES.test(table.name))
      .map((table) => [
        table.name,
        table.columns
          .map((column) => column.name)
          .filter((column) => !DATABASE_ONLY_COLUMNS.has(`${table.name}.${column}`))
          .sort(),
      ]),
  );
}

describe('the migrated database and the schema types', () => {
  it('have the same tables with the same columns', async () => {
    const types = tablesOfTypes();
    expect(Object.keys(types).length).toBeGreaterThan(20);
    expect(await tablesOfDatabase()).toEqual(types);
  });
});
