import { describe, expect, it } from 'vitest';
import { JOB_TYPES, type Job } from '~/lib/schemas/job';
import { renderDescription } from '~/lib/job-description';
import {
  jobIdFromSlug,
  jobPath,
  jobPostingJsonLd,
  parseSalaryRange,
  postedAgo,
  slugify,
  type Organization,
} from '~/lib/job-posting';

/** The JSON-LD of a job whose page rendered its description. */
const jsonLd = (job: Job, org: Organization, pageUrl: string) =>
  jobPostingJsonLd(job, renderDescription(job.description).html, org, pageUrl);

const org = {
  name: 'EdgeCraft AI',
  url: 'https://www.example.com',
  logo: 'https://www.example.com/images/logo.svg',
  countryCode: 'IN',
  country: 'India',
};
const job: Job = {
  id: 42,
  title: 'Senior Embedded Firmware Engineer (RTOS)',
  department: 'Engineering',
  location: 'Bengaluru, India',
  jobType: 'Full-time',
  description: 'Own the firmware.\n\nYou will:\n- review drivers\n- build rigs <fast>',
  salaryRange: '₹18–28 LPA',
  closesAt: null,
  created_at: '2026-11-20T09:30:00.000Z',
};

describe('job page URLs', () => {
  it('puts a readable slug after the id, and reads the id back with or without it', () => {
    expect(slugify('Señor Edge-ML Engineer, C++ & RTOS')).toBe('senor-edge-ml-engineer-c-rtos');
    expect(jobPath(job)).toBe('/career/jobs/42-senior-embedded-firmware-engineer-rtos');
    expect(jobIdFromSlug('42-senior-embedded-firmware-engineer-rtos')).toBe(42);
    expect(jobIdFromSlug('42')).toBe(42);
    for (const bad of [undefined, '', 'abc', '0', '-1', '42abc', '4.2', '1/2']) expect(jobIdFromSlug(bad)).toBeNull();
  });
});

describe('salary ranges', () => {
  it.each([
    ['₹18–28 LPA', { currency: 'INR', minValue: 1_800_000, maxValue: 2_800_000, unitText: 'YEAR' }],
    ['$120,000 - $150,000', { currency: 'USD', minValue: 120_000, maxValue: 150_000, unitText: 'YEAR' }],
    ['€60k–75k per year', { currency: 'EUR', minValue: 60_000, maxValue: 75_000, unitText: 'YEAR' }],
    ['₹50,000 per month', { currency: 'INR', minValue: 50_000, maxValue: 50_000, unitText: 'MONTH' }],
    ['USD 45 - 60 per hour', { currency: 'USD', minValue: 45, maxValue: 60, unitText: 'HOUR' }],
    ['12-16 lakhs', { currency: 'INR', minValue: 1_200_000, maxValue: 1_600_000, unitText: 'YEAR' }],
  ])('reads %s', (text, expected) => {
    expect(parseSalaryRange(text)).toEqual(expected);
  });

  it.each([null, '', 'Competitive', 'As per industry standards'])('gives no salary for %s', (text) => {
    expect(parseSalaryRange(text)).toBeNull();
  });
});

