/**
 * `npm run bench:web`: Lighthouse 12 with Debian Chromium (CHROME_PATH) on every public page, mobile
 * and desktop, one run at a time, against the production server of `npm run build`. Prints the
 * medians, writes every run to bench-results/web.json and exits 1 when a mobile median misses a
 * target or a page's JavaScript is over its budget. Options and targets: docs/BENCHMARKS.md.
 */
import { launch } from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Result as Lhr } from 'lighthouse';
import { PUBLIC_PAGES } from '~/public-pages';
import { JS_BUDGET, pageJs } from '../support/page-js';
import { adminAuth, projectRoot, seedJobs, startServer } from './bench-lib/server';
import { formatTable } from './bench-lib/table';

const PRESETS = ['mobile', 'desktop'] as const;
/** The flags of the figures in docs/BENCHMARKS.md, in place of chrome-launcher's own (Lighthouse CLI's). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];
type Preset = (typeof PRESETS)[number];

/** Targets for the mobile preset's medians; a page with an island may score 98 on performance. */
const TARGETS = { lcpMs: 1500, cls: 0.01, tbtMs: 50, perf: 100, perfWithIsland: 98, a11y: 100, bp: 100, seo: 100 };

const { values } = parseArgs({
  options: {
    routes: { type: 'string', default: PUBLIC_PAGES.join(',') },
    runs: { type: 'string', default: '3' },
    presets: { type: 'string', default: PRESETS.join(',') },
    out: { type: 'string', default: 'bench-results/web.json' },
    dist: { type: 'string', default: 'dist' },
  },
});
const routes = values.routes.split(',').filter(Boolean);
const runs = Number(values.runs);
const presets = PRESETS.filter((preset) => values.presets.split(',').includes(preset));
const distDir = path.resolve(projectRoot, values.dist);

/** Lighthouse's main-thread categories (its mainthread-work-breakdown audit), in the table's order. */
const MAIN_THREAD = {
  scriptEvaluation: 'script',
  scriptParseCompile: 'script parse',
  styleLayout: 'style+layout',
  paintCompositeRender: 'paint',
  parseHTML: 'HTML+CSS parse',
  garbageCollection: 'GC',
  other: 'other',
} as const;
type MainThreadGroup = keyof typeof MAIN_THREAD;

