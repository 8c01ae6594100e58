/**
 * `npm run bench:api`: starts the one server as production runs it (the compiled
 * `dist/node/main.mjs` with the flags of `npm run serve`, from the benches' own build; see
 * bench-lib/server.ts) on loopback with a fresh SQLite DATA_DIR (or DATABASE_URL if set), then drives
 * its API with a small built-in load generator (fetch, fixed concurrency, fixed duration) and prints
 * one table: requests/s, p50 and p99 latency, errors and the server's peak RSS per scenario.
 *
 *   GET  /api/health               the floor
 *   GET  /api/job                  with 50 jobs
 *   POST /api/applicants/apply     multipart with a 1 MB PDF, a new applicant each time
 *
 * Environment: BENCH_DURATION_SECONDS (8), BENCH_CONCURRENCY (10, as autocannon),
 * BENCH_APPLY_DURATION_SECONDS (5); `--reuse-build` skips the build when one is there. Not a test:
 * it prints figures and checks them against the issue's targets, exiting 1 if one is missed.
 */
import { performance } from 'node:perf_hooks';
import { adminToken, applicationTemplate } from './bench-lib/api';
import { parseArgs } from './bench-lib/args';
import { cpuMs, rssMb } from './bench-lib/proc';
import { ensureBuild, startServer } from './bench-lib/server';
import { percentile } from './bench-lib/stats';

const duration = Number(process.env['BENCH_DURATION_SECONDS'] ?? 8) * 1000;
const applyDuration = Number(process.env['BENCH_APPLY_DURATION_SECONDS'] ?? 5) * 1000;
const concurrency = Number(process.env['BENCH_CONCURRENCY'] ?? 10);

type Result = {
  name: string;
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  peakRssMb: number;
  /** Server CPU time (user + system) per request: comparable even on a busy machine. */
  cpuMsPerRequest: number;
};

async function load(name: string, pid: number, ms: number, send: (i: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const end = started + ms;
  async function worker() {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await send(counter++);
        const text = await res.text();
        if (!res.ok) {
          errors++;
          if (errors <= 3) console.error(`${name}: ${res.status} ${text.slice(0, 200)}`);
        }
      } catch (error) {
        errors++;
        if (errors <= 3) console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  latencies.sort((a, b) => a - b);
  const cpuMsPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, latencies.length);
  return { name, requests: latencies.length, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, peakRssMb: peak, cpuMsPerRequest };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), ['reuse-build']);
  ensureBuild(args.has('reuse-build'));
  const server = await startServer();
  const { pid, url: base } = server;
  try {
    const token = await adminToken(base);
    let jobId = 0;
    for (let i = 1; i <= 50; i++) {
      const res = await fetch(`${base}/api/job`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: `Benchmark Role ${i}`,
          department: ['Engineering', 'Research', 'Sales', 'Operations'][i % 4],
          location: 'Bengaluru, India',
          jobType: 'Full-time',
          description: `Role ${i}: build embedded and edge AI systems. `.repeat(12),
          salaryRange: '₹20-35 LPA',
        }),
      });
      jobId = ((await res.json()) as { job: { id: number } }).job.id;
    }

    // Warm up the JIT and connections.
    await load('warm-up', pid, 1000, () => fetch(`${base}/api/job`));

    const template = await applicationTemplate(jobId, 1024 * 1024);
    const runId = Date.now().toString(36);

    const results = [
      await load('GET /api/health', pid, duration, () => fetch(`${base}/api/health`)),
      await load('GET /api/job (50 jobs)', pid, duration, () => fetch(`${base}/api/job`)),
      await load('POST /api/applicants/apply (1 MB PDF)', pid, applyDuration, (i) =>
        fetch(`${base}/api/applicants/apply`, { method: 'POST', body: template.body(i, runId).body, headers: { 'Content-Type': template.contentType } }),
      ),
    ];

    const rows = results.map((r) => ({
      scenario: r.name,
      'req/s': Math.round(r.requests / r.seconds),
      'p50 ms': r.p50.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      errors: r.errors,
      'peak RSS MB': r.peakRssMb.toFixed(0),
      'server CPU ms/req': r.cpuMsPerRequest.toFixed(2),
    }));
    console.log(`\nAPI benchmark: concurrency ${concurrency}, ${duration / 1000}s per GET scenario, ${applyDuration / 1000}s apply, database ${process.env['DATABASE_URL'] ? 'postgres' : 'sqlite'}`);
    console.table(rows);

    const [health, jobs, apply] = results as [Result, Result, Result];
    const rps = (r: Result) => r.requests / r.seconds;
    const checks: [string, boolean][] = [
      [`GET /api/job ≥ 60% of health (${Math.round((rps(jobs) / rps(health)) * 100)}%)`, rps(jobs) >= 0.6 * rps(health)],
      ['zero errors', results.every((r) => r.errors === 0)],
      [`apply ≥ 100 req/s (${Math.round(rps(apply))})`, rps(apply) >= 100],
      [`peak RSS < 200 MB (${Math.max(...results.map((r) => r.peakRssMb)).toFixed(0)} MB)`, results.every((r) => r.peakRssMb < 200)],
    ];
    for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'MISS'}  ${label}`);
    return checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await server.stop();
  }
}

process.exitCode = await main();
