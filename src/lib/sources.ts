/**
 * Where applicants come from: the `?source=` (or `utm_source=`) of a job link, carried into the
 * application, and the Sources report of the admin area. Shared by the careers islands and the API.
 */
/** Longest accepted source name. */
const SOURCE_MAX = 40;
/** What an application or a view without a (valid) source is counted as. */
export const DIRECT_SOURCE = 'direct';
/** What a view is counted as once its job has its day's share of sources, and the report's row for the rest. */
export const OTHER_SOURCE = 'other';
/** A job's share of sources a day by default (JOB_VIEW_SOURCES_PER_DAY), as the privacy notice states it. */
export const VIEW_SOURCES_PER_DAY_DEFAULT = 20;
/** The multipart field of `POST /api/applicants/apply` that carries it. */
export const SOURCE_FIELD = 'source';
/** The query parameters a job link may carry it in, the first valid one wins. */
const SOURCE_PARAMS = ['source', 'utm_source'] as const;
/** The one our own links carry (the job boards' feeds). */
export const SOURCE_PARAM = SOURCE_PARAMS[0];
const SOURCE_PATTERN = new RegExp(`^[a-z0-9-]{1,${SOURCE_MAX}}$`);

/**
 * The value trimmed and lower-cased when it is then a source name (lowercase letters, digits,
 * dashes, at most 40), else null: `LinkedIn` and ` Indeed ` name the same boards as `linkedin`, `indeed`.
 */
function validSource(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().toLowerCase();
  return SOURCE_PATTERN.test(name) ? name : null;
}

/** The source to store: the value, trimmed and lower-cased, when it is valid, else 'direct' (anything else is ignored). */
export const sourceOrDirect = (value: unknown): string => validSource(value) ?? DIRECT_SOURCE;

/** The source of a page's query string (`?source=linkedin`, or `?utm_source=`), else 'direct'. */
export function sourceFromSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SOURCE_PARAMS) {
    const found = validSource(params.get(name));
    if (found) return found;
  }
  return DIRECT_SOURCE;
}

/** The report covers this many weeks (Monday to Sunday, UTC), the current one last. */
export const SOURCE_REPORT_WEEKS = 12;
/** Sources per page of the report's `bySource`, unless `?limit=` asks for another number up to the maximum. */
export const SOURCE_REPORT_PAGE_SIZE = 20;
export const SOURCE_REPORT_MAX_LIMIT = 100;

/** Counts of one row of the report, and its conversion rates (null when there is nothing to divide by). */
export type SourceStats = {
  views: number;
  applications: number;
  /** Applications that ever reached Screening or a later stage (Interview, Offer, Hired), wherever they are now. */
  reachedScreening: number;
  /** Applications per view. */
  applyRate: number | null;
  /** Reached screening per application. */
  screeningRate: number | null;
};

/** `GET /api/sources[?job=id]`: views, applications and applicants who reached screening, by source and by week. */
export type SourcesReport = {
  /** The vacancy reported on; null for all vacancies. */
  jobId: number | null;
  /** The first day counted (a Monday, YYYY-MM-DD, UTC). */
  from: string;
  /** One page of the sources, most applications first, then most views; 'other' is never among them. */
  bySource: (SourceStats & { source: string })[];
  /** Every source not on this page together, and the views counted as 'other' (a job's day past its share of sources). */
  other: SourceStats;
  /** The page of `bySource` (`?page=`, from 1), and the next one, or null when this is the last. */
  page: number;
  nextPage: number | null;
  /** Every week of the period, oldest first; `week` is its Monday. */
  byWeek: (SourceStats & { week: string })[];
  total: SourceStats;
};

/** `part / whole`, or null when `whole` is 0. */
export const conversionRate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** A rate as the report shows it: '12.5%', or '–' when there is nothing to divide by. */
export const formatRate = (rate: number | null): string =>
  rate === null ? '–' : `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')}%`;

export const sourcesMessages = {
  loading: 'Loading the sources report...',
  fetchFailed: 'Failed to fetch the sources report',
  empty: 'No views or applications in these weeks yet.',
  tooManyViews: 'Too many page views from your network. Please try again later.',
  badPage: `page must be a whole number from 1, limit one from 1 to ${SOURCE_REPORT_MAX_LIMIT}`,
  otherRow: 'other',
  pages: 'Pages of sources',
  page: 'Page',
  previousPage: 'Previous sources',
  nextPage: 'More sources',
  /** What the "Shortlisted" column counts, under the vacancy choice. */
  reachedScreening:
    'Shortlisted counts every applicant ever moved to Shortlisted or a later stage (Interview, Offer, Hired), including those rejected or withdrawn since.',
} as const;