describe('JobPosting JSON-LD', () => {
  it('holds every required and recommended property, from the job', () => {
    const data = jsonLd(job, org, 'https://www.example.com/career/jobs/42-x');
    expect(data).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: job.title,
      description:
        '<p>Own the firmware.</p><p>You will:</p><ul><li>review drivers</li><li>build rigs &lt;fast&gt;</li></ul>',
      datePosted: '2026-11-20',
      employmentType: 'FULL_TIME',
      identifier: { '@type': 'PropertyValue', name: 'EdgeCraft AI', value: '42' },
      hiringOrganization: { '@type': 'Organization', name: 'EdgeCraft AI', sameAs: org.url, logo: org.logo },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Bengaluru', addressCountry: 'IN' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: { '@type': 'QuantitativeValue', minValue: 1_800_000, maxValue: 2_800_000, unitText: 'YEAR' },
      },
      directApply: true,
      url: 'https://www.example.com/career/jobs/42-x',
    });
  });

  it('maps every job type to its employmentType', () => {
    const types = JOB_TYPES.map((jobType) => jsonLd({ ...job, jobType }, org, '').employmentType);
    expect(types).toEqual(['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'INTERN', 'INTERN']);
  });

  it('marks a remote location as TELECOMMUTE with the applicant country, and omits an unreadable salary', () => {
    const data = jsonLd({ ...job, location: 'Remote (Germany)', salaryRange: 'Competitive' }, org, '');
    expect(data['jobLocationType']).toBe('TELECOMMUTE');
    expect(data['applicantLocationRequirements']).toEqual({ '@type': 'Country', name: 'Germany' });
    expect(data['jobLocation']).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressCountry: 'Germany' },
    });
    expect(data).not.toHaveProperty('baseSalary');
    const anywhere = jsonLd({ ...job, location: 'Remote' }, org, '');
    expect(anywhere['applicantLocationRequirements']).toEqual({ '@type': 'Country', name: 'India' });
    expect(anywhere['jobLocation']).toMatchObject({ address: { addressCountry: 'IN' } });
  });

  /**
   * Google's published list for job postings (Search Central, "Job posting (JobPosting) structured
   * data"): the required properties, and the recommended ones; the remote pair only for remote roles.
   */
  const GOOGLE_REQUIRED = ['datePosted', 'description', 'hiringOrganization', 'jobLocation', 'title'];
  const GOOGLE_RECOMMENDED = ['baseSalary', 'directApply', 'employmentType', 'identifier', 'validThrough'];
  const GOOGLE_REMOTE = ['applicantLocationRequirements', 'jobLocationType'];

  it.each([
    ['an office role', 'Bengaluru, India', []],
    ['a remote role', 'Remote (India)', GOOGLE_REMOTE],
  ])('gives %s with a salary and a closing date every property Google lists', (_, location, remote) => {
    const data = jsonLd({ ...job, location, closesAt: '2026-12-31' }, org, 'https://www.example.com/career/jobs/42-x');
    for (const property of [...GOOGLE_REQUIRED, ...GOOGLE_RECOMMENDED, ...remote])
      expect(data).toHaveProperty(property);
    expect(data['validThrough']).toBe('2026-12-31T23:59:59.999Z');
    expect(data['jobLocation']).toMatchObject({ address: { addressCountry: 'IN' } });
    expect(data['hiringOrganization']).toMatchObject({ name: 'EdgeCraft AI', sameAs: org.url, logo: org.logo });
  });

  it('sends the description as HTML: Markdown rendered, HTML escaped', () => {
    const description = '### About the role\n\n- **Own** the firmware\n- a < b\n\n<script>alert(1)</script>';
    expect(jsonLd({ ...job, description }, org, '')['description']).toBe(
      '<h3>About the role</h3><ul><li><strong>Own</strong> the firmware</li><li>a &lt; b</li></ul><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
});

describe('postedAgo', () => {
  const now = new Date(2026, 10, 20, 9, 30);
  const daysBefore = (days: number, hour = 18) => new Date(2026, 10, 20 - days, hour).toISOString();
  it('counts calendar days in words', () => {
    expect(postedAgo(daysBefore(0, 8), now)).toBe('Posted today');
    expect(postedAgo(daysBefore(1, 23), now)).toBe('Posted yesterday');
    expect(postedAgo(daysBefore(3), now)).toBe('Posted 3 days ago');
    expect(postedAgo(daysBefore(7), now)).toBe('Posted last week');
    expect(postedAgo(daysBefore(16), now)).toBe('Posted 2 weeks ago');
    expect(postedAgo(daysBefore(65), now)).toBe('Posted 2 months ago');
    expect(postedAgo(daysBefore(400), now)).toBe('Posted last year');
  });
  it('treats a future date as today and an unreadable one as nothing', () => {
    expect(postedAgo(new Date(2026, 10, 22).toISOString(), now)).toBe('Posted today');
    expect(postedAgo('not a date', now)).toBe('');
  });
});
