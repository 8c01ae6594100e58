import { longDay } from '~/lib/calendar-day';
import { fillPlaceholders, type MailTemplate } from '~/lib/schemas/mail-template';
import type { Applicant } from '~/lib/schemas/applicant';
import { OVERDUE_APPLICANTS_PATH, type DEADLINE_STAGES } from '~/lib/stage-deadlines';
import { site } from '~/site';
import type { MailSettings } from '../../config';
import type { NewMail } from '../../db';
import { about, FOOTER, mail } from '../../mail/mails';

/** The team's mail template of this name, when there is one, is the update's text (edited in the Templates tab). */
export const UPDATE_TEMPLATE_NAME = 'Stage update';

const DEFAULT_UPDATE: Pick<MailTemplate, 'subject' | 'body'> = {
  subject: 'Your application for {{jobTitle}}',
  body: 'Your application for {{jobTitle}} is still with us. We have not forgotten you: it is taking us longer than we planned to come back to you.',
};

export const STAGE_NAMES: Record<(typeof DEADLINE_STAGES)[number], string> = {
  pending: 'Applied',
  shortlisted: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
};

const day = (iso: string) => longDay(new Date(iso));

/** The honest update to an applicant whose stage is overdue: still with us, and the day we expect to answer by. */
export function overdueUpdateMail(
  settings: MailSettings,
  template: Pick<MailTemplate, 'subject' | 'body'> | null,
  applicant: Pick<Applicant, 'name' | 'email' | 'jobTitle'>,
  answerBy: string,
): NewMail {
  const { subject, body } = template ?? DEFAULT_UPDATE;
  const values = {
    firstName: applicant.name.trim().split(/\s+/)[0] ?? '',
    jobTitle: applicant.jobTitle,
    companyName: site.name,
  };
  const paragraphs = fillPlaceholders(body, values)
    .split(/\r?\n\s*\r?\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  const [update] = about(applicant.email, [
    mail(
      settings,
      'stage_update',
      applicant.email,
      {
        subject: fillPlaceholders(subject, values),
        heading: `Dear ${values.firstName}`,
        blocks: [
          ...paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
          { kind: 'paragraph', text: `We expect to answer you by ${day(answerBy)}.` },
          { kind: 'paragraph', text: `The hiring team at ${site.name}` },
        ],
        footer: FOOTER,
      },
      settings.hiringTeam,
    ),
  ]);
  return update as NewMail;
}

export type OverdueEntry = { name: string; jobTitle: string; stage: string; dueAt: string };

/** The day's digest to one member of the hiring team: who is overdue, at which stage, since when. */
export function overdueDigestMail(settings: MailSettings, to: string, overdue: readonly OverdueEntry[]): NewMail {
  return mail(settings, 'overdue_digest', to, {
    subject: `${overdue.length} ${overdue.length === 1 ? 'applicant is' : 'applicants are'} waiting past their stage deadline`,
    heading: 'Applicants waiting on the team',
    blocks: [
      {
        kind: 'paragraph',
        text: 'These applicants have been in their stage longer than the team set in its stage deadlines. Each has been told, once, that their application is still with us.',
      },
      {
        kind: 'fields',
        rows: overdue.map((o) => [o.name, `${o.stage} for ${o.jobTitle}, overdue since ${day(o.dueAt)}`] as const),
      },
      { kind: 'link', label: 'Open the overdue applicants', href: `${settings.siteUrl}${OVERDUE_APPLICANTS_PATH}` },
    ],
    footer: FOOTER,
  });
}
