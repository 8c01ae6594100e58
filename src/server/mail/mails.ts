import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '~/lib/limits';
import { SECOND_FACTOR_FAILURES_MAX, SECOND_FACTOR_WINDOW_MINUTES } from '~/lib/two-factor';
import type { Applicant } from '~/lib/schemas/applicant';
import { fillPlaceholders, type MailTemplate, type TemplatePlaceholder } from '~/lib/schemas/mail-template';
import type { ContactMessage } from '~/lib/schemas/message';
import { INVITATION_TTL_HOURS, ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '~/lib/team';
import { site } from '~/site';
import type { MailSettings } from '../config';
import { normalizeEmail, type MailKind, type NewMail } from '../db';
import { renderMail, type MailContent } from './template';

/** The mails the site sends, composed from data; `renderMail` escapes every value. */

export const FOOTER = `${site.legalName} · ${site.address.street}, ${site.address.locality} ${site.address.postalCode}, ${site.address.country}`;
/** How much of a cover letter the hiring team reads in the mail; the rest is behind the login. */
const COVER_LETTER_PREVIEW_LINES = 4;
const COVER_LETTER_PREVIEW_CHARS = 400;

/** The domain of the sender address, for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

export function mail(
  settings: MailSettings,
  kind: MailKind,
  to: string,
  content: MailContent,
  replyTo?: string,
): NewMail {
  return {
    kind,
    to,
    replyTo,
    ...renderMail(content),
    messageId: `<${randomUUID()}@${senderDomain(settings.from)}>`,
  };
}

/** Marks mails as about the person with `email`, so erasing that address deletes exactly them. */
export const about = (email: string, mails: NewMail[]): NewMail[] =>
  mails.map((m) => ({ ...m, subjectKey: normalizeEmail(email) }));

/** The first lines of a cover letter, shortened with an ellipsis when there is more. */
function coverLetterPreview(text: string): string {
  const lines = text.trim().split(/\r?\n/).slice(0, COVER_LETTER_PREVIEW_LINES).join('\n');
  const cut = lines.length > COVER_LETTER_PREVIEW_CHARS ? lines.slice(0, COVER_LETTER_PREVIEW_CHARS) : lines;
  return cut.length < text.trim().length ? `${cut.trimEnd()}…` : cut;
}

type AppliedFor = Pick<Applicant, 'jobTitle' | 'fieldOfInterest'>;
/** What an applicant applied for as a title: the vacancy, or for a general application "a role in" its field. */
export const roleTitle = (a: AppliedFor): string => (a.fieldOfInterest ? `a role in ${a.fieldOfInterest}` : a.jobTitle);
/** The same inside a sentence: "the Firmware Engineer position", or "a role in embedded Linux". */
export const positionName = (a: AppliedFor): string =>
  a.fieldOfInterest ? roleTitle(a) : `the ${a.jobTitle} position`;

/** Where the admin area opens this applicant's detail dialog. */
export function applicantAdminUrl(siteUrl: string, id: number): string {
  return `${siteUrl}/admin?applicant=${id}#applicants`;
}

/**
 * New application → the hiring team; Application received → the applicant, with the link to the
 * private page where they follow and control it (`pageUrl`).
 */
export function applicationMails(settings: MailSettings, applicant: Applicant, pageUrl: string): NewMail[] {
  return about(applicant.email, [
    mail(settings, 'new_application', settings.hiringTeam, {
      subject: `New application: ${applicant.name} for ${applicant.jobTitle}`,
      heading: `${applicant.name} applied for ${applicant.jobTitle}`,
      blocks: [
        {
          kind: 'fields',
          rows: [
            ['Job', `${applicant.jobTitle} (${applicant.department})`],
            ...(applicant.fieldOfInterest ? [['Field of interest', applicant.fieldOfInterest] as const] : []),
            ['Name', applicant.name],
            ['E-mail', applicant.email],
            ['Phone', applicant.phone],
            ['LinkedIn', applicant.linkedin ?? ''],
          ],
        },
        { kind: 'paragraph', text: 'Cover letter (first lines):' },
        { kind: 'quote', text: coverLetterPreview(applicant.coverLetter) },
        { kind: 'link', label: 'Open the application', href: applicantAdminUrl(settings.siteUrl, applicant.id) },
        { kind: 'paragraph', text: 'The resume is in the admin area, behind the login; it is not attached here.' },
      ],
      footer: FOOTER,
    }),
    mail(
      settings,
      'application_received',
      applicant.email,
      {
        subject: `We received your application for ${roleTitle(applicant)}`,
        heading: `Thank you for applying, ${applicant.name}`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Your application for ${positionName(applicant)} at ${site.name} has reached our hiring team, together with your resume.`,
          },
          {
            kind: 'paragraph',
            text: 'What happens next: a member of the team reads every application. If your experience matches the role, we will write to you to arrange a first conversation; either way, we will let you know the outcome.',
          },
          {
            kind: 'paragraph',
            text: 'Your private page shows where your application stands and lets you withdraw it, download your data or erase it. Keep this link to yourself: anyone who has it can do the same.',
          },
          { kind: 'link', label: 'Open your application page', href: pageUrl },
          {
            kind: 'paragraph',
            text: `Questions in the meantime? Reply to this e-mail or write to ${settings.hiringTeam}.`,
          },
        ],
        footer: FOOTER,
      },
      settings.hiringTeam,
    ),
  ]);
}

/** New contact message → sales, Reply-To the sender so answering the mail answers the lead. */
export function contactMails(settings: MailSettings, message: ContactMessage): NewMail[] {
  return about(message.email, [
    mail(
      settings,
      'new_contact',
      settings.sales,
      {
        subject: `New contact message: ${message.subject}`,
        heading: `${message.name} wrote through the contact form`,
        blocks: [
          {
            kind: 'fields',
            rows: [
              ['Name', message.name],
              ['E-mail', message.email],
              ['Subject', message.subject],
            ],
          },
          { kind: 'quote', text: message.message },
          { kind: 'paragraph', text: 'Reply to this e-mail to answer the sender directly.' },
        ],
        footer: FOOTER,
      },
      message.email,
    ),
  ]);
}

/** What a template's placeholders stand for in a mail to `applicant`: the first word of their name. */
function placeholderValues(applicant: Pick<Applicant, 'name' | 'jobTitle'>): Record<TemplatePlaceholder, string> {
  return {
    firstName: applicant.name.trim().split(/\s+/)[0] ?? '',
    jobTitle: applicant.jobTitle,
    companyName: site.name,
  };
}

/**
 * A mail from one of the team's templates → the applicant, Reply-To the hiring team. Each blank
 * line of the body starts a paragraph; values go in as text, so the template escapes them.
 */
export function templateMail(
  settings: MailSettings,
  template: Pick<MailTemplate, 'subject' | 'body'>,
  applicant: Pick<Applicant, 'name' | 'email' | 'jobTitle'>,
  /** A mail of another kind whose own blocks follow the template's text (the interview slots' invitation). */
  more: { kind: MailKind; blocks: MailContent['blocks'] } = { kind: 'applicant_message', blocks: [] },
): NewMail {
  const values = placeholderValues(applicant);
  const paragraphs = fillPlaceholders(template.body, values)
    .split(/\r?\n\s*\r?\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  const [message] = about(applicant.email, [
    mail(
      settings,
      more.kind,
      applicant.email,
      {
        subject: fillPlaceholders(template.subject, values),
        heading: `Dear ${values.firstName}`,
        blocks: [
          ...paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
          ...more.blocks,
          { kind: 'paragraph', text: `The hiring team at ${site.name}` },
        ],
        footer: FOOTER,
      },
      settings.hiringTeam,
    ),
  ]);
  return message as NewMail;
}

/** Status changed → the applicant (only when the admin asks for it); nothing for a return to pending. */
export function statusMails(settings: MailSettings, applicant: Applicant): NewMail[] {
  if (applicant.status === 'shortlisted') {
    return about(applicant.email, [
      mail(
        settings,
        'status_changed',
        applicant.email,
        {
          subject: `You have been shortlisted for ${roleTitle(applicant)}`,
          heading: `Good news, ${applicant.name}`,
          blocks: [
            {
              kind: 'paragraph',
              text: `Thank you for your patience. We enjoyed reading your application for ${positionName(applicant)}, and you are on our shortlist.`,
            },
            {
              kind: 'paragraph',
              text: 'A member of the hiring team will write to you soon to arrange the next conversation. You do not need to do anything until then.',
            },
            { kind: 'paragraph', text: `Questions? Reply to this e-mail or write to ${settings.hiringTeam}.` },
          ],
          footer: FOOTER,
        },
        settings.hiringTeam,
      ),
    ]);
  }
  if (applicant.status === 'rejected') {
    return about(applicant.email, [
      mail(
        settings,
        'status_changed',
        applicant.email,
        {
          subject: `Your application for ${roleTitle(applicant)}`,
          heading: `Thank you, ${applicant.name}`,
          blocks: [
            {
              kind: 'paragraph',
              text: `Thank you for the time you gave to your application for ${positionName(applicant)}. After careful review, we have decided not to move forward with it.`,
            },
            {
              kind: 'paragraph',
              text: 'This was not an easy decision, and it is not a judgement of your abilities. We would be glad to see you apply again for a future role that fits your experience.',
            },
            { kind: 'paragraph', text: `We wish you every success. ${site.name} hiring team` },
          ],
          footer: FOOTER,
        },
        settings.hiringTeam,
      ),
    ]);
  }
  return [];
}

/** Password reset → the admin, with the single-use link. */
export function passwordResetMail(settings: MailSettings, email: string, token: string): NewMail {
  const link = `${settings.siteUrl}/adminlogin?reset=${encodeURIComponent(token)}`;
  // The mail is about the admin it goes to.
  const reset = mail(settings, 'password_reset', email, {
    subject: `Reset your ${site.name} admin password`,
    heading: 'Reset your admin password',
    blocks: [
      {
        kind: 'paragraph',
        text: `Someone, hopefully you, asked to reset the password of the ${site.name} admin account for this address.`,
      },
      { kind: 'link', label: 'Choose a new password', href: link },
      {
        kind: 'paragraph',
        text: `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs out every session of this account.`,
      },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      },
    ],
    footer: FOOTER,
  });
  return { ...reset, subjectKey: normalizeEmail(email) };
}

/** An invitation to the hiring team: a single-use link to the reset page that sets their first password. */
/** The page where an invitee chooses their password: the reset page, which greets them by role and inviter. */
export const invitationLink = (settings: MailSettings, token: string) =>
  `${settings.siteUrl}/adminlogin?reset=${encodeURIComponent(token)}`;

export function invitationMail(
  settings: MailSettings,
  invite: { email: string; role: Role; invitedBy: string },
  token: string,
): NewMail {
  const link = invitationLink(settings, token);
  return mail(settings, 'invitation', invite.email, {
    subject: `You are invited to the ${site.name} hiring team`,
    heading: `Join the ${site.name} hiring team`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${invite.invitedBy} invited you to the ${site.name} admin area as ${ROLE_LABELS[invite.role].toLowerCase()} (${ROLE_DESCRIPTIONS[invite.role].toLowerCase()}).`,
      },
      { kind: 'link', label: 'Choose your password', href: link },
      {
        kind: 'paragraph',
        text: `The link works once, for ${INVITATION_TTL_HOURS} hours. Then sign in at ${settings.siteUrl}/adminlogin with this address.`,
      },
      { kind: 'paragraph', text: 'If you did not expect this, ignore this e-mail.' },
    ],
    footer: FOOTER,
  });
}

/** Too many wrong sign-in codes → the account's owner: their password is known to whoever typed them. */
export function secondFactorAlertMail(settings: MailSettings, email: string): NewMail {
  const alert = mail(settings, 'second_factor_alert', email, {
    subject: `Someone has your ${site.name} admin password`,
    heading: 'Your password was used with wrong sign-in codes',
    blocks: [
      {
        kind: 'paragraph',
        text: `Someone signed in to the ${site.name} admin area with the right password for this address, then entered ${SECOND_FACTOR_FAILURES_MAX} wrong two-factor codes. For the next ${SECOND_FACTOR_WINDOW_MINUTES} minutes no code is accepted for this account.`,
      },
      {
        kind: 'paragraph',
        text: 'If this was not you, someone else knows your password: change it now (on the sign-in page, choose “Forgot password?”). Your two-factor sign-in kept them out so far.',
      },
      { kind: 'link', label: 'Open the sign-in page', href: `${settings.siteUrl}/adminlogin` },
    ],
    footer: FOOTER,
  });
  return { ...alert, subjectKey: normalizeEmail(email) };
}
