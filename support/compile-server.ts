/**
 * Compiles server entry points (and everything they import from src/), with the SQLite checkpoint
 * thread's program, into single ES modules in `outDir`, so they run on plain Node: no TypeScript
 * loader in the process (a faster start, less memory).
 * Packages stay in node_modules, so `outDir` must sit inside the project.
 */
import { build } from 'esbuild';

/** Every server entry opens SQLite, whose checkpoint thread runs this program from beside it. */
const CHECKPOINT_WORKER = { 'checkpoint-worker': 'src/server/db/checkpoint-worker.ts' };

export async function compileServer(outDir: string, entries: Record<string, string>): Promise<void> {
  await build({
    entryPoints: Object.entries({ ...entries, ...CHECKPOINT_WORKER }).map(([out, source]) => ({ in: source, out })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}
