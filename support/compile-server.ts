/**
 * Compiles server entry points (and everything they import from src/), with the programs of its
 * thread and child process, into single ES modules in `outDir`, so they run on plain Node: no TypeScript
 * loader in the process (a faster start, less memory).
 * Packages stay in node_modules, so `outDir` must sit inside the project.
 */
import { build } from 'esbuild';

/**
 * Programs the server runs from beside it: SQLite's checkpoint thread (every entry opens SQLite)
 * and the resume reader's child process (the API reads resumes after storing them).
 */
const WORKERS = {
  'checkpoint-worker': 'src/server/db/checkpoint-worker.ts',
  'resume-worker': 'src/server/services/resume-worker.ts',
};

export async function compileServer(outDir: string, entries: Record<string, string>): Promise<void> {
  await build({
    entryPoints: Object.entries({ ...entries, ...WORKERS }).map(([out, source]) => ({ in: source, out })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
  });
}
