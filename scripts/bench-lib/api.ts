/** API helpers for the benches: admin login, seeding vacancies, unique 1 MB PDF resumes as multipart. */
import { createHash } from 'node:crypto';
import type { Job, JobInput } from '~/lib/schemas';
import { CONSENT_FIELD } from '~/lib/privacy';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '~/lib/spam';
import { benchAdmin } from './server';

/** POST /api/admin as the bench admin; returns the Bearer token. */
export async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const DEPARTMENTS = ['Engineering', 'Research', 'Sales', 'Operations'];
const TITLES = [
  'Embedded Firmware Engineer',
  'Edge AI Research Engineer',
  'Solutions Architect',
  'Manufacturing Test Lead',
  'MLOps Engineer',
];

/** Creates `count` realistic vacancies through POST /api/job; returns them. */
export async function seedJobs(base: string, token: string, count: number): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let i = 0; i < count; i++) {
    const input: JobInput = {
      title: TITLES[i % TITLES.length] ?? 'Engineer',
      department: DEPARTMENTS[i % DEPARTMENTS.length] ?? 'Engineering',
      location: i % 2 ? 'Pune, India' : 'Bengaluru, India',
      jobType: 'Full-time',
      description:
        'Design, build and ship embedded and edge AI systems with a small team: bring-up of new boards, ' +
        'quantised models on the device, test rigs and field trials with customers. ' +
        'You will own features from the first prototype to production and work closely with hardware and data teams.',
      salaryRange: '₹20-35 LPA',
    };
    const res = await fetch(`${base}/api/job`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(input),
    });
    if (res.status !== 201) throw new Error(`creating a job failed: ${res.status} ${await res.text()}`);
    jobs.push(((await res.json()) as { job: Job }).job);
  }
  return jobs;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const MARK = '@@UNIQUE@@';

/**
 * Builds multipart application bodies with a PDF resume of `resumeBytes` bytes. The body is encoded
 * once (as a browser would send it); each call to `body(i)` patches in a unique e-mail and a unique
 * tag inside the PDF, so every resume has its own sha256, without re-encoding a megabyte each time.
 */
export async function applicationTemplate(jobId: number, resumeBytes: number) {
  // A PDF the server's structure check accepts: header, the tag in a comment line (bytes 11-30),
  // two objects, a comment padding the file to size, then xref table, trailer, startxref, %%EOF.
  const head = `%PDF-1.4\n% ${MARK}${'_'.repeat(20 - MARK.length)}\n`;
  const catalog = '1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n';
  const pages = '2 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\n';
  const offset = (at: number) => String(at).padStart(10, '0');
  const tail = (xrefAt: number) =>
    `xref\n0 3\n0000000000 65535 f \n${offset(head.length)} 00000 n \n${offset(head.length + catalog.length)} 00000 n \n` +
    `trailer\n<</Size 3/Root 1 0 R>>\nstartxref\n${offset(xrefAt)}\n%%EOF\n`;
  const xrefAt = resumeBytes - tail(0).length;
  const pdf = Buffer.alloc(resumeBytes, 0x25);
  pdf.write(head + catalog + pages, 0, 'latin1');
  pdf.write('\n', xrefAt - 1, 'latin1');
  pdf.write(tail(xrefAt), xrefAt, 'latin1');
  const form = new FormData();
  form.set('jobId', String(jobId));
  form.set('name', 'Bench Applicant');
  form.set('email', MARK);
  form.set('phone', '+91 98765 43210');
  form.set('linkedin', '');
  form.set(
    'coverLetter',
    'I build firmware and edge inference pipelines and would like to join the team in Bengaluru.',
  );
  // As the careers form sends them: an empty honeypot, and half a minute spent filling it in.
  form.set(CONSENT_FIELD, 'true');
  form.set(HONEYPOT_FIELD, '');
  form.set(FILL_TIME_FIELD, '30000');
  form.set('resume', new File([pdf], 'resume.pdf', { type: 'application/pdf' }));
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = encoded.headers.get('content-type') ?? '';
  const whole = Buffer.from(await encoded.arrayBuffer());
  const emailAt = whole.indexOf(MARK);
  const tagAt = whole.indexOf(MARK, emailAt + MARK.length);
  if (emailAt < 0 || tagAt < 0) throw new Error('multipart template markers not found');
  const before = whole.subarray(0, emailAt);
  const middle = whole.subarray(emailAt + MARK.length, tagAt);
  const after = whole.subarray(tagAt + 20);
  return {
    contentType,
    /** Body number i: e-mail bench-<runId>-<i>@example.com, and the sha256 of its resume on demand. */
    body(i: number, runId: string): { email: string; body: Buffer<ArrayBuffer>; resumeSha256: () => string } {
      const email = `bench-${runId}-${i}@example.com`;
      const tag = Buffer.from(`${runId}-${i}`.padEnd(19, '_').slice(0, 19) + '\n', 'latin1');
      const body = Buffer.concat([before, Buffer.from(email), middle, tag, after]);
      const resumeSha256 = () => {
        const resume = Buffer.from(pdf);
        tag.copy(resume, 11);
        return sha256(resume);
      };
      return { email, body, resumeSha256 };
    },
  };
}
