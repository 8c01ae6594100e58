import { describe, expect, it } from 'vitest';
import {
  applicationFieldsSchema,
  canTransition,
  contactSchema,
  JOB_TYPES,
  jobInputSchema,
  loginSchema,
  APPLICANT_STATUSES,
  moveRefusal,
  validateResumeFile,
} from '~/lib/schemas';
import { RESUME_MAX_BYTES } from '~/lib/limits';

const validApplication = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+91 98765-43210',
  linkedin: 'https://www.linkedin.com/in/ada-lovelace',
  coverLetter: 'I have built embedded firmware for ten years and love edge AI work.',
};

/** The first message zod reports for `field`, which is what forms and the API show. */
function firstError(schema: typeof applicationFieldsSchema, value: Record<string, unknown>, field: string) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}

describe('applicationFieldsSchema', () => {
  it('accepts a valid application and trims every text value', () => {
    const parsed = applicationFieldsSchema.parse({
      ...validApplication,
      name: '  Ada Lovelace  ',
      email: ' ada@example.com ',
    });
    expect(parsed.name).toBe('Ada Lovelace');
    expect(parsed.email).toBe('ada@example.com');
  });

  const cases: [string, string, unknown, string | null][] = [
    ['name', 'missing', undefined, 'Name is required'],
    ['name', 'blank', '   ', 'Name is required'],
    ['name', 'one letter after trimming', ' A ', 'Name must be at least 2 characters'],
    ['name', 'two letters', 'Al', null],
    ['name', 'digits', 'Ada 2', 'Name can only contain letters, spaces, apostrophes, hyphens and periods'],
    ['name', 'html', '<b>Ada</b>', 'Name can only contain letters, spaces, apostrophes, hyphens and periods'],
    ['name', 'accented letters', 'José Müller', null],
    ['email', 'missing', '', 'Email is required'],
    ['email', 'no at sign', 'ada.example.com', 'Please enter a valid email address'],
    ['email', 'inner space', 'ada @example.com', 'Please enter a valid email address'],
    ['email', 'no dot in domain', 'ada@example', 'Please enter a valid email address'],
    ['phone', 'missing', '', 'Phone number is required'],
    ['phone', '9 digits', '123456789', 'Please enter a valid phone number (10-15 digits)'],
    ['phone', '10 digits', '1234567890', null],
    ['phone', '15 digits with separators', '+123 456-789 012 345', null],
    ['phone', '16 digits', '1234567890123456', 'Please enter a valid phone number (10-15 digits)'],
    ['phone', 'letters', '12345abcde', 'Please enter a valid phone number (10-15 digits)'],
    ['linkedin', 'empty is allowed', '', null],
    ['linkedin', 'absent is allowed', undefined, null],
    ['linkedin', 'company page without protocol', 'linkedin.com/company/edgecraft', null],
    ['linkedin', 'pub url upper case', 'HTTP://WWW.LINKEDIN.COM/PUB/ada', null],
    ['linkedin', 'other host', 'https://example.com/in/ada', 'Please enter a valid LinkedIn profile URL'],
    ['linkedin', 'feed url', 'https://www.linkedin.com/feed/', 'Please enter a valid LinkedIn profile URL'],
    ['coverLetter', 'missing', '  ', 'Cover letter is required'],
    ['coverLetter', '49 characters', 'a'.repeat(49), 'Cover letter must be at least 50 characters'],
    ['coverLetter', '50 characters', 'a'.repeat(50), null],
    [
      'coverLetter',
      '49 characters padded by spaces',
      `  ${'a'.repeat(49)}  `,
      'Cover letter must be at least 50 characters',
    ],
    ['coverLetter', '1000 characters', 'a'.repeat(1000), null],
    ['coverLetter', '1001 characters', 'a'.repeat(1001), 'Cover letter must not exceed 1000 characters'],
  ];
  it.each(cases)('%s: %s → %s', (field, _label, value, expected) => {
    expect(firstError(applicationFieldsSchema, { ...validApplication, [field]: value }, field)).toBe(expected);
  });
});

