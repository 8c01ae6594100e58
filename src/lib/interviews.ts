/**
 * Interviews and scorecards: the payloads, texts and rules shared by the admin area and the API.
 */
import { z } from 'zod/mini';
import { mailRefusal, type ApplicantStatus } from './schemas/applicant';

/** The zone the team works in: mails give an interview's time in UTC and, unless the recruiter picks another, here. */
export const TEAM_TIME_ZONE = 'Asia/Kolkata';
/** How far ahead an interview may be planned: beyond it a date is a typo, and calendars choke on some. */
const INTERVIEW_YEARS_AHEAD_MAX = 2;
const INTERVIEW_DURATION_MIN = 15;
const INTERVIEW_DURATION_MAX = 480;
export const INTERVIEW_LOCATION_MAX = 500;
export const INTERVIEW_NOTE_MAX = 2000;
/** A panel of one to this many team members. */
const INTERVIEW_PANEL_MAX = 8;
export const SCORECARD_NOTES_MAX = 5000;
const CRITERION_MAX = 60;
const CRITERIA_MAX = 10;
/** Ratings are 1 to 4: no middle value to hide in, like the four recommendations. */
export const RATING_MAX = 4;
export const DEFAULT_CRITERIA: readonly string[] = ['Technical depth', 'Communication', 'Ownership'];

export const RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};
/** "1 scorecard: No", "3 scorecards: 1 Strong yes · 2 Yes": strongest for first; "" when there are none. */
export function scorecardTally(tally: Record<Recommendation, number>): string {
  const counts = [...RECOMMENDATIONS].reverse().filter((r) => tally[r] > 0);
  const total = counts.reduce((sum, r) => sum + tally[r], 0);
  if (total === 0) return '';
  const parts = counts.map((r) => (total === 1 ? RECOMMENDATION_LABELS[r] : `${tally[r]} ${RECOMMENDATION_LABELS[r]}`));
  return `${total} ${total === 1 ? 'scorecard' : 'scorecards'}: ${parts.join(' · ')}`;
}
export const RATING_LABELS: Record<number, string> = { 1: 'Weak', 2: 'Mixed', 3: 'Good', 4: 'Excellent' };

export const interviewMessages = {
  startsAtRequired: 'Choose the date and time of the interview',
  startsAtInvalid: 'The start must be a date and time in ISO 8601 with its offset, such as 2027-01-12T10:00:00Z',
  startsAtPast: 'The interview must start in the future',
  startsAtTooFar: `The interview must start within ${INTERVIEW_YEARS_AHEAD_MAX} years from now`,
  durationInvalid: `The duration is ${INTERVIEW_DURATION_MIN} to ${INTERVIEW_DURATION_MAX} minutes`,
  locationRequired: 'Say where the interview takes place: an address or a video link',
  locationTooLong: `The location has at most ${INTERVIEW_LOCATION_MAX} characters`,
  noteTooLong: `The note has at most ${INTERVIEW_NOTE_MAX.toLocaleString('en-US')} characters`,
  interviewersRequired: 'Choose at least one interviewer',
  interviewersTooMany: `A panel has at most ${INTERVIEW_PANEL_MAX} interviewers`,
  interviewerUnknown: 'An interviewer is not on the team any more: reload the list and choose again',
  interviewerViewer: 'Viewers cannot interview: make them a recruiter first',
  timeZoneInvalid: 'Choose a time zone from the list',
  applicantRejected: 'This applicant was rejected: move them to another stage before planning an interview',
  applicantHired: 'This applicant is hired: there is no interview left to plan',
  notFound: 'Interview not found',
  cancelled: 'This interview was cancelled',
  scheduled: 'Interview scheduled; the invitations are in the outbox',
  rescheduled: 'Interview rescheduled; the updated invitations are in the outbox',
  cancelledNow: 'Interview cancelled; the cancellations are in the outbox',
} as const;

export const scorecardMessages = {
  recommendationRequired: 'Choose your overall recommendation',
  ratingRequired: (criterion: string) => `Rate ${criterion.toLowerCase()}`,
  ratingsUnknown: 'The criteria of this vacancy changed: reload and rate them again',
  notesTooLong: `Notes have at most ${SCORECARD_NOTES_MAX.toLocaleString('en-US')} characters`,
  notOnPanel: 'Only the interviewers of this interview submit its scorecards',
  alreadySubmitted: 'You have already submitted your scorecard for this interview',
  submitted: 'Scorecard submitted',
  criterionRequired: 'A criterion needs a name',
  criterionTooLong: `A criterion has at most ${CRITERION_MAX} characters`,
  criteriaTooMany: `At most ${CRITERIA_MAX} criteria`,
  criteriaDuplicate: 'Each criterion once',
} as const;

/** '2027-01-12T10:00:00Z', '2027-01-12T15:30+05:30': a four-digit year, the time, and its offset or Z. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** ISO 8601 with an offset, on a day the month has (Date.parse rolls 30 February over into March). */
function isIsoDateTime(value: string): boolean {
  const parts = ISO_DATE_TIME.exec(value);
  if (!parts || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day, hour] = parts.slice(1, 5).map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return hour < 24 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoDateTime = z
  .string({ error: interviewMessages.startsAtRequired })
  .check(z.refine(isIsoDateTime, interviewMessages.startsAtInvalid));

/** Why an interview cannot start at `startsAt` when planned at `now` (in the past, or too far ahead), or null. */
export function startsAtRefusal(startsAt: Date, now: Date): string | null {
  if (startsAt.getTime() <= now.getTime()) return interviewMessages.startsAtPast;
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + INTERVIEW_YEARS_AHEAD_MAX);
  return startsAt.getTime() > latest.getTime() ? interviewMessages.startsAtTooFar : null;
}

