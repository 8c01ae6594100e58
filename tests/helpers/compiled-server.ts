/**
 * The server and the admin CLI as process-level tests start them: compiled once per Vitest or
 * Playwright run (the global setup below) instead of through the TypeScript loader at every start, which cost each
 * start about a second of CPU.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileServer } from '../../support/compile-server';

const DIR_VARIABLE = 'EDGECRAFT_COMPILED_SERVER_DIR';
const ENTRIES = {
  'api-only': 'src/server/api-only.ts',
  admin: 'src/server/cli/admin.ts',
  // The whole server (site and API), for the test behind nginx.
  main: 'src/server/main.ts',
} as const;

/** The compiled module of an entry point, to run with plain `node`. */
export function compiledEntry(name: keyof typeof ENTRIES): string {
  const dir = process.env[DIR_VARIABLE];
  if (!dir)
    throw new Error(
      `${DIR_VARIABLE} is unset: run the tests through Vitest or Playwright (their global setup compiles)`,
    );
  return join(dir, `${name}.mjs`);
}

/** Vitest and Playwright global setup: compiles into node_modules/.cache (packages resolve from there), removed afterwards. */
export default async function compileForTests(): Promise<() => void> {
  const cache = join(process.cwd(), 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'edgecraft-test-server-'));
  await compileServer(dir, ENTRIES);
  // Set before the runner starts its workers, which inherit it.
  process.env[DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
