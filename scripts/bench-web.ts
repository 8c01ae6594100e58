/**
 * `npm run bench:web`: builds the site into the benches' own folder (bench-lib/server.ts), starts the one
 * server on a free port with a fresh DATA_DIR, seeds vacancies through the API (so /career is
 * realistic), then runs Lighthouse 12 with Debian Chromium on every public route, mobile and
 * desktop presets, several runs each, one run at a time. Prints one table of medians and writes
 * every run to bench-results/web.json. Exits 1 when a mobile median misses a target.
 *
 *   npm run bench:web                               all routes, both presets, 3 runs
 *   npm run bench:web -- --routes /,/iip --runs 1   a quick look
 *   options: --routes a,b  --runs N  --presets mobile,desktop  --reuse-build  --out FILE
 *
 * CHROME_PATH (default /usr/bin/chromium) picks the browser. Run it on an otherwise idle machine:
 * two cores are easily disturbed, and Lighthouse's simulated throttling scales CPU time it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { adminToken, seedJobs } from './bench-lib/api';
import { numberOption, parseArgs } from './bench-lib/args';
import { PUBLIC_ROUTES } from './bench-lib/routes';
import { benchDist, ensureBuild, projectRoot, startServer } from './bench-lib/server';
import { median } from './bench-lib/stats';
import { formatTable } from './bench-lib/table';

const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

/** Targets for the mobile preset's medians. */
const TARGETS = {
  lcpMs: 1500,
  cls: 0.01,
  tbtMs: 50,
  perfWithoutIsland: 100,
  perfWithIsland: 98,
  a11y: 100,
  bestPractices: 100,
  seo: 100,
};

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
];

type Run = {
  route: string;
  preset: Preset;
  run: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
  /** The LCP element's HTML snippet, and LCP's phases (TTFB, load delay, load time, render delay). */
  lcpElement: string | null;
  lcpPhases: Record<string, number>;
  /** The longest main-thread tasks (URL or kind, start and duration in ms): what TBT is made of. */
  longTasks: string[];
  /** Main-thread time by kind (script evaluation, style and layout, …), in ms: what TBT is made of. */
  mainThread: Record<string, number>;
  /** Audits that cost points: `category: audit-id (score)`. */
  failing: string[];
  runtimeError: string | null;
};

type Chrome = { port: number; process: ChildProcess; profile: string };

