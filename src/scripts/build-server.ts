/**
 * Compiles the one server (src/server/main.ts and everything it imports from src/) into a single
 * ES module, `<dist>/node/main.mjs`, so production runs plain Node: no TypeScript loader in the
 * serving process (about 40 MB less memory and a faster start). Packages stay in node_modules.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';

/** The build folder: the first argument, default dist. */
const outDir = resolve(process.argv[2] ?? 'dist', 'node');

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: resolve(outDir, 'main.mjs'),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server compiled to ${outDir}/main.mjs`);
