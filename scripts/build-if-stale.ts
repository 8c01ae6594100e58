/**
 * First half of `npm start`: builds when dist/ is missing or older than its sources; the second
 * half (package.json) then runs the compiled server with plain Node.
 * With `--split`, the same for the variant the split-deployment browser test serves: dist-split/ (its
 * PUBLIC_API_URL, an API on another origin), also rebuilt when that setting differs from the one it was built with.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const rootDir = new URL('../', import.meta.url).pathname;
const VARIANTS = { '--split': { outDir: 'dist-split', settings: ['PUBLIC_API_URL'] } } as const;
const variant = Object.entries(VARIANTS).find(([flag]) => process.argv.includes(flag))?.[1];
const stamps = (
  variant ? [`${variant.outDir}/client/index.html`] : ['dist/client/index.html', 'dist/node/main.mjs']
).map((file) => join(rootDir, file));
// A variant only serves its own tests: no Open Graph previews (most of its build time).
const [command, args, env] = variant
  ? ['npx', ['astro', 'build', '--outDir', variant.outDir], { OG_IMAGES: 'off' }]
  : ['npm', ['run', 'build'], {}];
const sources = ['src', 'content', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'package.json'];
/** The settings a variant was built with, beside its build. */
const settingsFile = variant && join(rootDir, variant.outDir, 'build-settings.json');
const settings = variant && JSON.stringify(Object.fromEntries(variant.settings.map((key) => [key, process.env[key]])));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

const builtAt = Math.min(...stamps.map((stamp) => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((source) => newestMtime(join(rootDir, source))));
const settingsChanged = settingsFile && (!existsSync(settingsFile) || readFileSync(settingsFile, 'utf8') !== settings);

if (builtAt < changedAt || settingsChanged) {
  console.log(builtAt ? 'Sources or settings changed since the last build: rebuilding…' : 'No build yet: building…');
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  if (settingsFile && settings) writeFileSync(settingsFile, settings);
}
