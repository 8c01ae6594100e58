/**
 * Vacancy pages: the URL of a job, and its Google for Jobs `JobPosting` structured data,
 * built only from what the page shows. Pure functions, safe in the browser and on the server.
 */
import type { Job, JobType } from '~/lib/schemas/job';
import { endOfDay } from '~/lib/calendar-day';
import { site } from '~/site';

/** `Senior Firmware Engineer (RTOS)` → `senior-firmware-engineer-rtos`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The job page: `/career/jobs/{id}-{slug}`; the id alone also resolves. */
export function jobPath(job: Pick<Job, 'id' | 'title'>): string {
  const slug = slugify(job.title);
  return `/career/jobs/${job.id}${slug ? `-${slug}` : ''}`;
}

/** The id at the start of the path segment after /career/jobs/, or null. */
export function jobIdFromSlug(slug: string | undefined): number | null {
  const match = /^(\d{1,15})(?:-[a-z0-9-]*)?\/?$/.exec(slug ?? '');
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Job types → schema.org employmentType. */
const EMPLOYMENT_TYPES: Readonly<Record<JobType, string>> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  'Internship with Full-Time Opportunity': 'INTERN',
  Internship: 'INTERN',
};

export type Salary = {
  currency: string;
  minValue: number;
  maxValue: number;
  unitText: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
};

const CURRENCY_SYMBOLS: Record<string, string> = { '₹': 'INR', $: 'USD', '€': 'EUR', '£': 'GBP' };
const CURRENCY_CODES = ['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'CAD', 'AUD'];
const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  l: 1e5,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lpa: 1e5,
  cr: 1e7,
  crore: 1e7,
  m: 1e6,
};

function salaryUnit(text: string): Salary['unitText'] {
  if (/\b(hour|hr|hourly)\b/i.test(text)) return 'HOUR';
  if (/\b(day|daily)\b/i.test(text)) return 'DAY';
  if (/\b(week|weekly|wk)\b/i.test(text)) return 'WEEK';
  if (/\b(month|monthly|mo|pm)\b/i.test(text)) return 'MONTH';
  return 'YEAR';
}

/**
 * Reads a free-text salary range such as '₹18–28 LPA', '$120,000 - $150,000', '€60k–75k per year'
 * or '₹50,000 per month'. Null when no currency or amount can be read (then no baseSalary is sent).
 */
export function parseSalaryRange(text: string | null | undefined): Salary | null {
  if (!text) return null;
  const symbol = Object.keys(CURRENCY_SYMBOLS).find((s) => text.includes(s));
  const code = CURRENCY_CODES.find((c) => new RegExp(`\\b${c}\\b`, 'i').test(text));
  const currency =
    code ??
    (symbol ? CURRENCY_SYMBOLS[symbol] : undefined) ??
    (/\b(lpa|lakhs?|lac|crores?)\b/i.test(text) ? 'INR' : undefined);
  if (!currency) return null;

  // A trailing LPA/lakh/k applies to both ends of '18–28 LPA'.
  const shared = /(\d)\s*(lpa|lakhs?|lac|crore|cr|k)\b/i.exec(text)?.[2]?.toLowerCase();
  const amounts = [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*(k|lpa|lakhs?|lac|l|crore|cr|m)?\b/gi)]
    .map((match) => {
      const value = Number((match[1] ?? '').replace(/,/g, ''));
      const suffix = (match[2] ?? shared ?? '').toLowerCase();
      return value * (MULTIPLIERS[suffix] ?? 1);
    })
    .filter((value) => Number.isFinite(value) && value > 0)
    .slice(0, 2);
  if (amounts.length === 0) return null;
  const minValue = Math.min(...amounts);
  const maxValue = Math.max(...amounts);
  return { currency, minValue, maxValue, unitText: salaryUnit(text) };
}

/** 'Remote', 'Remote (India)', 'Remote - EU', 'Work from home' → remote. */
function isRemote(location: string): boolean {
  return /\b(remote|work from home|wfh|anywhere)\b/i.test(location);
}

