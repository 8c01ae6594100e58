/**
 * `npm run bench:api`: the API's own cost per request. The production server of `npm run build` and a
 * minimal Hono app (bench-lib/hono-floor.ts) answer GET /api/health and GET /api/job in turn, each
 * driven flat out by the same autocannon load; the server's throughput as a share of the floor's,
 * one PASS/FAIL line per route (exit status 1 on any FAIL). docs/BENCHMARKS.md has the figures.
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { adminAuth, projectRoot, seedJobs, startFloor, startServer } from './bench-lib/server';
import { formatTable } from './bench-lib/table';

/** The least share of the minimal Hono app's requests per second that each route must reach. */
const TARGETS = { '/api/health': 0.25, '/api/job': 0.12 } as const;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    dist: { type: 'string', default: 'dist' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!(duration > 0 && connections >= 1)) throw new Error('--duration and --connections take positive numbers');

/** Requests per second that `url` answers under `connections` connections sending back to back. */
async function throughput(url: string): Promise<number> {
  // A short warm-up, not counted: the first requests pay for compiling the code paths.
  await autocannon({ url, connections, duration: 1, requests: [{ method: 'GET' }] });
  const result = await autocannon({ url, connections, duration, requests: [{ method: 'GET' }] });
  const failed = result.errors + result['4xx'] + result['5xx'];
  if (failed > 0) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed`);
  return result.requests.total / duration;
}

const distDir = path.resolve(projectRoot, values.dist);
const server = await startServer(distDir);
const auth = await adminAuth(server.url);
await seedJobs(server.url, auth, 5);
const floor = await startFloor(distDir, await (await fetch(`${server.url}/api/job`)).text(), 'hono-floor.ts');
const rows = [];
let failed = false;
try {
  for (const [route, target] of Object.entries(TARGETS)) {
    const floorRate = await throughput(`${floor.url}${route}`);
    const serverRate = await throughput(`${server.url}${route}`);
    const share = serverRate / floorRate;
    failed ||= share < target;
    rows.push({
      route,
      'minimal Hono, req/s': Math.round(floorRate),
      'server, req/s': Math.round(serverRate),
      share: `${Math.round(share * 100)} %`,
      target: `≥ ${target * 100} %`,
      result: share < target ? 'FAIL' : 'PASS',
    });
  }
} finally {
  await Promise.all([server.stop(), floor.stop()]);
}
console.log(formatTable(rows));
process.exit(failed ? 1 : 0);
