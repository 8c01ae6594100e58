/**
 * `npm run bench:resumes`: what reading a resume costs the server, and what a bomb costs. Applies with
 * an ordinary 5 MB PDF (60 pages of text and a photo) one after another and as a burst, then with the
 * bombs of tests/api/hostile-resumes.test.ts, and prints each file's read time (from the 201 until its
 * text is ready or missing) and the peak resident memory of the server and of its reader (Linux /proc).
 * docs/BENCHMARKS.md.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ApplicantDetail } from '~/lib/privacy';
import { RESUME_MIME_TYPES } from '~/lib/limits';
import { applicationForm } from '../support/api';
import { busyPdf, docxBomb, docxWithText, largeResumePdf, pdfBomb } from '../support/files';
import { adminAuth, api, projectRoot, seedJobs, startServer } from './bench-lib/server';

const { values } = parseArgs({ options: { reads: { type: 'string', default: '5' } } });
const MB = 1024 * 1024;

/** A process's peak resident memory (VmHWM) or address space (VmPeak) in MB, 0 once it is gone. */
function peakMb(pid: number, field: 'VmHWM' | 'VmPeak' = 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The server's reader processes: its children running resume-worker. */
function readers(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number),
  );
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('resume-worker');
    } catch {
      return false;
    }
  });
}

// One address sends every application, with no time spent filling the form.
const server = await startServer(`${projectRoot}dist`, { SPAM_MIN_FILL_MS: '0', APPLY_RATE_LIMIT_PER_IP: '1000000' });
try {
  const auth = await adminAuth(server.url);
  const [jobId = 0] = await seedJobs(server.url, auth, 1);
  let readerPeak = 0;
  let readerSpace = 0;
  // Sampled: a reader's memory is gone with it.
  const sampler = setInterval(() => {
    for (const pid of readers(server.pid)) {
      readerPeak = Math.max(readerPeak, peakMb(pid));
      readerSpace = Math.max(readerSpace, peakMb(pid, 'VmPeak'));
    }
  }, 5);
  let sent = 0;
  const read = async (bytes: Uint8Array, kind: 'pdf' | 'docx'): Promise<{ ms: number; state: string }> => {
    const email = `bench-resume-${++sent}@example.com`;
    const phone = `+44 20 7946 ${String(sent).padStart(4, '0')}`;
    const file = { bytes, name: `resume.${kind}`, type: RESUME_MIME_TYPES[kind] };
    const started = performance.now();
    const init = { method: 'POST', body: applicationForm(jobId, { email, phone }, file) };
    await api(`${server.url}/api/applicants/apply`, init, 201);
    const { applicants } = await api<{ applicants: { id: number; email: string }[] }>(`${server.url}/api/applicants`, {
      headers: auth,
    });
    const id = applicants.find((a) => a.email === email)?.id;
    for (;;) {
      const { applicant } = await api<ApplicantDetail>(`${server.url}/api/applicants/${id}`, { headers: auth });
      const state = applicant.resume.text;
      if (state === 'ready' || state === 'missing') return { ms: Math.round(performance.now() - started), state };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const report = async (label: string, bytes: Uint8Array, kind: 'pdf' | 'docx') => {
    readerPeak = 0;
    readerSpace = 0;
    const { ms, state } = await read(bytes, kind);
    const reader = `reader peak ${readerPeak.toFixed(0)} MB (address space ${readerSpace.toFixed(0)} MB)`;
    const memory = `server peak ${peakMb(server.pid).toFixed(0)} MB, ${reader}`;
    console.log(`${label} (${Math.round(bytes.length / 1024)} KB): ${state} in ${ms} ms; ${memory}`);
  };
  const resume = largeResumePdf();
  for (let i = 0; i < Number(values.reads); i++) await report('5 MB PDF, alone', resume, 'pdf');
  const burstStarted = performance.now();
  const burst = await Promise.all(Array.from({ length: Number(values.reads) }, () => read(resume, 'pdf')));
  console.log(`${burst.length} 5 MB PDFs at once: all read in ${Math.round(performance.now() - burstStarted)} ms`);
  await report('small DOCX', docxWithText(['Ada Lovelace', 'Firmware engineer']), 'docx');
  await report('DOCX claiming 20 KB, inflating to 200 MB', await docxBomb(200 * MB, 20_000), 'docx');
  await report('PDF with a 200 MB string', await pdfBomb(200 * MB), 'pdf');
  await report('the same, its stream marked as an image', await pdfBomb(200 * MB, '/Subtype/Image'), 'pdf');
  await report('PDF of 40 MB of q Q', await busyPdf(), 'pdf');
  clearInterval(sampler);
} finally {
  await server.stop();
}
