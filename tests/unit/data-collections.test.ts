import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { benchmarkSchema, hardwareSchema } from '../../src/content/data-schemas';

const content = fileURLToPath(new URL('../../content/', import.meta.url));

/** Every YAML row of a data collection, as the build reads it. */
function rows(folder: string): { file: string; data: Record<string, unknown> }[] {
  const dir = join(content, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => ({
      file: `content/${folder}/${name}`,
      data: parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>,
    }));
}

function issues(schema: z.ZodType, data: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(data);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const benchmark = {
  model: 'YOLOv8s, 640 × 640',
  task: 'Object detection (COCO)',
  device: 'Hailo-8',
  precision: 'INT8',
  runtime: 'Hailo Dataflow Compiler 3.29.0',
  latencyMs: null,
  throughputFps: 396,
  memoryMB: null,
  powerW: null,
  energyMj: null,
  method: 'Vendor table, batch size 1, performance mode.',
  source: 'https://github.com/hailo-ai/hailo_model_zoo/blob/main/docs/public_models/HAILO8/HAILO8_object_detection.rst',
  publisher: 'Hailo',
  pages: ['iip'],
  hardware: 'hailo-8',
  order: 1,
};

const hardware = {
  vendor: 'NVIDIA',
  family: 'Jetson Orin',
  part: 'Jetson Orin Nano 8 GB',
  kind: 'edge GPU',
  accelerator: 'Ampere GPU',
  precisions: ['FP16', 'INT8'],
  runtime: 'JetPack 6.1',
  runtimeChecked: '2026-11-25',
  status: 'supported',
  notes: 'No DLA.',
  products: ['iip'],
  source: 'https://www.nvidia.com/en-us/autonomous-machines/embedded-systems/jetson-orin/',
  order: 1,
  history: [
    { date: '2026-11-23', change: 'Listed as supported.' },
    { date: '2026-11-25', change: 'Runtime pinned: JetPack 6.1.' },
  ],
};

describe('data collections', () => {
  describe('the rows in content/ are valid', () => {
    it.each(rows('benchmarks'))('$file', ({ data }) => expect(issues(benchmarkSchema, data)).toEqual([]));
    it.each(rows('hardware'))('$file', ({ data }) => expect(issues(hardwareSchema, data)).toEqual([]));

    it('the hardware list names the parts a buyer looks for', () => {
      const parts = rows('hardware')
        .map(({ data }) => ['family', 'part', 'accelerator'].map((key) => String(data[key])).join(' '))
        .join('\n');
      for (const name of [
        'Ethos-U',
        'STM32N6',
        'i.MX',
        'Neutron',
        'Orin',
        'Thor',
        'Hailo-8',
        'QCS6490',
        'nRF91',
        'BG95',
      ]) {
        expect(parts, name).toContain(name);
      }
    });

    it('every benchmark row was measured on a part of the hardware list', () => {
      const parts = new Set(rows('hardware').map(({ file }) => file.replace(/^content\/hardware\/|\.yaml$/g, '')));
      for (const { file, data } of rows('benchmarks')) expect(parts, file).toContain(data['hardware']);
    });

    it('the benchmarks cover a Cortex-M, an NPU microcontroller, an application processor, Hailo and Jetson', () => {
      const measured = new Set(rows('benchmarks').map(({ data }) => data['hardware']));
      for (const part of ['stm32-cmsis-nn', 'stm32n6', 'nxp-imx8mp', 'hailo-8', 'jetson-orin-nano']) {
        expect(measured, part).toContain(part);
      }
    });

    it('every status is represented and every product page has rows', () => {
      const all = rows('hardware').map(({ data }) => hardwareSchema.parse(data));
      expect(new Set(all.map((row) => row.status))).toEqual(new Set(['supported', 'beta', 'planned']));
      for (const product of ['iip', 'iem', 'iis'] as const) {
        expect(
          all.some((row) => row.products.includes(product)),
          product,
        ).toBe(true);
      }
    });
  });

  describe('benchmarks', () => {
    it('refuses a row without a source, naming the field and what it needs', () => {
      const { source: _omitted, ...withoutSource } = benchmark;
      expect(issues(benchmarkSchema, withoutSource)).toEqual([
        { path: 'source', message: expect.stringContaining('source is required') },
      ]);
    });

    it.each([
      ['an empty source', ''],
      ['a plain-text guess', 'vendor website'],
      ['an http URL', 'http://example.com/figures'],
      ['our measurement without its method', 'measured by EdgeCraft AI, 2026-10-01, '],
    ])('refuses %s', (_name, source) => {
      expect(issues(benchmarkSchema, { ...benchmark, source }).map((i) => i.path)).toEqual(['source']);
    });

    it('accepts our own measurement with its date and method', () => {
      const source = 'measured by EdgeCraft AI, 2026-10-01, trtexec p99 over 1000 runs at MAXN';
      expect(issues(benchmarkSchema, { ...benchmark, source })).toEqual([]);
    });

    it('needs a latency or a throughput', () => {
      expect(issues(benchmarkSchema, { ...benchmark, throughputFps: null }).map((i) => i.path)).toEqual(['latencyMs']);
    });

    it('refuses a row that names no part of the hardware list', () => {
      const { hardware: _omitted, ...withoutPart } = benchmark;
      expect(issues(benchmarkSchema, withoutPart).map((i) => i.path)).toEqual(['hardware']);
      expect(issues(benchmarkSchema, { ...benchmark, hardware: 'Jetson Xavier NX' }).map((i) => i.path)).toEqual([
        'hardware',
      ]);
    });

    it('refuses an MLPerf Tiny energy run as the source of a latency or throughput, naming the timing run', () => {
      const run = (kind: string) =>
        `https://github.com/mlcommons/tiny_results_v1.1/blob/968279f/closed/STMicroelectronics/results/NUCLEO_U575ZI_Q/vww/${kind}/results.txt`;
      expect(issues(benchmarkSchema, { ...benchmark, source: run('energy') })).toEqual([
        { path: 'source', message: expect.stringContaining('need a timing run') },
      ]);
      expect(issues(benchmarkSchema, { ...benchmark, source: run('performance') })).toEqual([]);
    });

    it('refuses a precision the table does not know', () => {
      expect(issues(benchmarkSchema, { ...benchmark, precision: 'INT2' }).map((i) => i.path)).toEqual(['precision']);
    });
  });

  describe('hardware', () => {
    it.each([
      ['an unknown status', { status: 'maybe' }, 'status'],
      ['no vendor', { vendor: undefined }, 'vendor'],
      ['no precisions for an accelerator', { precisions: [] }, 'precisions'],
      ['an unknown product page', { products: ['ipg'] }, 'products.0'],
    ] as Array<[string, Record<string, unknown>, string]>)('refuses %s', (_name, override, path) => {
      expect(issues(hardwareSchema, { ...hardware, ...override }).map((i) => i.path)).toEqual([path]);
    });

    it('refuses a part without a source, or with one that is not an https URL, naming the field', () => {
      const { source: _omitted, ...withoutSource } = hardware;
      expect(issues(hardwareSchema, withoutSource)).toEqual([
        { path: 'source', message: expect.stringContaining('source is required') },
      ]);
      expect(issues(hardwareSchema, { ...hardware, source: 'the datasheet' }).map((i) => i.path)).toEqual(['source']);
    });

    it('refuses a supported part whose runtime names no version, and says which version it needs', () => {
      expect(issues(hardwareSchema, { ...hardware, runtime: 'JetPack 6' })).toEqual([
        { path: 'runtime', message: expect.stringContaining('version the generated code is built against') },
      ]);
      expect(issues(hardwareSchema, { ...hardware, runtime: 'nRF Connect SDK v2.9.0' })).toEqual([]);
    });

    it('refuses a runtime with a version but no day it was last checked, naming the field', () => {
      const { runtimeChecked: _omitted, ...unchecked } = hardware;
      expect(issues(hardwareSchema, unchecked)).toEqual([
        {
          path: 'runtimeChecked',
          message: expect.stringContaining('runtimeChecked is required when the runtime names a version'),
        },
      ]);
      expect(issues(hardwareSchema, { ...unchecked, runtime: 'JetPack', status: 'planned' })).toEqual([]);
    });

    it('refuses a row without a history, naming the field and what it needs', () => {
      const { history: _omitted, ...unlisted } = hardware;
      expect(issues(hardwareSchema, unlisted)).toEqual([
        { path: 'history', message: expect.stringContaining('the day (YYYY-MM-DD) the part joined the list') },
      ]);
      expect(issues(hardwareSchema, { ...hardware, history: [] }).map((i) => i.path)).toEqual(['history']);
    });

    it('refuses a history that is not oldest first, so the changelog cannot date a change before the row', () => {
      expect(issues(hardwareSchema, { ...hardware, history: [...hardware.history].reverse() })).toEqual([
        { path: 'history', message: expect.stringContaining('oldest first') },
      ]);
    });

    it('refuses a runtime check day that is not a date', () => {
      expect(issues(hardwareSchema, { ...hardware, runtimeChecked: 'last spring' }).map((i) => i.path)).toEqual([
        'runtimeChecked',
      ]);
    });

    it('asks no runtime version of a planned part, or of a cellular module running its vendor firmware', () => {
      expect(issues(hardwareSchema, { ...hardware, runtime: 'JetPack', status: 'planned' })).toEqual([]);
      expect(
        issues(hardwareSchema, { ...hardware, kind: 'cellular module', precisions: [], runtime: 'AT adapter' }),
      ).toEqual([]);
    });

    it.each([
      ['16-bit activations', 'INT8 weights and activations (INT16 activations for some operators).', 'INT16'],
      ['16-bit activations in words', 'Runs 16-bit activations where accuracy needs them.', 'INT16'],
      ['INT4 weights', 'INT4 weight-only language models run in a separate runtime.', 'INT4'],
      ['FP8 blocks', 'Transformer blocks can use FP8.', 'FP8'],
    ])('refuses notes that claim %s while precisions leave it out, naming it', (_name, notes, missing) => {
      expect(issues(hardwareSchema, { ...hardware, notes })).toEqual([
        { path: 'precisions', message: expect.stringContaining(`notes name ${missing}, which precisions leave out`) },
      ]);
      expect(issues(hardwareSchema, { ...hardware, notes, precisions: [...hardware.precisions, missing] })).toEqual([]);
    });

    it('accepts notes that name only precisions the row lists', () => {
      expect(issues(hardwareSchema, { ...hardware, notes: 'FP16 and INT8 engines built on the target.' })).toEqual([]);
    });

    it('allows a cellular module without precisions', () => {
      expect(issues(hardwareSchema, { ...hardware, kind: 'cellular module', precisions: [] })).toEqual([]);
    });
  });
});