/** Starts Chromium with remote debugging on a port it picks itself (read back from stderr). */
async function launchChrome(): Promise<Chrome> {
  const profile = mkdtempSync(path.join(tmpdir(), 'edgecraft-lh-profile-'));
  const child = spawn(
    process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not print its DevTools port within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}`)));
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { port, process: child, profile };
}

async function closeChrome(chrome: Chrome): Promise<void> {
  const gone = new Promise((r) => chrome.process.once('exit', r));
  chrome.process.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
  if (chrome.process.exitCode === null) chrome.process.kill('SIGKILL');
  rmSync(chrome.profile, { recursive: true, force: true });
}

const score = (lhr: LighthouseResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Walks an audit's details for the first `snippet` (the LCP node) and every `{ phase, timing }` row. */
function lcpDetails(lhr: LighthouseResult): { element: string | null; phases: Record<string, number> } {
  let element: string | null = null;
  const phases: Record<string, number> = {};
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (element === null && typeof record['snippet'] === 'string') element = record['snippet'];
    if (typeof record['phase'] === 'string' && typeof record['timing'] === 'number')
      phases[record['phase']] = Math.round(record['timing']);
    Object.values(record).forEach(walk);
  };
  walk(lhr.audits['largest-contentful-paint-element']?.details);
  return { element, phases };
}

function failingAudits(lhr: LighthouseResult): string[] {
  const out: string[] = [];
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      if (
        audit.scoreDisplayMode === 'notApplicable' ||
        audit.scoreDisplayMode === 'informative' ||
        audit.scoreDisplayMode === 'manual'
      )
        continue;
      // The first items of the audit's details say what to fix (the console error, the element, the URL).
      const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
      const detail = items
        .slice(0, 3)
        .map((item) => JSON.stringify(item).slice(0, 240))
        .join(' | ');
      out.push(`${categoryId}: ${ref.id} (${audit.score.toFixed(2)})${detail ? ` — ${detail}` : ''}`);
    }
  }
  return out;
}

function summarize(lhr: LighthouseResult, route: string, preset: Preset, run: number): Run {
  const items =
    (
      lhr.audits['resource-summary']?.details as
        { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined
    )?.items ?? [];
  const resource = (type: string) => items.find((item) => item.resourceType === type);
  const { element, phases } = lcpDetails(lhr);
  return {
    route,
    preset,
    run,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    jsBytes: resource('script')?.transferSize ?? 0,
    totalBytes: resource('total')?.transferSize ?? 0,
    requests: resource('total')?.requestCount ?? 0,
    lcpElement: element,
    lcpPhases: phases,
    longTasks: (
      (
        lhr.audits['long-tasks']?.details as
          { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined
      )?.items ?? []
    )
      .slice(0, 5)
      .map((task) => `${task.url ?? '?'} @${Math.round(task.startTime ?? 0)} ms: ${Math.round(task.duration ?? 0)} ms`),
    mainThread: Object.fromEntries(
      (
        (
          lhr.audits['mainthread-work-breakdown']?.details as
            { items?: { groupLabel?: string; group?: string; duration: number }[] } | undefined
        )?.items ?? []
      ).map((item) => [item.groupLabel ?? item.group ?? '?', Math.round(item.duration)]),
    ),
    failing: failingAudits(lhr),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
  };
}

/** Routes whose built HTML holds an Astro island (their performance target is ≥ 98, not 100). */
function routesWithIslands(routes: readonly string[]): Set<string> {
  const withIsland = new Set<string>();
  for (const route of routes) {
    try {
      const html = readFileSync(path.join(benchDist, 'client', route, 'index.html'), 'utf8');
      if (html.includes('<astro-island')) withIsland.add(route);
    } catch {
      // Not in the build: Lighthouse will report the 404, and the row shows it.
    }
  }
  return withIsland;
}

type Row = Record<string, string | number>;

function medians(runs: Run[], route: string, preset: Preset, island: boolean): { row: Row; misses: string[] } {
  const of = (
    key:
      | 'performance'
      | 'accessibility'
      | 'bestPractices'
      | 'seo'
      | 'lcpMs'
      | 'tbtMs'
      | 'cls'
      | 'jsBytes'
      | 'totalBytes'
      | 'requests',
  ) => median(runs.map((r) => r[key]));
  const m = {
    perf: of('performance'),
    a11y: of('accessibility'),
    bp: of('bestPractices'),
    seo: of('seo'),
    lcp: of('lcpMs'),
    tbt: of('tbtMs'),
    cls: of('cls'),
    js: of('jsBytes'),
    total: of('totalBytes'),
    requests: of('requests'),
  };
  const misses: string[] = [];
  if (preset === 'mobile') {
    const perfTarget = island ? TARGETS.perfWithIsland : TARGETS.perfWithoutIsland;
    if (!(m.perf >= perfTarget)) misses.push(`perf<${perfTarget}`);
    if (!(m.a11y >= TARGETS.a11y)) misses.push('a11y');
    if (!(m.bp >= TARGETS.bestPractices)) misses.push('BP');
    if (!(m.seo >= TARGETS.seo)) misses.push('SEO');
    if (!(m.lcp <= TARGETS.lcpMs)) misses.push('LCP');
    if (!(m.tbt <= TARGETS.tbtMs)) misses.push('TBT');
    if (!(m.cls <= TARGETS.cls)) misses.push('CLS');
    if (runs.some((r) => r.runtimeError)) misses.push('error');
  }
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return {
    row: {
      route: `${route}${island ? ' *' : ''}`,
      preset,
      perf: m.perf,
      a11y: m.a11y,
      BP: m.bp,
      SEO: m.seo,
      'LCP ms': Math.round(m.lcp),
      'TBT ms': Math.round(m.tbt),
      CLS: Math.round(m.cls * 1000) / 1000,
      'JS KB': kb(m.js),
      'total KB': kb(m.total),
      requests: m.requests,
      misses: preset === 'mobile' ? misses.join(' ') || 'none' : '-',
    },
    misses,
  };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), ['routes', 'runs', 'presets', 'reuse-build', 'out']);
  const routes = args
    .get('routes')
    ?.split(',')
    .map((r) => r.trim())
    .filter(Boolean) ?? [...PUBLIC_ROUTES];
  const runs = Math.round(numberOption(args, 'runs', 3));
  const presets = (args.get('presets')?.split(',') ?? [...PRESETS]).map((p) => {
    if (!PRESETS.includes(p as Preset)) throw new Error(`--presets takes mobile and/or desktop, got ${p}`);
    return p as Preset;
  });
  const outFile = path.resolve(projectRoot, args.get('out') ?? 'bench-results/web.json');

  ensureBuild(args.has('reuse-build'));
  const islands = routesWithIslands(routes);
  const server = await startServer();
  let chrome: Chrome | null = null;
  const all: Run[] = [];
  const startedAt = new Date();
  try {
    await seedJobs(server.url, await adminToken(server.url), 3);
    chrome = await launchChrome();
    const total = routes.length * presets.length * runs;
    for (const route of routes) {
      for (const preset of presets) {
        for (let run = 1; run <= runs; run++) {
          const t0 = Date.now();
          let summary: Run | null = null;
          // A trace that failed to record (NO_NAVSTART, NO_FCP on a busy machine) is retried twice; a 404 is not.
          for (let attempt = 1; attempt <= 3; attempt++) {
            const result = await lighthouse(
              `${server.url}${route}`,
              {
                port: chrome.port,
                logLevel: 'error',
                output: 'json',
                onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              },
              preset === 'desktop' ? desktopConfig : undefined,
            );
            if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
            summary = summarize(result.lhr, route, preset, run);
            if (!summary.runtimeError || summary.runtimeError.startsWith('ERRORED_DOCUMENT_REQUEST')) break;
            console.log(
              `  ${route} ${preset} #${run}: ${summary.runtimeError.split(':')[0]}, ${attempt < 3 ? 'again' : 'giving up'}`,
            );
          }
          if (!summary) continue;
          all.push(summary);
          console.log(
            `[${all.length}/${total}] ${route} ${preset} #${run}: perf ${summary.performance}, LCP ${Math.round(summary.lcpMs)} ms, ` +
              `TBT ${Math.round(summary.tbtMs)} ms, CLS ${summary.cls.toFixed(3)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
          );
        }
      }
    }
  } finally {
    if (chrome) await closeChrome(chrome);
    await server.stop();
  }

  const rows: Row[] = [];
  const missed: string[] = [];
  for (const route of routes) {
    for (const preset of presets) {
      const { row, misses } = medians(
        all.filter((r) => r.route === route && r.preset === preset),
        route,
        preset,
        islands.has(route),
      );
      rows.push(row);
      if (misses.length) missed.push(`${route} (${preset}): ${misses.join(', ')}`);
    }
  }
  const table = formatTable(rows);
  console.log(
    `\nLighthouse 12 medians of ${runs} run(s) per route and preset (* = page with an island; targets apply to mobile)\n`,
  );
  console.log(table);

  // Why a page misses: the audits that cost points (any run), and the LCP element with its phases.
  for (const route of routes) {
    for (const preset of presets) {
      const these = all.filter((r) => r.route === route && r.preset === preset);
      const failing = [...new Set(these.flatMap((r) => r.failing))];
      const errors = [...new Set(these.map((r) => r.runtimeError).filter(Boolean))];
      if (failing.length || errors.length)
        console.log(`\n${route} (${preset}):\n  ${[...errors, ...failing].join('\n  ')}`);
    }
  }

  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        lighthouse: '12',
        chrome: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
        runsPerRoute: runs,
        targets: TARGETS,
        table: rows,
        runs: all,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${path.relative(projectRoot, outFile)}`);
  if (missed.length) {
    console.log(`\nMISS (mobile targets):\n  ${missed.join('\n  ')}`);
    return 1;
  }
  console.log('\nPASS: every mobile median meets its target');
  return 0;
}

process.exitCode = await main();
