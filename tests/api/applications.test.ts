import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_MAX_BYTES } from '~/lib/limits';
import type { Applicant } from '~/lib/schemas';
import { applicationMessages } from '~/lib/schemas/application';
import { docBytes, docxBytes, exeBytes, pdfBytes, xlsxBytes } from '../../support/files';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  validApplicant,
  type ResumeUpload,
  type TestApi,
  appliedId,
} from '../../support/api';

let api: TestApi;
let jobId: number;
let counter = 0;
/** A fresh e-mail per submission so the one-per-job rule never interferes. */
const uniqueEmail = () => `applicant${++counter}@example.com`;

beforeAll(async () => {
  api = await setupApi();
  jobId = (await createJobViaApi(api, { title: 'Edge ML Engineer', department: 'Platform' })).id;
});
afterAll(async () => {
  await api.close();
});

async function listApplicants(): Promise<Applicant[]> {
  const res = await call(api.app, 'GET', '/api/applicants', { token: api.token });
  return ((await res.json()) as { applicants: Applicant[] }).applicants;
}

describe('POST /api/applicants/apply — success', () => {
  it('stores a pending applicant with trimmed fields, the job snapshot and a server appliedAt', async () => {
    const before = Date.now();
    const res = await apply(
      api,
      applicationForm(jobId, {
        name: '  Grace Hopper ',
        email: ' grace@example.com ',
        coverLetter: `  ${validApplicant.coverLetter}  `,
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      message: 'Application submitted successfully! We will review your application and get back to you soon.',
    });
    const stored = (await listApplicants()).find((a) => a.email === 'grace@example.com');
    expect(stored).toMatchObject({
      jobId,
      jobTitle: 'Edge ML Engineer',
      department: 'Platform',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: validApplicant.phone,
      linkedin: validApplicant.linkedin,
      coverLetter: validApplicant.coverLetter,
      status: 'pending',
      resume: { kind: 'pdf', size: pdfBytes().length },
    });
    expect(Date.parse(stored?.appliedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores an omitted or empty LinkedIn as null', async () => {
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail(), linkedin: '' }));
    const applicant = { id: await appliedId(api, res) };
    expect((await listApplicants()).find((a) => a.id === applicant.id)?.linkedin).toBeNull();
  });

  it('lists applicants without resume bytes', async () => {
    const list = await listApplicants();
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) expect(Object.keys(a)).not.toContain('data');
    expect(JSON.stringify(list)).not.toContain('%PDF');
  });

  it('answers a second application, any e-mail case, exactly as the first and stores it once', async () => {
    const email = uniqueEmail();
    const first = await apply(api, applicationForm(jobId, { email }));
    const again = await apply(api, applicationForm(jobId, { email: email.toUpperCase() }));
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect((await listApplicants()).filter((a) => a.email === email)).toHaveLength(1);
  });

  it('stores exactly one of five identical applications sent at the same time, answering each alike', async () => {
    const email = uniqueEmail();
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => apply(api, applicationForm(jobId, { email })).then((r) => r.status)),
    );
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect((await listApplicants()).filter((a) => a.email === email)).toHaveLength(1);
  });

  it('lets the same person apply to another job', async () => {
    const other = await createJobViaApi(api, { title: 'Robotics Engineer' });
    const email = uniqueEmail();
    expect((await apply(api, applicationForm(jobId, { email }))).status).toBe(201);
    expect((await apply(api, applicationForm(other.id, { email }))).status).toBe(201);
  });

  it('answers 404 "Job not found" for an unknown jobId and stores nothing', async () => {
    const count = (await listApplicants()).length;
    const res = await apply(api, applicationForm(987654, { email: uniqueEmail() }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('Job not found');
    expect((await listApplicants()).length).toBe(count);
  });

  it('answers 415 to a JSON application', async () => {
    const res = await call(api.app, 'POST', '/api/applicants/apply', { json: { jobId, ...validApplicant } });
    expect(res.status).toBe(415);
  });
});

