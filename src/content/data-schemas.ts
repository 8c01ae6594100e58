/**
 * Data collections that back the proof on product pages: the supported-hardware list and the benchmark
 * table. One YAML file per row under content/hardware/ and content/benchmarks/; a wrong or missing field
 * stops the build and names the file (the entry id) and the field.
 */
import { z } from 'astro/zod';

/** Numeric precisions a part or a benchmark run uses. */
const precisions = ['FP32', 'FP16', 'BF16', 'FP8', 'FP4', 'INT16', 'INT8', 'INT4'] as const;
type Precision = (typeof precisions)[number];

/** How a hardware note names each precision: its name, or its width where only integers have that width here. */
const precisionWords: Record<Precision, RegExp> = {
  FP32: /\bFP32\b|\b32-bit float/i,
  FP16: /\bFP16\b|\bhalf[- ]precision\b/i,
  BF16: /\bBF16\b|\bbfloat16\b/i,
  FP8: /\bFP8\b/i,
  FP4: /\bFP4\b/i,
  INT16: /\bINT16\b|\b16-bit (?:integer|activation|weight)/i,
  INT8: /\bINT8\b|\b8-bit (?:integer|activation|weight)/i,
  INT4: /\bINT4\b|\b4-bit (?:integer|activation|weight)/i,
};

/** The precisions a part's notes name that its precisions leave out: the table would contradict its own note. */
const precisionsNamedButMissing = (row: { notes: string; precisions: readonly Precision[] }): Precision[] =>
  precisions.filter((p) => precisionWords[p].test(row.notes) && !row.precisions.includes(p));

/** Where support for a part stands today. */
const hardwareStatuses = ['supported', 'beta', 'planned'] as const;

/** Kinds of hardware, used to filter the table. */
const hardwareKinds = [
  'microcontroller',
  'application processor',
  'edge GPU',
  'AI accelerator',
  'cellular module',
] as const;

/** Product pages a row is shown on. */
const productIds = z.enum(['iip', 'iem', 'iis']);

const hardwareSourceMessage =
  "source is required: the https URL of the vendor's datasheet or product page for the part";

/** Where a buyer checks the part's facts: the vendor's own page, never a reseller or a blog. */
const hardwareSourceSchema = z.string({ error: hardwareSourceMessage }).regex(/^https:\/\/\S+$/, hardwareSourceMessage);

/** A release number such as 6.1, 10.3 or v2.9.0 somewhere in the runtime text. */
const runtimeVersion = /\d+\.\d+/;
const runtimeVersionMessage =
  'runtime needs the version the generated code is built against for a supported part (for example "JetPack 6.1" or "nRF Connect SDK v2.9.0")';

const historyMessage =
  'history needs at least one entry: the day (YYYY-MM-DD) the part joined the list, and each change a buyer should know of since, oldest first';

/** One dated change to a row, as the changelog page lists it. */
const hardwareChangeSchema = z.object({
  /** The day the change was published (YYYY-MM-DD). */
  date: z.coerce.date(),
  /** What changed, in one sentence a buyer understands without the old row. */
  change: z.string().min(1),
});

const runtimeCheckedMessage =
  'runtimeChecked is required when the runtime names a version: the day (YYYY-MM-DD) it was last confirmed as the newest release the generated code has passed the Validator on';

export const hardwareSchema = z
  .object({
    /** Silicon or module vendor, e.g. "NVIDIA". Required. */
    vendor: z.string().min(1),
    /** Product family, e.g. "Jetson Orin". Required. */
    family: z.string().min(1),
    /** The part or module a customer buys, e.g. "Jetson Orin Nano 8 GB". Required. */
    part: z.string().min(1),
    /** What kind of hardware it is (filters the table). Required. */
    kind: z.enum(hardwareKinds),
    /** The accelerator the generated code targets, e.g. "Ampere GPU (1024 CUDA cores) + no DLA". Required. */
    accelerator: z.string().min(1),
    /** Precisions the accelerator runs natively; empty only for cellular modules (checked below). */
    precisions: z.array(z.enum(precisions)),
    /**
     * Inference runtime or vendor stack, with the version the generated code is built against. Required;
     * a supported part must name that version (checked below), except a cellular module, whose runtime is
     * the module vendor's own firmware.
     */
    runtime: z.string().min(1),
    /**
     * The day the runtime above was last confirmed as the newest release the generated code has passed the
     * Validator on, so a buyer can tell how current the row is. Required when the runtime names a version.
     */
    runtimeChecked: z.coerce.date().optional(),
    /** supported, beta or planned. Required. */
    status: z.enum(hardwareStatuses),
    /** Limits and remarks a buyer should know. Required, may be short. */
    notes: z.string().min(1),
    /** Product pages this part is listed on. At least one. */
    products: z.array(productIds).min(1),
    /** The vendor's datasheet or product page for the part (https URL). Required. */
    source: hardwareSourceSchema,
    /** Position in the table (ascending). */
    order: z.number().int().nonnegative(),
    /** The row's dated changes, oldest first, from the day it joined the list: the changelog page's source. */
    history: z.array(hardwareChangeSchema, { error: historyMessage }).min(1, historyMessage),
  })
  .refine(
    (row) =>
      row.history.every((entry, i, all) => {
        const previous = all[i - 1];
        return !previous || previous.date <= entry.date;
      }),
    {
      message: 'history must be oldest first: each entry dated on or after the one before it',
      path: ['history'],
    },
  )
  .refine((row) => row.kind === 'cellular module' || row.precisions.length > 0, {
    message: 'precisions needs at least one entry for anything but a cellular module',
    path: ['precisions'],
  })
  .refine((row) => row.status !== 'supported' || row.kind === 'cellular module' || runtimeVersion.test(row.runtime), {
    message: runtimeVersionMessage,
    path: ['runtime'],
  })
  .refine((row) => row.runtimeChecked !== undefined || !runtimeVersion.test(row.runtime), {
    message: runtimeCheckedMessage,
    path: ['runtimeChecked'],
  })
  .superRefine((row, ctx) => {
    const missing = precisionsNamedButMissing(row);
    if (missing.length)
      ctx.addIssue({
        code: 'custom',
        path: ['precisions'],
        message: `notes name ${missing.join(' and ')}, which precisions leave out: add ${missing.length === 1 ? 'it' : 'them'} to precisions, or correct the note`,
      });
  });

