/**
 * Compiles the one server (src/server/main.ts and everything it imports from src/) into a single
 * ES module, `<dist>/node/main.mjs` (plus the worker threads' `store-worker.mjs` and `scrypt-worker.mjs`), so production runs plain Node: no TypeScript loader in the
 * serving process (about 40 MB less memory and a faster start). Packages stay in node_modules.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';

/** The build folder: the first argument, default dist. */
const outDir = resolve(process.argv[2] ?? 'dist', 'node');

await build({
  // Worker threads load their code from files of their own, so each worker is an entry beside main.mjs.
  entryPoints: [
    { in: 'src/server/main.ts', out: 'main' },
    { in: 'src/server/features/applicants/store-worker.ts', out: 'store-worker' },
    { in: 'src/server/features/auth/scrypt-worker.mjs', out: 'scrypt-worker' },
  ],
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
console.log(`server compiled to ${outDir}/main.mjs`);
