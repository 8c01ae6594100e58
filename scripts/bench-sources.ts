/**
 * `npm run bench:sources`: the latency of the Sources report (`GET /api/sources`) over 300,000 job
 * view rows, 4 vacancies × 75 days × 1,000 made-up sources as a flood could leave them before
 * sources were capped. In process, through the API app as the tests call it (no socket), on SQLite
 * in a temporary DATA_DIR, or on a throwaway PostgreSQL database with API_TEST_DB=postgres and
 * TEST_DATABASE_URL (tests/helpers/ci-postgres.sh). Prints each report's latency, the CPU time it
 * took in this process, and its answer's size; exits 1 when a p95 is over the target. Figures:
 * docs/BENCHMARKS.md.
 */
import { sql } from 'kysely';
import { parseArgs } from 'node:util';
import { call, createJobViaApi, setupApi } from '../support/api';
import { seedViewFlood } from '../support/job-views';
import { formatTable } from './bench-lib/table';

const TARGET_P95_MS = 200;

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '30' }, warmup: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);

const api = await setupApi();
try {
  const jobIds: number[] = [];
  for (let i = 1; i <= 4; i += 1) jobIds.push((await createJobViaApi(api, { title: `Bench Vacancy ${i}` })).id);
  const flood = { jobIds, lastDay: new Date().toISOString().slice(0, 10), days: 75, sources: 1_000 };
  const seeding = performance.now();
  await seedViewFlood(api.db, flood);
  // What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans need.
  if (api.dbKind === 'postgres') await sql`vacuum analyze job_views`.execute(api.db);
  console.log(`${api.dbKind}: seeded 300,000 view rows in ${Math.round(performance.now() - seeding)} ms`);

  const queries = ['', `?job=${jobIds[0]}`, '?page=2', '?page=10&limit=100'];
  const rows: Record<string, string | number>[] = [];
  let failed = false;
  for (const query of queries) {
    const times: number[] = [];
    let bytes = 0;
    let cpu = process.cpuUsage();
    for (let i = 0; i < warmup + runs; i += 1) {
      if (i === warmup) cpu = process.cpuUsage();
      const start = performance.now();
      const res = await call(api.app, 'GET', `/api/sources${query}`, { token: api.token });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET /api/sources${query}: ${res.status} ${text}`);
      if (i >= warmup) times.push(performance.now() - start);
      bytes = text.length;
    }
    const { user, system } = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
    failed ||= at(0.95) > TARGET_P95_MS;
    rows.push({
      report: `/api/sources${query}`,
      'p50 ms': at(0.5),
      'p95 ms': at(0.95),
      'max ms': at(1),
      // What a report costs this process's CPU (SQLite runs in it): its latency on an idle core.
      'CPU ms': Math.round((user + system) / 1000 / runs),
      bytes,
    });
  }
  console.log(formatTable(rows));
  console.log(`${failed ? 'FAIL' : 'PASS'} every report's p95 < ${TARGET_P95_MS} ms (${runs} runs each)`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await api.close();
}