const sourceMessage =
  'source is required: a URL of the published figure, or "measured by EdgeCraft AI, <date>, <method>"';

/** A URL, or our own measurement with its date and method, so every number can be checked. */
const sourceSchema = z
  .string({ error: sourceMessage })
  .refine(
    (value) => /^https:\/\/\S+$/.test(value) || /^measured by EdgeCraft AI, \d{4}-\d{2}-\d{2}, .{10,}$/.test(value),
    {
      message: sourceMessage,
    },
  );

/**
 * MLPerf Tiny publishes a timing ("performance") run and an energy run per benchmark; its harness
 * accepts only the timing run's windows (at least 10 seconds and 10 inferences) for latency and
 * throughput, so a row's source must be that run.
 */
const mlperfTinyResult = /\/tiny_results_v[\d.]+\/.*\/results\//;
const mlperfTinyTimingRun = /\/performance\/results\.txt$/;
const timingRunMessage =
  'latencyMs and throughputFps need a timing run: cite the MLPerf Tiny performance results (…/performance/results.txt), not the energy run, whose windows the harness does not accept for timing';

/** A positive number, or null where the source does not publish it (a missing key, as the editor writes it, is null). */
const figure = z.number().positive().nullable().default(null);

export const benchmarkSchema = z
  .object({
    /** Model and input, e.g. "YOLOv8s, 640 × 640". Required. */
    model: z.string().min(1),
    /** Task, e.g. "Object detection (COCO)". Required. */
    task: z.string().min(1),
    /** Device and accelerator, e.g. "Hailo-8 M.2 module". Required. */
    device: z.string().min(1),
    /** Precision of the run. Required. */
    precision: z.enum(precisions),
    /** Runtime and its version. Required. */
    runtime: z.string().min(1),
    /** Milliseconds per inference (batch 1), or null when only throughput is published. */
    latencyMs: figure,
    /** Inferences per second as published, or null. */
    throughputFps: figure,
    /** Peak memory in MB, or null when not published. */
    memoryMB: figure,
    /** Average power in watts during the run, or null when not published. */
    powerW: figure,
    /** Energy per inference in millijoules, or null when not published. */
    energyMj: figure,
    /** How the figure was obtained, in one sentence (batch size, clocks, what is timed). Required. */
    method: z.string().min(10),
    /** Where the figure comes from: a URL, or "measured by EdgeCraft AI, <date>, <method>". Required. */
    source: sourceSchema,
    /**
     * Who published the figure, e.g. "NXP" or "Nota AI (NetsPresso)". Required: the table says whether
     * that is the part's vendor or a third party, so no row passes for a vendor's own figure.
     */
    publisher: z.string().min(1),
    /** Pages the row is shown on. At least one. */
    pages: z.array(z.enum(['iip', 'eip', 'hardware'])).min(1),
    /**
     * The part on the hardware list the figure was measured on: the name of its file in content/hardware/
     * without ".yaml". Required, so no figure stands for a part we do not build for.
     */
    hardware: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'hardware is the file name of a part in content/hardware/'),
    /** Position in the table (ascending). */
    order: z.number().int().nonnegative(),
  })
  .refine((row) => row.latencyMs !== null || row.throughputFps !== null, {
    message: 'a benchmark needs latencyMs or throughputFps',
    path: ['latencyMs'],
  })
  .refine((row) => !mlperfTinyResult.test(row.source) || mlperfTinyTimingRun.test(row.source), {
    message: timingRunMessage,
    path: ['source'],
  });
