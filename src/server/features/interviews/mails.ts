import { randomUUID } from 'node:crypto';
import { formatDateTime, formatDayTime } from '~/lib/date-time';
import { type Interview, type Interviewer } from '~/lib/interviews';
import type { Applicant } from '~/lib/schemas/applicant';
import { site } from '~/site';
import type { MailSettings } from '../../config';
import type { NewMail } from '../../db';
import { calendarInvitation, INTERVIEW_MAIL_KINDS, type CalendarMethod } from '../../mail/calendar';
import { about, applicantAdminUrl, FOOTER, mail, positionName, roleTitle, senderDomain } from '../../mail/mails';

/** A new interview's iCalendar UID: random, at the sender's domain (RFC 5545 suggests a domain). */
export const interviewUid = (settings: MailSettings): string => `${randomUUID()}@${senderDomain(settings.from)}`;

/** What the invitations say about one interview, at one SEQUENCE. */
type InterviewMailFacts = Pick<
  Interview,
  'uid' | 'sequence' | 'startsAt' | 'durationMinutes' | 'location' | 'note' | 'timeZone'
>;

type Person = Pick<Applicant, 'id' | 'name' | 'email' | 'jobTitle' | 'fieldOfInterest'>;

/** 'Thursday, 3 December 2026 at 16:00 GMT+5:30 (Asia/Kolkata) · 3 Dec, 10:30 UTC'. */
function whenText(facts: InterviewMailFacts): string {
  const local = formatDateTime(facts.startsAt, facts.timeZone);
  return facts.timeZone === 'UTC'
    ? local
    : `${local} (${facts.timeZone}) · ${formatDayTime(facts.startsAt, 'UTC')} UTC`;
}

/** The iCalendar object of one interview, the same in every mail about it and in the applicant's download. */
export function interviewCalendar(
  settings: MailSettings,
  method: CalendarMethod,
  applicant: Person,
  panel: readonly Interviewer[],
  facts: InterviewMailFacts,
  now: Date,
): string {
  return calendarInvitation({
    method,
    uid: facts.uid,
    sequence: facts.sequence,
    startsAt: new Date(facts.startsAt),
    durationMinutes: facts.durationMinutes,
    title: `Interview: ${applicant.name} for ${roleTitle(applicant)} at ${site.name}`,
    description: [`${site.name} hiring team: ${roleTitle(applicant)}.`, facts.note ?? ''],
    location: facts.location,
    organizer: { name: `${site.name} hiring team`, email: settings.hiringTeam },
    attendees: [
      { name: applicant.name, email: applicant.email },
      ...panel.map((p) => ({ name: p.displayName ?? undefined, email: p.email })),
    ],
    now,
  });
}

/**
 * The invitations (REQUEST) or cancellations (CANCEL) of one interview: one mail to the applicant
 * and one to each interviewer, each with the same iCalendar object naming all of them.
 */
export function interviewMails(
  settings: MailSettings,
  method: CalendarMethod,
  applicant: Person,
  panel: readonly Interviewer[],
  facts: InterviewMailFacts,
  now: Date,
  /** Interviewers to mail; the whole panel unless given (a reschedule mails a removed one a cancellation). */
  recipients: readonly Interviewer[] = panel,
  mailApplicant = true,
): NewMail[] {
  const when = whenText(facts);
  const duration = `${facts.durationMinutes} minutes`;
  const cancelled = method === 'CANCEL';
  const calendar = interviewCalendar(settings, method, applicant, panel, facts, now);
  const kind = INTERVIEW_MAIL_KINDS[method];
  const update = facts.sequence > 0 && !cancelled;
  const fields: [string, string][] = [
    ['When', when],
    ['Duration', duration],
    ['Where', facts.location],
  ];
  const toApplicant = mail(
    settings,
    kind,
    applicant.email,
    {
      subject: cancelled
        ? `Cancelled: your interview for ${roleTitle(applicant)}`
        : `${update ? 'New time for your' : 'Your'} interview for ${roleTitle(applicant)}`,
      heading: cancelled ? `Your interview is cancelled, ${applicant.name}` : `Let's talk, ${applicant.name}`,
      blocks: cancelled
        ? [
            {
              kind: 'paragraph',
              text: `We have cancelled your interview for ${positionName(applicant)} planned for ${when}. The attached update removes it from your calendar.`,
            },
            {
              kind: 'paragraph',
              text: `We are sorry for the change. If we have not already told you why, we will write to you soon; questions are welcome at ${settings.hiringTeam}.`,
            },
          ]
        : [
            {
              kind: 'paragraph',
              text: update
                ? `We have moved your interview for ${positionName(applicant)}. This is the new time:`
                : `We would like to meet you to talk about ${positionName(applicant)} at ${site.name}.`,
            },
            { kind: 'fields', rows: fields },
            ...(facts.note ? [{ kind: 'quote' as const, text: facts.note }] : []),
            {
              kind: 'paragraph',
              text: 'The invitation is attached: accept it to put the interview in your calendar, in your own time zone.',
            },
            {
              kind: 'paragraph',
              text: `If the time does not suit you, reply to this e-mail or write to ${settings.hiringTeam} and we will find another.`,
            },
          ],
      footer: FOOTER,
    },
    settings.hiringTeam,
  );
  const toPanel = recipients.map((member) =>
    mail(settings, kind, member.email, {
      subject: `${cancelled ? 'Cancelled: interview' : update ? 'Moved: interview' : 'Interview'} with ${applicant.name} for ${applicant.jobTitle}`,
      heading: cancelled ? 'Interview cancelled' : `You interview ${applicant.name}`,
      blocks: [
        { kind: 'fields', rows: [['Applicant', applicant.name], ['Job', applicant.jobTitle], ...fields] },
        ...(facts.note && !cancelled ? [{ kind: 'quote' as const, text: facts.note }] : []),
        { kind: 'link', label: 'Open the application', href: applicantAdminUrl(settings.siteUrl, applicant.id) },
        {
          kind: 'paragraph',
          text: cancelled
            ? 'The attached update removes the interview from your calendar.'
            : 'After the interview, submit your scorecard in the application: you see the others’ once yours is in.',
        },
      ],
      footer: FOOTER,
    }),
  );
  return about(applicant.email, [...(mailApplicant ? [toApplicant] : []), ...toPanel]).map((m) => ({
    ...m,
    calendar,
  }));
}
