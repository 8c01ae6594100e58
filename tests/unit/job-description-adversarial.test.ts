import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDescription } from '~/lib/job-description';
import { descriptionText } from '~/lib/job-description-text';
import { JOB_DESCRIPTION_MAX } from '~/lib/limits';

/** What one pass over a description may cost at most, in CPU time. */
const BUDGET_MS = 50;

/**
 * The least CPU time of three calls: CPU time, not wall time, so other processes on the same core
 * do not count, and the least of three leaves out a garbage collection that happened to fall in one.
 */
function cpuMs(work: () => unknown): number {
  let least = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

/** Marks that make Markdown parsers backtrack or nest: emphasis, brackets, images, code, HTML, lists, quotes. */
const FRAGMENTS = [
  '*',
  '_',
  '**',
  '__',
  '[',
  ']',
  '![',
  '](',
  '(',
  ')',
  '`',
  '<',
  '>',
  '&#',
  '\\',
  '#',
  'a',
  ' ',
  '\n',
];
const LINE_STARTS = ['- ', '* ', '1. ', '> ', '  ', '    ', '### '];

/** One fragment repeated up to the limit: the shape of every known quadratic case. */
const run = fc
  .tuple(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 20_000 }))
  .map(([unit, times]) => unit.join('').repeat(times).slice(0, JOB_DESCRIPTION_MAX));

/** Lines opening with list, quote and heading marks at growing indents: deep nesting. */
const nested = fc
  .tuple(fc.constantFrom(...LINE_STARTS), fc.constantFrom(...FRAGMENTS), fc.integer({ min: 1, max: 2_000 }))
  .map(([start, text, lines]) =>
    Array.from({ length: lines }, (_, i) => `${' '.repeat(i % 40)}${start}${text}`)
      .join('\n')
      .slice(0, JOB_DESCRIPTION_MAX),
  );

/** A random mix of the fragments, as long as the limit allows. */
const mix = fc
  .array(fc.constantFrom(...FRAGMENTS, ...LINE_STARTS), { minLength: 1, maxLength: 8_000 })
  .map((parts) => parts.join('').slice(0, JOB_DESCRIPTION_MAX));

const KNOWN_CASES: [string, string][] = [
  ['"*a" 10,000 times', '*a'.repeat(10_000)],
  ['"[" 20,000 times', '['.repeat(20_000)],
  ['"![" 10,000 times', '!['.repeat(10_000)],
  ['"[a](" 5,000 times', '[a]('.repeat(5_000)],
  ['"- " 10,000 times (lists nested 10,000 deep)', '- '.repeat(10_000)],
  [
    '500 lines, each list indented further',
    Array.from({ length: 500 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n'),
  ],
  ['"*_" 10,000 times', '*_'.repeat(10_000)],
  ['"[a](b)" 3,333 times', '[a](b)'.repeat(3_333)],
  ['a heading line of spaces', `#${' '.repeat(19_998)}x`],
];

/** Only the tags the renderer writes itself. */
const OWN_TAGS = /^<\/?(p|h[3-6]|ul|ol|li|strong|em|br|a)( (href|start|rel)="[^"<>]*")*>$/;

/** An ordinary description, as a running server has parsed many times before a hostile one arrives. */
const ORDINARY = [
  '### About the role',
  'You will take the **quantised** detectors our agents generate onto _Jetson_, Hailo and STM32 boards.',
  '',
  '### What you bring',
  '- C and **Rust** on an RTOS (Zephyr or FreeRTOS)',
  '- profiling with [perf](https://perf.wiki.kernel.org/) and a logic analyser',
  '  1. nested steps',
  '  2. and more',
].join('\n');

describe('job descriptions on hostile input', () => {
  beforeAll(() => {
    for (let i = 0; i < 50; i++) {
      renderDescription(ORDINARY.repeat(10));
      descriptionText(ORDINARY.repeat(10));
    }
  });

  it.each(KNOWN_CASES)(`renders %s and its plain text within ${BUDGET_MS} ms each`, (_label, text) => {
    expect(cpuMs(() => renderDescription(text))).toBeLessThan(BUDGET_MS);
    expect(cpuMs(() => descriptionText(text))).toBeLessThan(BUDGET_MS);
  });

  it(`renders any run, nesting or mix of Markdown marks up to the length limit within ${BUDGET_MS} ms, writing only its own tags`, () => {
    fc.assert(
      fc.property(fc.oneof(run, nested, mix), (text) => {
        expect(cpuMs(() => renderDescription(text))).toBeLessThan(BUDGET_MS);
        expect(cpuMs(() => descriptionText(text))).toBeLessThan(BUDGET_MS);
        for (const tag of renderDescription(text).html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(OWN_TAGS);
      }),
      { numRuns: 60 },
    );
  });
});
