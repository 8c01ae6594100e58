/**
 * `npm run check:links`: every external link in content/ (MDX bodies, frontmatter and the YAML rows'
 * sources) must still answer. It needs the network, so it is not part of `npm test`; run it before a
 * release or weekly. Internal links are checked by every build (src/integrations/link-check.ts).
 *
 * A link fails on 404, 410, any 5xx, a timeout or a name that does not resolve; 401, 403 and 429 are
 * reported as warnings, since many vendor sites refuse robots. Exit status 1 when any link fails.
 */
import { fileURLToPath } from 'node:url';
import { contentLinks } from '../src/integrations/content-links';

const root = fileURLToPath(new URL('../', import.meta.url));
const TIMEOUT_MS = 15_000;
const PARALLEL = 4;

const external = contentLinks(`${root}content`, root, true).filter((link) => /^https?:\/\//.test(link.url));
const byUrl = new Map<string, typeof external>();
for (const link of external) byUrl.set(link.url, [...(byUrl.get(link.url) ?? []), link]);

async function status(url: string): Promise<number | string> {
  const attempt = async (method: 'HEAD' | 'GET') => {
    const response = await fetch(url, {
      method,
      redirect: 'follow',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'user-agent': 'EdgeCraft link check (+https://www.example.com)' },
    });
    await response.body?.cancel();
    return response.status;
  };
  try {
    const head = await attempt('HEAD');
    // Some servers refuse HEAD but answer GET.
    return head === 405 || head === 403 || head === 404 ? await attempt('GET') : head;
  } catch (error) {
    return error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  }
}

const urls = [...byUrl.keys()];
const results = new Map<string, number | string>();
let next = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      results.set(url, await status(url));
    }
  }),
);

let failed = 0;
let warned = 0;
for (const [url, result] of results) {
  const where = (byUrl.get(url) ?? []).map((link) => `${link.file}:${link.line}`).join(', ');
  if (typeof result === 'number' && result < 400) continue;
  const warning = result === 401 || result === 403 || result === 429;
  if (warning) warned += 1;
  else failed += 1;
  console.log(`${warning ? 'warn' : 'FAIL'} ${result} ${url}\n     in ${where}`);
}
console.log(`${urls.length} external links checked: ${failed} failed, ${warned} warnings`);
process.exit(failed > 0 ? 1 : 0);