/** Why no interview may be planned or moved with an applicant at `status`, or null: the mail rule, then the closed stages. */
export function interviewRefusal(status: ApplicantStatus): string | null {
  if (status === 'rejected') return interviewMessages.applicantRejected;
  if (status === 'hired') return interviewMessages.applicantHired;
  return mailRefusal(status);
}

/** An IANA zone this runtime knows (Intl throws a RangeError on any other). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

/** `POST /api/applicants/{id}/interviews` and `PUT …/interviews/{interviewId}`. */
export const interviewInputSchema = z.object({
  startsAt: isoDateTime,
  durationMinutes: z
    .int({ error: interviewMessages.durationInvalid })
    .check(
      z.minimum(INTERVIEW_DURATION_MIN, interviewMessages.durationInvalid),
      z.maximum(INTERVIEW_DURATION_MAX, interviewMessages.durationInvalid),
    ),
  location: z
    .string({ error: interviewMessages.locationRequired })
    .check(
      z.trim(),
      z.minLength(1, interviewMessages.locationRequired),
      z.maxLength(INTERVIEW_LOCATION_MAX, interviewMessages.locationTooLong),
    ),
  interviewerIds: z
    .array(z.int({ error: interviewMessages.interviewerUnknown }), { error: interviewMessages.interviewersRequired })
    .check(
      z.minLength(1, interviewMessages.interviewersRequired),
      z.maxLength(INTERVIEW_PANEL_MAX, interviewMessages.interviewersTooMany),
    ),
  note: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(INTERVIEW_NOTE_MAX, interviewMessages.noteTooLong))),
  ),
  /** The zone the mails name beside UTC; the team's own when left out. */
  timeZone: z.optional(z.string().check(z.refine(isTimeZone, interviewMessages.timeZoneInvalid))),
});
export type InterviewInput = z.infer<typeof interviewInputSchema>;

/** `POST /api/applicants/{id}/interviews/{interviewId}/scorecard`: ratings keyed by criterion. */
export const scorecardInputSchema = z.object({
  recommendation: z.enum(RECOMMENDATIONS, { error: scorecardMessages.recommendationRequired }),
  ratings: z.record(z.string(), z.int().check(z.minimum(1), z.maximum(RATING_MAX))),
  notes: z.optional(z.string().check(z.trim(), z.maxLength(SCORECARD_NOTES_MAX, scorecardMessages.notesTooLong))),
});
export type ScorecardInput = z.infer<typeof scorecardInputSchema>;

/**
 * A vacancy's scorecard criteria: an array in the API, one per line in the job form; blank lines
 * go. Left out of a save, the criteria stay as they are; an empty list means the defaults.
 */
export const scorecardCriteriaField = z.optional(
  z.pipe(
    z.transform((value: unknown) =>
      value === undefined || value === null
        ? undefined
        : (typeof value === 'string' ? value.split(/\r?\n/) : Array.isArray(value) ? value : [value])
            .map((item) => (typeof item === 'string' ? item.trim() : item))
            .filter((item) => item !== ''),
    ),
    z.optional(
      z
        .array(
          z
            .string({ error: scorecardMessages.criterionRequired })
            .check(z.maxLength(CRITERION_MAX, scorecardMessages.criterionTooLong)),
        )
        .check(
          z.maxLength(CRITERIA_MAX, scorecardMessages.criteriaTooMany),
          z.refine(
            (items) => new Set(items.map((item) => item.toLowerCase())).size === items.length,
            scorecardMessages.criteriaDuplicate,
          ),
        ),
    ),
  ),
);

/** `displayName`: null until they give one; then mails and calendars name them by it. */
export type Interviewer = { id: number; email: string; displayName: string | null };

export type Scorecard = {
  id: number;
  interviewId: number;
  author: string | null;
  recommendation: Recommendation;
  ratings: Record<string, number>;
  notes: string;
  submittedAt: string;
  mine: boolean;
};

export type Interview = {
  id: number;
  uid: string;
  sequence: number;
  startsAt: string;
  durationMinutes: number;
  location: string;
  note: string | null;
  timeZone: string;
  cancelledAt: string | null;
  interviewers: Interviewer[];
  /** Whether the admin asking is on the panel, and whether they submitted their scorecard. */
  onPanel: boolean;
  submitted: boolean;
  /** How many of the panel submitted. */
  submittedCount: number;
  /** The scorecards the admin asking may read: none of the others' until their own is in. */
  scorecards: Scorecard[];
};

/** What `GET /api/applicants/{id}/interviews` and every change answer. */
export type InterviewList = {
  interviews: Interview[];
  /** The criteria this vacancy's scorecards rate. */
  criteria: string[];
  /** Who may be put on a panel: owners and recruiters. */
  candidates: Interviewer[];
  /** Recommendations of the scorecards the admin asking may read. */
  tally: Record<Recommendation, number>;
  /** Scorecards submitted but withheld until the asker's own is in. */
  hiddenScorecards: number;
};
