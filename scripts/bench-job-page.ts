/**
 * `npm run bench:job-page`: does one job page with the slowest description the API accepts hold up
 * the server? Fetches it 20 times at once, with `GET /api/health` sent among them, over several
 * rounds, and prints health's latency (target: 200 ms at most) and the pages'. docs/BENCHMARKS.md.
 */
import { parseArgs } from 'node:util';
import type { Job } from '~/lib/schemas';
import { adminAuth, api, projectRoot, startServer } from './bench-lib/server';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
const rounds = Number(values.rounds);
const HEALTH_TARGET_MS = 200;
const AT_ONCE = 20;

/** 2,000 emphasis marks (the most a description may have) in one paragraph, padded to the 20,000-character limit. */
const description = `${'*a'.repeat(1_000)} ${'word '.repeat(3_599)}`.slice(0, 20_000);

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

const server = await startServer(`${projectRoot}dist`);
try {
  const headers = { ...(await adminAuth(server.url)), 'Content-Type': 'application/json' };
  const job = {
    title: 'Slowest Accepted',
    department: 'Bench',
    location: 'Pune, India',
    jobType: 'Full-time',
    description,
  };
  const init = { method: 'POST', headers, body: JSON.stringify(job) };
  const { id } = (await api<{ job: Job }>(`${server.url}/api/job`, init, 201)).job;
  const page = `${server.url}/career/jobs/${id}`;
  const health: number[] = [];
  const pages: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const fetches = Array.from({ length: AT_ONCE }, () => timed(page));
    health.push(await timed(`${server.url}/api/health`));
    pages.push(...(await Promise.all(fetches)));
  }
  const max = (list: number[]) => Math.round(Math.max(...list));
  const median = (list: number[]) => Math.round([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
  console.log(`${rounds} rounds of ${AT_ONCE} job pages at once (a ${description.length}-character description)`);
  console.log(`health: median ${median(health)} ms, max ${max(health)} ms (target ≤ ${HEALTH_TARGET_MS} ms)`);
  console.log(`pages:  median ${median(pages)} ms, max ${max(pages)} ms`);
  process.exitCode = max(health) <= HEALTH_TARGET_MS ? 0 : 1;
} finally {
  await server.stop();
}
