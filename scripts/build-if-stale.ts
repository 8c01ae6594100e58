/**
 * First half of `npm start`: builds when dist/ is missing or older than its sources; the second
 * half (package.json) then runs the compiled server with plain Node.
 * With `--emailjs`, the same for dist-emailjs/, the site built with the PUBLIC_EMAILJS_* settings
 * of the environment (the browser tests' second server).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const rootDir = new URL('../', import.meta.url).pathname;
const emailJs = process.argv.includes('--emailjs');
const stamps = (emailJs ? ['dist-emailjs/client/index.html'] : ['dist/client/index.html', 'dist/node/main.mjs']).map(
  (file) => join(rootDir, file),
);
// The EmailJS variant only serves the contact form's tests: no Open Graph previews (most of its build time).
const [command, args, env] = emailJs
  ? ['npx', ['astro', 'build', '--outDir', 'dist-emailjs'], { OG_IMAGES: 'off' }]
  : ['npm', ['run', 'build'], {}];
const sources = ['src', 'content', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

const builtAt = Math.min(...stamps.map((stamp) => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((source) => newestMtime(join(rootDir, source))));

if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
