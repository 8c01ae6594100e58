/**
 * The applicant's private page (`/application/{token}`): the stages in the applicant's words, what
 * the API answers and the texts; without zod, so the page loads none.
 */
import type { ApplicantStatus } from './applicant';

/** The stages an applicant sees, in order; `withdrawn` stands apart. */
export const APPLICANT_STAGES = ['Received', 'Under review', 'Interviewing', 'Decision made'] as const;
export type ApplicantStage = (typeof APPLICANT_STAGES)[number] | 'Withdrawn by you';

/**
 * The team's status in the applicant's words: never the reason or the outcome's details, which
 * stay with the team until they write to the applicant themselves.
 */
const STAGE_OF: Record<ApplicantStatus, ApplicantStage> = {
  pending: 'Received',
  shortlisted: 'Under review',
  interview: 'Interviewing',
  offer: 'Interviewing',
  hired: 'Decision made',
  rejected: 'Decision made',
  withdrawn: 'Withdrawn by you',
};

export function applicantStage(status: ApplicantStatus): ApplicantStage {
  return STAGE_OF[status];
}

/**
 * The stages the applicant went through before `current`, in order, from the statuses they were
 * ever in: a stage they skipped (rejected straight from Received) is never among them.
 */
export function stagesPassed(reached: Iterable<ApplicantStatus>, current: ApplicantStage): ApplicantStage[] {
  const stages = new Set([...reached].map(applicantStage));
  const before = APPLICANT_STAGES.indexOf(current as (typeof APPLICANT_STAGES)[number]);
  // Withdrawn: every stage but a decision, which closes the application before anyone could withdraw.
  const upTo = before === -1 ? APPLICANT_STAGES.length - 1 : before;
  return APPLICANT_STAGES.slice(0, upTo).filter((stage) => stages.has(stage));
}

/** The stages whose erase-on date the page shows: each dated by the applicant's own step. */
export const DATED_STAGES: readonly ApplicantStage[] = ['Received', 'Withdrawn by you'];

/** The statuses an applicant may still withdraw from: not once decided, nor twice. */
export const WITHDRAWABLE_STATUSES: readonly ApplicantStatus[] = ['pending', 'shortlisted', 'interview', 'offer'];

/** An interview as the applicant sees it: the panel and the team's notes stay with the team. */
export type UpcomingInterview = { startsAt: string; durationMinutes: number; location: string };

/** A time offered to the applicant to book, as they see it (the panel stays with the team). */
export type OfferedSlot = { id: number; startsAt: string; durationMinutes: number; location: string };

/** `GET /api/applications/{token}/interview-slots`: the free times offered, and the one booked. */
export type ApplicationSlots = {
  /** Offered and still free, in the future, earliest first. */
  free: OfferedSlot[];
  /** The slot booked, or null. */
  booked: OfferedSlot | null;
  /** Until when the booking may be moved or cancelled here; null without one. */
  changeUntil: string | null;
  /** Why the booking can no longer be moved or cancelled here (too close to the interview), else null. */
  changeClosed: string | null;
};

/** `GET /api/applications/{token}`: the application as its applicant sees it. */
export type ApplicationView = {
  jobTitle: string;
  /** The vacancy's page, or null once it is closed or deleted. */
  jobPath: string | null;
  appliedAt: string;
  stage: ApplicantStage;
  /** The stages reached before `stage`, in order; Received always. */
  passed: ApplicantStage[];
  /** The next interview booked while the application is open, or null. */
  interview: UpcomingInterview | null;
  /**
   * When retention erases it, for the stages whose date follows from what the applicant did
   * (applied, withdrew); null once the team moved it, since the date would tell which way and when.
   */
  eraseAt: string | null;
  /** Whether "Withdraw" is offered: not once withdrawn or decided. */
  canWithdraw: boolean;
  /** How many applications (and contact messages) erasing erases: everything under the address. */
  erases: { applications: number; messages: number };
};

export const applicationPageMessages = {
  /** The same answer for an unknown, replaced, idle or erased token. */
  notFound:
    'This link does not open an application. It may have been erased, replaced by a newer link, or left unused too long, or the link is incomplete.',
  tooMany: 'Too many requests from your network. Please try again in a few minutes.',
  withdrawn: 'You have withdrawn your application. The hiring team has been told.',
  cannotWithdraw: 'This application can no longer be withdrawn.',
  erased: 'Your application has been erased. We have e-mailed you a confirmation.',
  /** "Send me my link": the same answer whether or not an application exists. */
  linkRequested:
    'If we hold an application from that address, a mail with the link to each one is on its way. It can take a few minutes.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  /** In place of the date once the team moved the application (the date would tell the outcome). */
  eraseLater: "A set time after the hiring team's last step on your application; the privacy notice lists each period.",
  loadFailed: 'We could not load your application. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  noInterview: 'No interview is booked for this application.',
  slotNotOffered: 'This time is no longer offered. Please choose another one from the list.',
  slotTaken: 'Someone has just booked this time. Please choose another one from the list.',
  slotAlreadyBooked: 'You have already booked an interview time: move it instead of booking a second one.',
  noSlotBooked: 'You have no interview time booked.',
  slotTooLate: (hours: number) =>
    `Your interview starts in less than ${hours} hours, so it can no longer be moved or cancelled here. Please reply to your invitation e-mail instead.`,
  slotClosed: 'This application is closed, so no interview can be booked.',
  slotBooked: 'Your interview is booked. We have e-mailed you a calendar invitation.',
  slotMoved: 'Your interview is moved. We have e-mailed you the updated invitation.',
  slotCancelled: 'Your interview is cancelled. We have e-mailed you the cancellation.',
} as const;
