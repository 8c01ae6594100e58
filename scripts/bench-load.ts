/**
 * `npm run bench:load`: what visitors and applicants feel on a busy day. Drives the production
 * server of `npm run build` with autocannon (visitors on pages, assets and the job list while
 * applications with 1 MB PDFs arrive), then checks every resume and mail and prints one PASS/FAIL
 * line per target; exits 1 on any FAIL. The load, its options and the targets: docs/BENCHMARKS.md.
 */
import autocannon, { type Options, type Result } from 'autocannon';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OutboxList } from '~/lib/schemas';
import { CONSENT_FIELD } from '~/lib/privacy';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '~/lib/spam';
import { PUBLIC_PAGES } from '~/public-pages';
import { pdfBytes } from '../support/files';
import { startSmtpCapture } from '../support/smtp';
import { adminAuth, api, projectRoot, seedJobs, startFloor, startServer } from './bench-lib/server';
import type { EventLoopDelay } from './bench-lib/event-loop';
import { formatTable } from './bench-lib/table';

/** Absolute targets, for the record; the latency targets that pass or fail are RATIOS to the floor's figures. */
const TARGETS = { p99Ms: 100, applyP99Ms: 500, loopDelayMaxMs: 50, rssMb: 250 };
const RATIOS = { p99: 3, applyP99: 3, loopDelayMax: 3 };
const RESUME_BYTES = 1024 * 1024;
const MAIL_WAIT_MS = 120_000; // at most, for the outbox to empty after the load

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    visitors: { type: 'string', default: '200' },
    'visitor-rate': { type: 'string', default: '10' },
    'apply-rate': { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    dist: { type: 'string', default: 'dist' },
  },
});
/** The option's value, at least `min` (autocannon sends no fewer than 1 request a second). */
const atLeast = (name: keyof typeof values, min: number): number => {
  if (Number(values[name]) >= min) return Number(values[name]);
  throw new Error(`--${name} takes a number of at least ${min}, got ${values[name]}`);
};
const positive = (name: keyof typeof values): number => atLeast(name, Number.MIN_VALUE);
const duration = positive('duration');
const visitors = Math.round(positive('visitors'));
const visitorRate = atLeast('visitor-rate', 0);
const applyRate = Math.round(atLeast('apply-rate', 1));
const distDir = path.resolve(projectRoot, values.dist);
const client = path.join(distDir, 'client');