describe('POST /api/applicants/apply — validation table', () => {
  type Case = [
    label: string,
    fields: Partial<Record<keyof typeof validApplicant, string | undefined>>,
    field: string,
    message: string | null,
  ];
  const text: Case[] = [
    ['name missing', { name: undefined }, 'name', 'Name is required'],
    ['name blank', { name: '   ' }, 'name', 'Name is required'],
    ['name of one letter', { name: 'A' }, 'name', 'Name must be at least 2 characters'],
    [
      'name with digits',
      { name: 'R2 D2' },
      'name',
      'Name can only contain letters, spaces, apostrophes, hyphens and periods',
    ],
    ['name of two letters', { name: 'Al' }, 'name', null],
    ['an Irish name with a fada, apostrophe and hyphen', { name: "Seán O'Brien-Kelly" }, 'name', null],
    ['a Vietnamese name with stacked diacritics', { name: 'Nguyễn Thị Minh Khai' }, 'name', null],
    ['a Tamil name with vowel signs', { name: 'கார்த்திகேயன் சுப்பிரமணியம்' }, 'name', null],
    ['email missing', { email: '' }, 'email', 'Email is required'],
    ['email without domain dot', { email: 'ada@example' }, 'email', 'Please enter a valid email address'],
    ['email with a space', { email: 'ada lovelace@example.com' }, 'email', 'Please enter a valid email address'],
    ['phone missing', { phone: '' }, 'phone', 'Phone number is required'],
    ['phone of 9 digits', { phone: '987 654 321' }, 'phone', 'Please enter a valid phone number (10-15 digits)'],
    ['phone of 10 digits', { phone: '98765-43210' }, 'phone', null],
    ['a Bengaluru landline with its area code in parentheses', { phone: '(080) 4123-4567' }, 'phone', null],
    ['a German number with dots', { phone: '+49 30.1234.5678' }, 'phone', null],
    ['phone of 15 digits', { phone: '+123456789012345' }, 'phone', null],
    ['phone of 16 digits', { phone: '+1234567890123456' }, 'phone', 'Please enter a valid phone number (10-15 digits)'],
    [
      'linkedin not a LinkedIn URL',
      { linkedin: 'https://twitter.com/ada' },
      'linkedin',
      'Please enter a valid LinkedIn profile URL',
    ],
    ['linkedin company page', { linkedin: 'www.linkedin.com/company/edgecraft' }, 'linkedin', null],
    [
      'linkedin Indian profile link',
      { linkedin: 'https://in.linkedin.com/in/priya-sharma-0a1b2c3d' },
      'linkedin',
      null,
    ],
    [
      'linkedin profile shared from the app',
      { linkedin: 'https://www.linkedin.com/in/ada-lovelace/?utm_source=share&utm_medium=member_ios' },
      'linkedin',
      null,
    ],
    ['cover letter missing', { coverLetter: '' }, 'coverLetter', 'Cover letter is required'],
    [
      'cover letter of 49 characters',
      { coverLetter: 'c'.repeat(49) },
      'coverLetter',
      'Cover letter must be at least 50 characters',
    ],
    ['cover letter of 50 characters', { coverLetter: 'c'.repeat(50) }, 'coverLetter', null],
    ['cover letter of 1000 characters', { coverLetter: 'c'.repeat(1000) }, 'coverLetter', null],
    [
      'cover letter of 1001 characters',
      { coverLetter: 'c'.repeat(1001) },
      'coverLetter',
      'Cover letter must not exceed 1000 characters',
    ],
  ];

  it.each(text)('%s', async (_label, fields, field, message) => {
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail(), ...fields }));
    if (message === null) {
      expect(res.status).toBe(201);
      return;
    }
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body).toEqual({ message, errors: { [field]: message } });
  });

  const files: [label: string, resume: ResumeUpload | null, status: number, message: string | null, kind?: string][] = [
    ['resume missing', null, 400, 'Resume is required'],
    [
      'empty file part a browser sends when no file is chosen',
      { bytes: new Uint8Array(0), name: '', type: 'application/octet-stream' },
      400,
      'Resume is required',
    ],
    [
      'PDF of 5 MB minus one byte',
      { bytes: pdfBytes(RESUME_MAX_BYTES - 1), name: 'cv.pdf', type: 'application/pdf' },
      201,
      null,
      'pdf',
    ],
    [
      'PDF of exactly 5 MB',
      { bytes: pdfBytes(RESUME_MAX_BYTES), name: 'cv.pdf', type: 'application/pdf' },
      413,
      'File size must be less than 5MB',
    ],
    [
      'zero-byte file',
      { bytes: new Uint8Array(0), name: 'cv.pdf', type: 'application/pdf' },
      415,
      'Only PDF, DOC, and DOCX files are allowed',
    ],
    [
      'executable renamed .pdf',
      { bytes: exeBytes(), name: 'cv.pdf', type: 'application/pdf' },
      415,
      applicationMessages.resumeContent,
    ],
    [
      'PNG name and type',
      { bytes: pdfBytes(), name: 'cv.png', type: 'image/png' },
      415,
      'Only PDF, DOC, and DOCX files are allowed',
    ],
    [
      'spreadsheet zip renamed .docx',
      { bytes: xlsxBytes(), name: 'cv.docx', type: '' },
      415,
      applicationMessages.resumeContent,
    ],
    ['DOC', { bytes: docBytes(), name: 'cv.doc', type: 'application/msword' }, 201, null, 'doc'],
    ['DOCX', { bytes: docxBytes(), name: 'cv.docx', type: '' }, 201, null, 'docx'],
    [
      'DOCX renamed .pdf is stored as DOCX',
      { bytes: docxBytes(), name: 'cv.pdf', type: 'application/pdf' },
      201,
      null,
      'docx',
    ],
  ];

  it.each(files)('%s', async (_label, resume, status, message, kind) => {
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail() }, resume));
    expect(res.status).toBe(status);
    if (message) {
      expect(await res.json()).toEqual({ message, errors: { resume: message } });
    } else {
      const id = await appliedId(api, res);
      const stored = (await listApplicants()).find((a) => a.id === id);
      expect(stored?.resume.kind).toBe(kind);
    }
  });

  it('reports every broken field at once with the summary message', async () => {
    const res = await apply(
      api,
      applicationForm(jobId, { name: '', email: 'x', phone: '1', coverLetter: 'short' }, null),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toBe('Please fill all * fields before submitting');
    expect(body.errors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number (10-15 digits)',
      coverLetter: 'Cover letter must be at least 50 characters',
      resume: 'Resume is required',
    });
  });

  it('answers 413 from a Content-Length over 6 MB without reading the body', async () => {
    const res = await api.app.request('/api/applicants/apply', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(7 * 1024 * 1024) },
      body: '--x--',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      message: 'File size must be less than 5MB',
      errors: { resume: 'File size must be less than 5MB' },
    });
  });

  it('answers 413 before reading a multipart body over the 6 MB limit', async () => {
    const res = await apply(
      api,
      applicationForm(
        jobId,
        { email: uniqueEmail() },
        { bytes: pdfBytes(7 * 1024 * 1024), name: 'cv.pdf', type: 'application/pdf' },
      ),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('File size must be less than 5MB');
  });
});

