import { site } from '~/site';
import type { MailSettings } from '../config';
import { normalizeEmail, type NewMail, type TokenApplication } from '../db';
import { about, applicantAdminUrl, FOOTER, mail } from './mails';

/** The mails of the applicant's private page: lost links, a withdrawal, an erasure. */

/** "Send me my link" → the applicant: one link per application stored under the address. */
export function applicationLinksMail(
  settings: MailSettings,
  email: string,
  links: readonly { jobTitle: string; appliedAt: string; url: string }[],
  idleDays: number,
): NewMail {
  const linksMail = mail(settings, 'application_links', email, {
    subject: `Your ${site.name} application ${links.length === 1 ? 'link' : 'links'}`,
    heading: 'The links to your applications',
    blocks: [
      {
        kind: 'paragraph',
        text: `Someone, hopefully you, asked for the links to the applications sent to ${site.name} from this address. Each link opens a private page that shows where the application stands and lets you withdraw it, download your data or erase it.`,
      },
      ...links.map((link) => ({
        kind: 'link' as const,
        label: `${link.jobTitle} (applied ${link.appliedAt.slice(0, 10)})`,
        href: link.url,
      })),
      {
        kind: 'paragraph',
        text: `These links replace the ones you received before, which no longer work. A link you do not open for ${idleDays} days stops working too; you can ask for a new one on the page. Keep them to yourself: anyone who has one can act on that application. If you did not ask for this, you can ignore this e-mail.`,
      },
    ],
    footer: FOOTER,
  });
  return { ...linksMail, subjectKey: normalizeEmail(email) };
}

/**
 * A second application for the same position from an address → the address, whoever sent it: it
 * was not stored again, and the new link (replacing the older ones) opens the one we hold.
 */
export function alreadyAppliedMail(
  settings: MailSettings,
  application: Pick<TokenApplication, 'email' | 'jobTitle'>,
  already: string,
  url: string,
): NewMail {
  const duplicate = mail(settings, 'application_links', application.email, {
    subject: `Your ${site.name} application for ${application.jobTitle}`,
    heading: 'We already have your application',
    blocks: [
      { kind: 'paragraph', text: already },
      {
        kind: 'paragraph',
        text: `Someone, hopefully you, just applied from this address for ${application.jobTitle} again, so we did not store a second application. Your private page shows where the one we hold stands and lets you withdraw it, download your data or erase it.`,
      },
      { kind: 'link', label: 'Open your application page', href: url },
      {
        kind: 'paragraph',
        text: 'This link replaces the ones you received before, which no longer work. Keep it to yourself: anyone who has it can act on your application. If you did not apply again, you can ignore this e-mail.',
      },
    ],
    footer: FOOTER,
  });
  return { ...duplicate, subjectKey: normalizeEmail(application.email) };
}

/** The applicant withdrew → the hiring team, linking to the application. */
export function withdrawnMail(settings: MailSettings, application: TokenApplication): NewMail[] {
  return about(application.email, [
    mail(settings, 'application_withdrawn', settings.hiringTeam, {
      subject: `Application withdrawn: ${application.name} for ${application.jobTitle}`,
      heading: `${application.name} withdrew their application for ${application.jobTitle}`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'The applicant withdrew from their private application page. Their data stays until retention or an erasure removes it; nothing else has changed.',
        },
        { kind: 'link', label: 'Open the application', href: applicantAdminUrl(settings.siteUrl, application.id) },
      ],
      footer: FOOTER,
    }),
  ]);
}

/** The applicant erased their data → the applicant, as confirmation. */
export function erasedMail(settings: MailSettings, email: string, applications: number): NewMail {
  return mail(settings, 'application_erased', email, {
    subject: `Your data has been erased from ${site.name}`,
    heading: 'Your data has been erased',
    blocks: [
      {
        kind: 'paragraph',
        text: `As you asked on your application page, we have erased ${applications === 1 ? 'your application' : `your ${applications} applications`}, ${applications === 1 ? 'its resume' : 'their resumes'}, and every contact message and mail about this address. The links to your application pages no longer open anything.`,
      },
      {
        kind: 'paragraph',
        text: 'Only a record that an erasure took place remains, without your name or address. This e-mail itself is deleted from our outbox after the mail retention period.',
      },
      { kind: 'paragraph', text: `Thank you for your interest in ${site.name}.` },
    ],
    footer: FOOTER,
  });
}