/** Every file of the build that the public pages (and their stylesheets) reference. */
function assetsOfPages(): string[] {
  const assets = new Set<string>();
  const scan = (file: string, pattern: RegExp) => {
    for (const [, url = ''] of readFileSync(path.join(client, file), 'utf8').matchAll(pattern))
      if (statSync(path.join(client, url), { throwIfNoEntry: false })?.isFile()) assets.add(url);
  };
  for (const page of PUBLIC_PAGES)
    scan(`${page}/index.html`, /\s(?:src|href|poster|component-url|renderer-url)="(\/[^/"?#][^"?#]*)"/g);
  for (const css of [...assets].filter((a) => a.endsWith('.css'))) scan(css, /url\(["']?(\/[^/"')?#][^"')?#]*)/g);
  return [...assets].filter((a) => !a.endsWith('.html')).sort();
}

/** Application number i's resume: a well-formed 1 MB PDF whose comment makes it unique. */
const resume = (i: number): Buffer => Buffer.from(pdfBytes(RESUME_BYTES, `bench resume ${i}`));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const emailOf = (i: number) => `applicant-${i}@example.com`;
/** CPU seconds (user + system) process `pid` has used, from /proc (clock ticks of 1/100 s). */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Application number i as the careers form sends it (multipart, consent given, filled in 30 s). */
function application(jobId: number, i: number): Buffer {
  const fields: Record<string, string> = {
    jobId: String(jobId),
    name: 'Bench Applicant',
    email: emailOf(i),
    phone: '+91 98765 43210',
    coverLetter: 'I build firmware and edge inference pipelines and would like to join the team in Bengaluru.',
    [CONSENT_FIELD]: 'true',
    [HONEYPOT_FIELD]: '',
    [FILL_TIME_FIELD]: '30000',
  };
  const part = (name: string, extra = '') =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const head = Object.entries(fields).map(([name, value]) => `${part(name)}\r\n${value}\r\n`);
  head.push(`${part('resume', '; filename="resume.pdf"')}Content-Type: application/pdf\r\n\r\n`);
  return Buffer.concat([Buffer.from(head.join('')), resume(i), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
const BOUNDARY = 'bench-form-boundary-5b1e';

/** What one kind of client got: requests answered, errors, latency percentiles in whole ms. */
type Outcome = { requests: number; errors: number; p50: number; p99: number; max: number };

/** The outcome of autocannon runs side by side, the latencies taken from all their responses. */
function combined(runs: Result[], latencies: number[]): Outcome {
  const sorted = latencies.map(Math.round).sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const sum = (pick: (r: Result) => number) => runs.reduce((n, r) => n + pick(r), 0);
  const errors = sum((r) => r['4xx'] + r['5xx'] + r.errors);
  return { requests: sum((r) => r.requests.total), errors, p50: at(0.5), p99: at(0.99), max: at(1) };
}

const kinds = ['pages', 'assets', 'job list', 'apply'] as const;

const assets = assetsOfPages();
const smtp = await startSmtpCapture();
const server = await startServer(distDir, { SMTP_URL: smtp.url });
let failed = true;
try {
  const auth = await adminAuth(server.url);
  const [jobId = 0] = await seedJobs(server.url, auth, 5);
  let next = 0;

  /**
   * `count` clients of one connection each to `url`, for `seconds`, each sending `perSecond`
   * requests a second (back to back when 0; autocannon sends a second's requests at its start). Their
   * starts are spread over the first second, so clients arrive one after another rather than all at once.
   */
  const clients = async (
    url: string,
    count: number,
    perSecond: number,
    seconds: number,
    options: Omit<Options, 'url' | 'connections' | 'duration'>,
  ) => {
    const latencies: number[] = [];
    const runs = await Promise.all(
      Array.from({ length: count }, async (_, k) => {
        await new Promise((resolve) => setTimeout(resolve, (k * 1000) / count));
        const rate = perSecond ? { connectionRate: perSecond } : {};
        const run = autocannon({ url, connections: 1, duration: seconds, ...rate, ...options });
        return run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
      }),
    );
    return combined(runs, latencies);
  };

  /**
   * The whole load on `url` for `seconds`: visitors on pages, assets and the job list while
   * applications arrive; the numbers of applications answered 201 go into `accepted`.
   */
  const load = (url: string, seconds: number, accepted: Set<number>): Promise<Outcome[]> => {
    const visit = (share: number, paths: readonly string[]) =>
      clients(url, Math.max(1, Math.round(visitors * share)), visitorRate, seconds, {
        headers: { 'accept-encoding': 'br, gzip' },
        requests: paths.map((urlPath) => ({ method: 'GET', path: urlPath })),
      });
    // One applicant a second per client: applications arrive evenly, one every 50 ms at 20 a second.
    const apply = clients(url, applyRate, 1, seconds, {
      amount: Math.round(seconds),
      requests: [
        {
          setupRequest: (request, context) => {
            context['i'] = next;
            const body = application(jobId, next++);
            const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
            return { ...request, method: 'POST', path: '/api/applicants/apply', headers, body };
          },
          onResponse: (status, _body, context) => {
            if (status === 201) accepted.add(Number(context['i']));
          },
        },
      ],
    });
    return Promise.all([visit(0.4, PUBLIC_PAGES), visit(0.4, assets), visit(0.2, ['/api/job']), apply]);
  };

  /** Warm-up, then the measured run on `target`: its outcomes, event-loop delay and CPU shares. */
  const measure = async (
    target: { url: string; pid: number; eventLoopDelay: () => Promise<EventLoopDelay> },
    accepted: Set<number>,
  ) => {
    const warmUp = await load(target.url, positive('warmup'), accepted);
    await target.eventLoopDelay(); // starts the measured window
    const cpu = { bench: process.cpuUsage(), target: cpuSeconds(target.pid), at: performance.now() };
    const results = await load(target.url, duration, accepted);
    const seconds = (performance.now() - cpu.at) / 1000;
    const { user, system } = process.cpuUsage(cpu.bench);
    const share = (cpuUsed: number) => Math.round((100 * cpuUsed) / (seconds * availableParallelism()));
    return {
      warmUp,
      results,
      loop: await target.eventLoopDelay(),
      benchCpu: share((user + system) / 1e6),
      targetCpu: share(cpuSeconds(target.pid) - cpu.target),
    };
  };

  const loadAverage = () => loadavg().map((n) => n.toFixed(1));
  const [loadBefore] = loadAverage();
  console.log(
    `${visitors} visitors on ${PUBLIC_PAGES.length} pages, ${assets.length} assets and /api/job; ${applyRate} applications/s ` +
      `with 1 MB PDFs; ${values.warmup} s warm-up, then ${duration} s; on the floor first, then on the server (pid ${server.pid} at ${server.url})`,
  );
  const floor = await startFloor(distDir, await (await fetch(`${server.url}/api/job`)).text());
  const onFloor = await measure(floor, new Set()).finally(() => floor.stop());
  const accepted = new Set<number>();
  const { warmUp, results, loop, benchCpu, targetCpu } = await measure(server, accepted);

  // The mails: wait until the outbox holds nothing pending (bounded), then compare with the SMTP server.
  const mailStart = Date.now();
  const readOutbox = () => api<OutboxList>(`${server.url}/api/outbox`, { headers: auth });
  let outbox = await readOutbox();
  for (; outbox.counts.pending > 0 && Date.now() - mailStart < MAIL_WAIT_MS; outbox = await readOutbox())
    await new Promise((resolve) => setTimeout(resolve, 250));
  const mailSeconds = (Date.now() - mailStart) / 1000;
  // The peak of the surge and the mails it sent; reading every resume back below is the bench's own check.
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const peakRssMb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Infinity) / 1024;
  const recipients = new Set(smtp.mails.flatMap((mail) => mail.to));
  const withoutReceipt = [...accepted].filter((i) => !recipients.has(emailOf(i))).length;

  // The applications: each accepted one stored, its resume read back byte for byte.
  const { applicants } = await api<{ applicants: { id: number; email: string }[] }>(`${server.url}/api/applicants`, {
    headers: auth,
  });
  const idByEmail = new Map(applicants.map((a) => [a.email, a.id]));
  let intact = 0;
  for (const i of accepted) {
    const id = idByEmail.get(emailOf(i));
    const res = id === undefined ? null : await fetch(`${server.url}/api/applicants/${id}/download`, { headers: auth });
    if (res?.ok && sha256(new Uint8Array(await res.arrayBuffer())) === sha256(resume(i))) intact++;
  }

  const table = (outcomes: Outcome[]) =>
    formatTable(
      outcomes.map((r, i) => ({
        kind: kinds[i] ?? '',
        requests: r.requests,
        'req/s': Math.round(r.requests / duration),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'max ms': r.max,
        errors: r.errors,
      })),
    );
  const [load1, load5] = loadAverage();
  console.log(
    `\n${duration} s each on ${availableParallelism()} cores; load average ${loadBefore} before, ${load1} after (${load5} over 5 min)\n`,
  );
  console.log(
    `The floor (bare node:http from memory), CPU: floor ${onFloor.targetCpu} %, load generator ${onFloor.benchCpu} %`,
  );
  console.log(table(onFloor.results));
  console.log(`\nThe server, CPU: server ${targetCpu} %, load generator ${benchCpu} %`);
  console.log(table(results));
  const { pending, sent, failed: notSent } = outbox.counts;
  const delay = (name: string, d: EventLoopDelay) =>
    `${name} delay max ${d.maxMs} ms, p99 ${d.p99Ms} ms, mean ${d.meanMs} ms`;
  console.log(
    `\nevent loop: ${delay('server', loop)}; ${delay('floor', onFloor.loop)}\n` +
      `server peak RSS ${peakRssMb.toFixed(0)} MB\n` +
      `applications (warm-up included): ${accepted.size} accepted, ${applicants.length} stored, ${intact} read back sha256-exact\n` +
      `mails: ${sent} sent, ${notSent} failed, ${pending} pending ${mailSeconds.toFixed(1)} s after the load; ${smtp.mails.length} received by the SMTP server\n`,
  );

  const totalErrors = [...results, ...warmUp].reduce((n, r) => n + r.errors, 0);
  const p99 = (outcomes: Outcome[], i: number) => outcomes[i]?.p99 ?? Infinity;
  /** `figure` within `ratio` times the floor's `floorFigure`, as a check line. */
  const nearFloor = (label: string, figure: number, floorFigure: number, ratio: number): [string, boolean] => [
    `${label} ≤ ${ratio}× the floor's (${figure} vs ${floorFigure}: ${(figure / floorFigure).toFixed(1)}×)`,
    figure <= ratio * floorFigure,
  ];
  const records: [string, boolean][] = [
    [`pages p99 < ${TARGETS.p99Ms} ms (${p99(results, 0)})`, p99(results, 0) < TARGETS.p99Ms],
    [`job list p99 < ${TARGETS.p99Ms} ms (${p99(results, 2)})`, p99(results, 2) < TARGETS.p99Ms],
    [`apply p99 < ${TARGETS.applyP99Ms} ms (${p99(results, 3)})`, p99(results, 3) < TARGETS.applyP99Ms],
    [`event-loop delay max < ${TARGETS.loopDelayMaxMs} ms (${loop.maxMs})`, loop.maxMs < TARGETS.loopDelayMaxMs],
  ];
  const checks: [string, boolean][] = [
    [`zero errors, warm-up included (${totalErrors})`, totalErrors === 0],
    nearFloor('pages p99', p99(results, 0), p99(onFloor.results, 0), RATIOS.p99),
    nearFloor('job list p99', p99(results, 2), p99(onFloor.results, 2), RATIOS.p99),
    nearFloor('apply p99', p99(results, 3), p99(onFloor.results, 3), RATIOS.applyP99),
    nearFloor('event-loop delay max', loop.maxMs, onFloor.loop.maxMs, RATIOS.loopDelayMax),
    [
      `every accepted application stored sha256-exact (${intact} of ${accepted.size})`,
      accepted.size > 0 && intact === accepted.size && applicants.length === accepted.size,
    ],
    [
      `every mail delivered (${smtp.mails.length} received, ${sent} sent, ${notSent} failed, ${pending} pending; ${withoutReceipt} applicants without one)`,
      pending === 0 && notSent === 0 && smtp.mails.length === sent && withoutReceipt === 0,
    ],
    [`server peak RSS < ${TARGETS.rssMb} MB (${peakRssMb.toFixed(0)})`, peakRssMb < TARGETS.rssMb],
  ];
  for (const [label, ok] of records) console.log(`${ok ? 'met   ' : 'missed'}  ${label} (absolute, for the record)`);
  for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  failed = checks.some(([, ok]) => !ok);
} finally {
  await server.stop();
  await smtp.stop();
}
process.exitCode = failed ? 1 : 0;