describe('resume download and applicant delete', () => {
  it.each([
    ['pdf', pdfBytes(2048), 'application/pdf'],
    ['doc', docBytes(), 'application/msword'],
    ['docx', docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ] as const)('downloads a %s with its real type, the stored bytes and {name}_Resume.%s', async (kind, bytes, type) => {
    const res = await apply(
      api,
      applicationForm(
        jobId,
        { name: 'Katherine Johnson', email: uniqueEmail() },
        { bytes, name: `upload.${kind}`, type: '' },
      ),
    );
    const applicant = { id: await appliedId(api, res) };
    const dl = await call(api.app, 'GET', `/api/applicants/${applicant.id}/download`, { token: api.token });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe(type);
    expect(dl.headers.get('content-disposition')).toContain(`attachment; filename="Katherine Johnson_Resume.${kind}"`);
    const got = new Uint8Array(await dl.arrayBuffer());
    expect(createHash('sha256').update(got).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('makes a non-ASCII name safe for the header and keeps it in filename*', async () => {
    const res = await apply(api, applicationForm(jobId, { name: 'Zoë Ångström', email: uniqueEmail() }));
    const applicant = { id: await appliedId(api, res) };
    const dl = await call(api.app, 'GET', `/api/applicants/${applicant.id}/download`, { token: api.token });
    const disposition = dl.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('filename="Zoe Angstrom_Resume.pdf"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Zoë Ångström_Resume.pdf')}`);
  });

  it('answers 404 to the download of an unknown applicant', async () => {
    const res = await call(api.app, 'GET', '/api/applicants/424242/download', { token: api.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Resume not found' });
  });

  it('deletes an applicant together with its resume', async () => {
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail() }));
    const applicant = { id: await appliedId(api, res) };
    const del = await call(api.app, 'DELETE', `/api/applicants/${applicant.id}`, { token: api.token });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ message: 'Applicant deleted successfully' });
    expect((await listApplicants()).some((a) => a.id === applicant.id)).toBe(false);
    const resumes = await api.db
      .selectFrom('resumes')
      .select('applicant_id')
      .where('applicant_id', '=', applicant.id)
      .execute();
    expect(resumes).toEqual([]);
    const again = await call(api.app, 'DELETE', `/api/applicants/${applicant.id}`, { token: api.token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Applicant not found' });
  });
});
