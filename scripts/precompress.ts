/** Writes .br and .gz siblings for every compressible file of the static build (served by main.ts). */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE } from '~/server/static/content-types';

/** The build folder to compress: the first argument, default dist. */
const root = resolve(process.argv[2] ?? 'dist', 'client');
const MIN_BYTES = 512;

let count = 0;
for (const name of await readdir(root, { recursive: true })) {
  const file = join(root, name);
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const data = await readFile(file);
  if (data.length < MIN_BYTES) continue;
  await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files`);
