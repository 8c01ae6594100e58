import { describe, expect, it } from 'vitest';
import { renderDescription } from '~/lib/job-description';
import { jobPageHead, type PageJob } from '~/lib/job-pages';
import type { Job } from '~/lib/schemas/job';
import { DESCRIPTION_MAX, clampDescription } from '~/lib/seo';

const job = (description: string, overrides: Partial<Job> = {}): PageJob => ({
  id: 7,
  title: 'Embedded ML Engineer',
  department: 'Engineering',
  location: 'Bengaluru, India',
  jobType: 'Full-time',
  description,
  salaryRange: null,
  closesAt: null,
  created_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
  rendered: renderDescription(overrides.description ?? description),
});

const LONG =
  'You will take the quantised detectors our agents generate onto Jetson, Hailo and STM32 boards, measure them against their budgets and write down what the numbers mean for the next release of the product.';

describe('meta descriptions', () => {
  it('keeps a text that fits as it is, with its white space collapsed', () => {
    expect(clampDescription('  Short   text\nthat fits. ')).toBe('Short text that fits.');
    const exact = 'x'.repeat(DESCRIPTION_MAX);
    expect(clampDescription(exact)).toBe(exact);
  });

  it('cuts a long text at a word boundary within the limit and ends it with an ellipsis', () => {
    const clamped = clampDescription(LONG);
    expect(clamped.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(clamped.endsWith('…')).toBe(true);
    const kept = clamped.slice(0, -1);
    expect(LONG.startsWith(kept)).toBe(true);
    // The next character of the original is a space: no word was cut in half.
    expect(LONG[kept.length]).toBe(' ');
  });

  it('drops punctuation left dangling before the ellipsis', () => {
    expect(clampDescription('Alpha beta, gamma delta', 14)).toBe('Alpha beta…');
    expect(clampDescription('Alpha beta. Gamma delta', 13)).toBe('Alpha beta…');
  });

  it('uses a space right at the cut as the boundary', () => {
    expect(clampDescription('abcd efgh ijkl', 10)).toBe('abcd efgh…');
  });

  it('cuts a single word longer than the limit inside it, never splitting an emoji', () => {
    expect(clampDescription('x'.repeat(200))).toBe(`${'x'.repeat(DESCRIPTION_MAX - 1)}…`);
    const clamped = clampDescription(`${'x'.repeat(8)}😀😀`, 10);
    expect(clamped).toBe(`${'x'.repeat(8)}…`);
  });
});

describe('job page descriptions', () => {
  it('lead with the job type, place and department, then the description, within 160 characters', () => {
    const { description } = jobPageHead(job(LONG.replace('quantised', '**quantised**')), 'https://www.example.com');
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description).toMatch(/^Full-time · Bengaluru, India · Engineering\. You will take the quantised/);
    expect(description).toMatch(/[a-z]…$/);
    const words = `Full-time · Bengaluru, India · Engineering. ${LONG}`;
    expect(words.startsWith(description.slice(0, -1))).toBe(true);
    expect(words[description.length - 1]).toBe(' ');
  });

  it('keep a short description whole, without an ellipsis', () => {
    const { description } = jobPageHead(job('Quantise **vision** models.'), 'https://www.example.com');
    expect(description).toBe('Full-time · Bengaluru, India · Engineering. Quantise vision models.');
  });

  it('stay within 160 characters when the facts before the description are long', () => {
    const { description } = jobPageHead(
      job(LONG, {
        jobType: 'Internship with Full-Time Opportunity',
        location: 'Bengaluru, Hyderabad, Pune or remote within India',
        department: 'Machine Learning Platform and Hardware Enablement',
      }),
      'https://www.example.com',
    );
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description.endsWith('…')).toBe(true);
  });
});
