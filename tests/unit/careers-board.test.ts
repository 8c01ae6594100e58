import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { applicationFormData, applicationFormSchema, emptyApplication } from '~/islands/careers/application-schema';
import { departmentFromUrl, inDepartment, urlWithDepartment } from '~/islands/careers/departments';
import { distinctDepartments, sameDepartment } from '~/lib/departments';

describe('careers departments', () => {
  it('lists each distinct department once, trimmed, case-insensitively, in alphabetical order', () => {
    const jobs = [
      { department: 'Machine Learning' },
      { department: 'Engineering' },
      { department: ' engineering ' },
      { department: 'Design' },
    ];
    expect(distinctDepartments(jobs)).toEqual(['Design', 'Engineering', 'Machine Learning']);
    expect(distinctDepartments([{ department: 'engineering' }, { department: 'Engineering' }])).toEqual([
      'Engineering',
    ]);
    expect(sameDepartment(' engineering', 'ENGINEERING ')).toBe(true);
    expect(sameDepartment('Engineering', 'Design')).toBe(false);
  });

  it("matches a job to its department regardless of case and spaces; null means 'All'", () => {
    expect(inDepartment({ department: 'Engineering ' }, 'engineering')).toBe(true);
    expect(inDepartment({ department: 'Engineering' }, 'Design')).toBe(false);
    expect(inDepartment({ department: 'Engineering' }, null)).toBe(true);
  });

  it('reads and writes the ?department= of a careers URL', () => {
    expect(departmentFromUrl('?department=Machine%20Learning')).toBe('Machine Learning');
    expect(departmentFromUrl('?department=%20%20')).toBeNull();
    expect(departmentFromUrl('')).toBeNull();
    expect(urlWithDepartment('https://www.example.com/career?x=1#open', 'R&D')).toBe(
      '/career?x=1&department=R%26D#open',
    );
    expect(urlWithDepartment('https://www.example.com/career?department=Design', null)).toBe('/career');
  });
});

/** Each field's messages, in order ({} when the form is valid). */
const flatten = (error: z.core.$ZodError | undefined): Record<string, string[] | undefined> =>
  error ? z.flattenError(error).fieldErrors : {};

describe('application form schema (browser)', () => {
  const pdf = new File(['%PDF-1.4 resume'], 'resume.pdf', { type: 'application/pdf' });
  const valid = {
    name: '  Asha Rao ',
    email: 'asha@example.org',
    phone: '+91 98450 12345',
    linkedin: '',
    coverLetter: `  ${'I build INT8 vision pipelines for edge modules. '.repeat(2)}  `,
    resume: pdf,
    consent: true,
  };

  it('accepts a complete application and trims the text', () => {
    const parsed = applicationFormSchema.parse(valid);
    expect(parsed.name).toBe('Asha Rao');
    expect(parsed.coverLetter.startsWith('I build')).toBe(true);
    expect(parsed.resume).toBe(pdf);
  });

  it('reports the fixed messages for the resume', () => {
    const message = (resume: File | null) =>
      flatten(applicationFormSchema.safeParse({ ...valid, resume }).error).resume;
    expect(message(null)).toEqual(['Resume is required']);
    expect(message(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toEqual([
      'Only PDF, DOC, and DOCX files are allowed',
    ]);
    expect(message(new File([new Uint8Array(5 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' }))).toEqual([
      'File size must be less than 5MB',
    ]);
  });

  it('rejects the empty form with every required message first (the one the form shows)', () => {
    const errors = flatten(applicationFormSchema.safeParse(emptyApplication).error);
    const first = Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages?.[0]]));
    expect(first).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      coverLetter: 'Cover letter is required',
      resume: 'Resume is required',
      consent: 'Please agree to the privacy notice to apply',
    });
  });

  it('builds the multipart body of POST /applicants/apply with the spam fields and the source', () => {
    const body = applicationFormData(
      7,
      applicationFormSchema.parse(valid),
      { leaveBlank: '', fillTimeMs: 41_250 },
      'linkedin',
    );
    expect(body.get('jobId')).toBe('7');
    expect(body.get('source')).toBe('linkedin');
    expect(body.get('leaveBlank')).toBe('');
    expect(body.get('fillTimeMs')).toBe('41250');
    expect(body.get('name')).toBe('Asha Rao');
    expect(body.get('linkedin')).toBe('');
    expect((body.get('resume') as File).name).toBe('resume.pdf');
    expect(body.get('consent')).toBe('true');
  });
});