export type Organization = { name: string; url: string; logo: string; countryCode: string; country: string };

/** The site's company as every vacancy names it: its pages' JSON-LD and the job boards' feeds. */
export function siteOrganization(base: URL | string): Organization {
  return {
    name: site.name,
    url: site.url,
    logo: new URL(site.logo, base).href,
    countryCode: site.address.countryCode,
    country: site.address.country,
  };
}

/** Where a vacancy is, read from its free-text location ('Bengaluru, Karnataka, India', 'Remote (India)'). */
export type JobPlace = {
  /** The first part ('Bengaluru'); the whole text when it has no commas. */
  locality: string;
  /** The middle part of three or more ('Karnataka'), else null. */
  region: string | null;
  /** The last part of two or more, as the company's country code when it is the company's country; else the company's. */
  country: string;
  /** Applicants may work from anywhere in `remoteCountry`. */
  remote: boolean;
  /** 'Remote (EU)' → 'EU'; else the company's country. */
  remoteCountry: string;
};

/** A country's name as the company's code when it is the company's country, else as written. */
const countryOf = (name: string, org: Pick<Organization, 'country' | 'countryCode'>): string =>
  name.toLowerCase() === org.country.toLowerCase() ? org.countryCode : name;

export function jobPlace(location: string, org: Pick<Organization, 'country' | 'countryCode'>): JobPlace {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    locality: parts[0] ?? location,
    region: parts.length > 2 ? parts.slice(1, -1).join(', ') : null,
    country: countryOf(parts.length > 1 ? parts[parts.length - 1]! : org.country, org),
    remote: isRemote(location),
    remoteCountry: /\(([^)]+)\)/.exec(location)?.[1]?.trim() ?? org.country,
  };
}

/**
 * The `JobPosting` JSON-LD of a job page (Google for Jobs required and recommended properties), with
 * the description as the page rendered it.
 */
export function jobPostingJsonLd(
  job: Job,
  descriptionHtml: string,
  org: Organization,
  pageUrl: string,
): Record<string, unknown> {
  const place = jobPlace(job.location, org);
  const salary = parseSalaryRange(job.salaryRange);

  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml,
    datePosted: job.created_at.slice(0, 10),
    ...(job.closesAt ? { validThrough: endOfDay(job.closesAt) } : {}),
    employmentType: EMPLOYMENT_TYPES[job.jobType],
    identifier: { '@type': 'PropertyValue', name: org.name, value: String(job.id) },
    hiringOrganization: { '@type': 'Organization', name: org.name, sameAs: org.url, logo: org.logo },
    // Always with its country: a remote role's is the country its applicants must live in.
    jobLocation: {
      '@type': 'Place',
      address: place.remote
        ? { '@type': 'PostalAddress', addressCountry: countryOf(place.remoteCountry, org) }
        : { '@type': 'PostalAddress', addressLocality: place.locality, addressCountry: place.country },
    },
    ...(place.remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: place.remoteCountry },
        }
      : {}),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              minValue: salary.minValue,
              maxValue: salary.maxValue,
              unitText: salary.unitText,
            },
          },
        }
      : {}),
    directApply: true,
    url: pageUrl,
  };
}

const DAY_MS = 86_400_000;
const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * 'Posted today', 'Posted yesterday', 'Posted 3 days ago', '… 2 weeks ago', '… 5 months ago', counted in
 * calendar days of the visitor's time zone; a date in the future (a skewed clock) counts as today.
 */
export function postedAgo(createdAt: string, now: Date = new Date()): string {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return '';
  const calendarDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;
  const days = Math.max(0, calendarDay(now) - calendarDay(created));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    days < 7
      ? [days, 'day']
      : days < 30
        ? [Math.floor(days / 7), 'week']
        : days < 365
          ? [Math.floor(days / 30), 'month']
          : [Math.floor(days / 365), 'year'];
  return `Posted ${relativeTime.format(-value, unit)}`;
}