describe('validateResumeFile', () => {
  const cases: [string, { size: number; type: string; name: string } | null, string | null][] = [
    ['no file', null, 'Resume is required'],
    ['pdf just under 5 MB', { size: RESUME_MAX_BYTES - 1, type: 'application/pdf', name: 'cv.pdf' }, null],
    [
      'pdf of exactly 5 MB',
      { size: RESUME_MAX_BYTES, type: 'application/pdf', name: 'cv.pdf' },
      'File size must be less than 5MB',
    ],
    ['docx with an empty browser type', { size: 10, type: '', name: 'cv.DOCX' }, null],
    ['doc', { size: 10, type: 'application/msword', name: 'cv.doc' }, null],
    ['png', { size: 10, type: 'image/png', name: 'cv.png' }, 'Only PDF, DOC, and DOCX files are allowed'],
    [
      'exe',
      { size: 10, type: 'application/x-msdownload', name: 'cv.exe' },
      'Only PDF, DOC, and DOCX files are allowed',
    ],
    [
      'pdf name with an image type',
      { size: 10, type: 'image/png', name: 'cv.pdf' },
      'Only PDF, DOC, and DOCX files are allowed',
    ],
    ['no extension', { size: 10, type: '', name: 'pdf' }, 'Only PDF, DOC, and DOCX files are allowed'],
    ['zero bytes', { size: 0, type: 'application/pdf', name: 'cv.pdf' }, 'Only PDF, DOC, and DOCX files are allowed'],
  ];
  it.each(cases)('%s → %s', (_label, file, expected) => {
    expect(validateResumeFile(file)).toBe(expected);
  });
});

describe('jobInputSchema', () => {
  const job = {
    title: 'Firmware Engineer',
    department: 'Engineering',
    location: 'Bengaluru',
    jobType: 'Full-time',
    description: 'Build it.',
  };
  it('offers the five job types in order', () => {
    expect(JOB_TYPES).toEqual([
      'Full-time',
      'Part-time',
      'Contract',
      'Internship with Full-Time Opportunity',
      'Internship',
    ]);
  });
  it('turns an empty salaryRange into null and keeps a given one trimmed', () => {
    expect(jobInputSchema.parse({ ...job, salaryRange: '' }).salaryRange).toBeNull();
    expect(jobInputSchema.parse({ ...job, salaryRange: ' ₹20-30 LPA ' }).salaryRange).toBe('₹20-30 LPA');
  });
  it.each(['title', 'department', 'location', 'description'])('requires %s', (field) => {
    const result = jobInputSchema.safeParse({ ...job, [field]: ' ' });
    expect(result.success).toBe(false);
  });
  it('rejects a jobType outside the five options', () => {
    expect(jobInputSchema.safeParse({ ...job, jobType: 'Freelance' }).success).toBe(false);
  });
});

describe('loginSchema and contactSchema', () => {
  it('requires email and password and accepts remember', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x', remember: true }).success).toBe(true);
    expect(loginSchema.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe('Email is required');
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '' }).error?.issues[0]?.message).toBe(
      'Password is required',
    );
  });
  it.each([
    ['name', '', 'Name is required'],
    ['name', 'n'.repeat(101), 'Name must not exceed 100 characters'],
    ['email', 'nope', 'Please enter a valid email address'],
    ['email', `${'a'.repeat(250)}@b.co`, 'Please enter a valid email address'],
    ['subject', ' ', 'Subject is required'],
    ['subject', 's'.repeat(201), 'Subject must not exceed 200 characters'],
    ['message', '', 'Message is required'],
    ['message', 'm'.repeat(5001), 'Message must not exceed 5000 characters'],
  ])('contact %s %#', (field, value, expected) => {
    const base = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Tell me more.' };
    expect(contactSchema.safeParse({ ...base, [field]: value }).error?.issues[0]?.message).toBe(expected);
    expect(contactSchema.safeParse(base).success).toBe(true);
  });
});

describe('moving between stages', () => {
  it('allows any stage to any other for the team, never into or out of withdrawn, never to the same stage', () => {
    for (const from of APPLICANT_STATUSES) {
      for (const to of APPLICANT_STATUSES) {
        const allowed = from !== to && from !== 'withdrawn' && to !== 'withdrawn';
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed);
      }
    }
  });
  it('says why a move is refused', () => {
    expect(moveRefusal('withdrawn', 'pending')).toBe(
      'This applicant withdrew their application; their stage can no longer change',
    );
    expect(moveRefusal('offer', 'withdrawn')).toBe('Only the applicant can withdraw their application');
    expect(moveRefusal('interview', 'interview')).toBe('The applicant is already in Interview');
    expect(moveRefusal('hired', 'pending')).toBeNull();
  });
});