/** One run's figures, and the audits that cost points (what to fix). */
function summarize(lhr: Lhr, route: string, preset: Preset) {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  type Item = { resourceType: string; transferSize: number; requestCount: number };
  const items = (lhr.audits['resource-summary']?.details as { items?: Item[] } | undefined)?.items ?? [];
  const resource = (type: string) => items.find((item) => item.resourceType === type);
  type Work = { group: string; duration: number };
  const work = (lhr.audits['mainthread-work-breakdown']?.details as { items?: Work[] } | undefined)?.items ?? [];
  const mainThreadMs = (group: MainThreadGroup) =>
    work.filter((item) => item.group === group).reduce((sum, item) => sum + item.duration, 0);
  const failing = Object.entries(lhr.categories).flatMap(([category, { auditRefs }]) =>
    auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ ref, audit }) => ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
      .map(({ ref, audit }) => `${category}: ${ref.id} (${audit?.score?.toFixed(2)})`),
  );
  return {
    route,
    preset,
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: resource('script')?.transferSize ?? 0,
    totalBytes: resource('total')?.transferSize ?? 0,
    requests: resource('total')?.requestCount ?? 0,
    mainThread: Object.fromEntries(
      Object.keys(MAIN_THREAD).map((group) => [group, mainThreadMs(group as MainThreadGroup)]),
    ) as Record<MainThreadGroup, number>,
    failing,
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
  };
}
type Run = ReturnType<typeof summarize>;
type Figure = { [K in keyof Run]: Run[K] extends number ? K : never }[keyof Run];
/** The middle value (the upper middle one for an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startServer(distDir);
const chrome = await launch({
  chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
  ignoreDefaultFlags: true,
  chromeFlags: CHROME_FLAGS,
});
const all: Run[] = [];
try {
  await seedJobs(server.url, await adminAuth(server.url), 3);
  for (const route of routes)
    for (const preset of presets)
      for (let run = 1; run <= runs; run++) {
        // A trace that failed to record (NO_FCP and the like on a busy machine) is retried twice; a 404 is not.
        for (let attempt = 1; attempt <= 3; attempt++) {
          const config = preset === 'desktop' ? desktopConfig : undefined;
          const onlyCategories = ['performance', 'accessibility', 'best-practices', 'seo'];
          const options = { port: chrome.port, logLevel: 'error' as const, output: 'json' as const, onlyCategories };
          const result = await lighthouse(`${server.url}${route}`, options, config);
          if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
          const summary = summarize(result.lhr, route, preset);
          if (summary.error && !summary.error.startsWith('ERRORED_DOCUMENT_REQUEST') && attempt < 3) continue;
          all.push(summary);
          console.log(`${route} ${preset} #${run}: perf ${summary.perf}, LCP ${Math.round(summary.lcpMs)} ms`);
          break;
        }
      }
} finally {
  chrome.kill();
  await server.stop();
}

const missed: string[] = [];
const rows = routes.flatMap((route) =>
  presets.map((preset) => {
    const these = all.filter((r) => r.route === route && r.preset === preset);
    const m = (key: Figure) => median(these.map((r) => r[key]));
    const js = pageJs(path.join(distDir, 'client'), route);
    const island = js.hasIsland;
    const misses = [
      m('perf') >= (island ? TARGETS.perfWithIsland : TARGETS.perf) || 'perf',
      m('a11y') >= TARGETS.a11y || 'a11y',
      m('bp') >= TARGETS.bp || 'BP',
      m('seo') >= TARGETS.seo || 'SEO',
      m('lcpMs') <= TARGETS.lcpMs || 'LCP',
      m('tbtMs') <= TARGETS.tbtMs || 'TBT',
      m('cls') <= TARGETS.cls || 'CLS',
      these.every((r) => !r.error) || 'error',
      js.total <= (island ? JS_BUDGET.islandPage : JS_BUDGET.withoutIsland) || 'JS budget',
    ].filter((miss): miss is string => miss !== true);
    if (preset === 'mobile' && misses.length) missed.push(`${route}: ${misses.join(', ')}`);
    const failing = [...new Set(these.flatMap((r) => [...(r.error ? [r.error] : []), ...r.failing]))];
    if (failing.length) console.log(`${route} (${preset}) lost points on:\n  ${failing.join('\n  ')}`);
    return {
      route: `${route}${island ? ' *' : ''}`,
      preset,
      perf: m('perf'),
      a11y: m('a11y'),
      BP: m('bp'),
      SEO: m('seo'),
      'LCP ms': Math.round(m('lcpMs')),
      'TBT ms': Math.round(m('tbtMs')),
      CLS: Math.round(m('cls') * 1000) / 1000,
      'JS KB': Math.round(m('jsBytes') / 102.4) / 10,
      'JS gz before interaction KB': Math.round(js.total / 102.4) / 10,
      'total KB': Math.round(m('totalBytes') / 102.4) / 10,
      requests: m('requests'),
      misses: preset === 'mobile' ? misses.join(' ') || 'none' : '-',
    };
  }),
);
console.log(`\nLighthouse 12, medians of ${runs} run(s) (* = page with an island; targets apply to mobile)`);
console.log(
  `JS gz before interaction: gzip -9 of what the page loads before any interaction, from the build; at most ${JS_BUDGET.islandPage / 1024} KB with an island, ${JS_BUDGET.withoutIsland / 1024} KB without\n`,
);
console.log(formatTable(rows));
console.log('\nMain-thread time, ms (medians; Lighthouse mainthread-work-breakdown):\n');
console.log(
  formatTable(
    routes.flatMap((route) =>
      presets.map((preset) => {
        const these = all.filter((r) => r.route === route && r.preset === preset);
        const groups = Object.entries(MAIN_THREAD).map(([group, label]) => [
          label,
          Math.round(median(these.map((r) => r.mainThread[group as MainThreadGroup]))),
        ]);
        const total = Math.round(median(these.map((r) => Object.values(r.mainThread).reduce((a, b) => a + b, 0))));
        return { route, preset, total, ...Object.fromEntries(groups) };
      }),
    ),
  ),
);
const outFile = path.resolve(projectRoot, values.out);
mkdirSync(path.dirname(outFile), { recursive: true });
const report = { startedAt: new Date().toISOString(), targets: TARGETS, rows, runs: all };
writeFileSync(outFile, JSON.stringify(report, null, 2));
console.log(`\nwrote ${path.relative(projectRoot, outFile)}`);
console.log(
  missed.length ? `\nFAIL (mobile targets):\n  ${missed.join('\n  ')}` : '\nPASS: every mobile median meets its target',
);
process.exitCode = missed.length ? 1 : 0;
