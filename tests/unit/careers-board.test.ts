import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { applicationFormData, applicationFormSchema, emptyApplication } from '~/islands/careers/application-schema';
import { inDepartment } from '~/islands/careers/departments';
import { distinctDepartments, sameDepartment } from '~/lib/departments';
import {
  distinctLocations,
  filtersFromSearch,
  matchesFilters,
  NO_FILTERS,
  rolesCount,
  urlWithFilters,
} from '~/lib/job-filters';

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

  it('reads and writes the filters of a careers URL, dropping the empty ones', () => {
    expect(filtersFromSearch('?department=Machine%20Learning&q=%20rust%20&location=Remote')).toEqual({
      q: 'rust',
      location: 'Remote',
      type: '',
      department: 'Machine Learning',
    });
    expect(filtersFromSearch('?department=%20%20')).toEqual(NO_FILTERS);
    expect(urlWithFilters('https://www.example.com/career?x=1#open', { ...NO_FILTERS, department: 'R&D' })).toBe(
      '/career?x=1&department=R%26D#open',
    );
    expect(
      urlWithFilters('https://www.example.com/career?department=Design&q=rust', { ...NO_FILTERS, type: 'Contract' }),
    ).toBe('/career?type=Contract');
    expect(urlWithFilters('https://www.example.com/career?department=Design', NO_FILTERS)).toBe('/career');
  });
});

describe('careers filters', () => {
  const job = {
    title: 'Edge AI Engineer',
    department: 'Machine Learning',
    description: 'Quantise detection models to INT8 for Jetson modules.',
    location: 'Bengaluru, India',
    jobType: 'Full-time' as const,
  };

  it('finds every keyword in the title, department or description, ignoring case and accents', () => {
    expect(matchesFilters(job, { ...NO_FILTERS, q: 'int8 jetson' })).toBe(true);
    expect(matchesFilters(job, { ...NO_FILTERS, q: 'machine édge' })).toBe(true);
    expect(matchesFilters(job, { ...NO_FILTERS, q: 'int8 rust' })).toBe(false);
  });

  it('matches location and job type exactly, department regardless of case', () => {
    expect(matchesFilters(job, { ...NO_FILTERS, location: 'bengaluru, india' })).toBe(true);
    expect(matchesFilters(job, { ...NO_FILTERS, location: 'Remote' })).toBe(false);
    expect(matchesFilters(job, { ...NO_FILTERS, type: 'Contract' })).toBe(false);
    expect(matchesFilters(job, { ...NO_FILTERS, department: 'machine learning ', type: 'Full-time' })).toBe(true);
  });

  it('lists each location once and counts the roles shown of all', () => {
    expect(distinctLocations([{ location: 'Remote ' }, { location: 'Bengaluru' }, { location: 'remote' }])).toEqual([
      'Bengaluru',
      'Remote',
    ]);
    expect(rolesCount(3, 12)).toBe('3 of 12 roles');
    expect(rolesCount(12, 12)).toBe('12 roles');
    expect(rolesCount(1, 1)).toBe('1 role');
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
