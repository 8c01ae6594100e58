/**
 * `npm run bench:erasure`: what SQLite's secure delete costs. In process, through the API app as
 * the tests call it, on SQLite in a temporary DATA_DIR: applications with 1 MB resumes, then the
 * erasure of each applicant, then as many applications again (they reuse the freed pages), once
 * as the server runs (secure_delete ON) and once with it turned off on the same connection,
 * alternately for `--rounds` rounds.
 * Prints each step's latency and rate, and the bytes the database file and its log were written.
 * Figures: docs/BENCHMARKS.md.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { apply, applicationForm, call, createJobViaApi, setupApi } from '../support/api';
import { pdfBytes } from '../support/files';
import { formatTable } from './bench-lib/table';

const { values } = parseArgs({
  options: { applications: { type: 'string', default: '200' }, rounds: { type: 'string', default: '2' } },
});
const count = Number(values.applications);
const RESUME_BYTES = 1_000_000;

/** Bytes this process has written to storage so far (Linux). */
const writtenBytes = () => Number(/write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0);

type Step = { name: string; run: (i: number) => Promise<void> };

async function measure(label: string, step: Step): Promise<Record<string, string | number>> {
  const times: number[] = [];
  const written = writtenBytes();
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await step.run(i);
    times.push(performance.now() - start);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1));
  return {
    secure_delete: label,
    step: step.name,
    'per s': Math.round(count / seconds),
    'p50 ms': at(0.5),
    'p95 ms': at(0.95),
    'max ms': at(1),
    'MB written': Math.round((writtenBytes() - written) / 1e6),
  };
}

async function run(label: 'ON' | 'OFF'): Promise<Record<string, string | number>[]> {
  const api = await setupApi();
  try {
    if (label === 'OFF') await sql`pragma secure_delete = OFF`.execute(api.db);
    const job = await createJobViaApi(api);
    const resume = (i: number, round: string) => ({
      bytes: pdfBytes(RESUME_BYTES, `${round}-${i}`),
      name: 'cv.pdf',
      type: 'application/pdf',
    });
    const applyStep = (round: string): Step => ({
      name: `apply (${round})`,
      run: async (i) => {
        const form = applicationForm(
          job.id,
          { email: `${round}${i}@example.com`, phone: `+91 9${String(i).padStart(9, '0')}` },
          resume(i, round),
        );
        const res = await apply(api, form);
        if (res.status !== 201) throw new Error(`apply: ${res.status} ${await res.text()}`);
      },
    });
    const rows = [await measure(label, applyStep('first'))];
    rows.push(
      await measure(label, {
        name: 'erase',
        run: async (i) => {
          const res = await call(api.app, 'POST', '/api/erasure', {
            token: api.token,
            json: { email: `first${i}@example.com` },
          });
          if (res.status !== 200) throw new Error(`erasure: ${res.status} ${await res.text()}`);
        },
      }),
    );
    rows.push(await measure(label, applyStep('again')));
    return rows;
  } finally {
    await api.close();
  }
}

// Alternated, so a machine busier during one run shows as the spread between rounds, not as a cost.
const rows: Record<string, string | number>[] = [];
for (let round = 0; round < Number(values.rounds); round += 1) rows.push(...(await run('ON')), ...(await run('OFF')));
console.log(`${count} applications of ${RESUME_BYTES / 1e6} MB each, erased one by one, then as many again`);
console.log(formatTable(rows));
