import { formatDateTime } from '~/lib/date-time';
import type { Applicant } from '~/lib/schemas/applicant';
import type { MailTemplate } from '~/lib/schemas/mail-template';
import type { MailSettings } from '../../config';
import type { NewMail } from '../../db';
import { templateMail } from '../../mail';
import type { SlotTime } from './repository';

/**
 * The invitation to choose an interview time → the applicant: the team's editable template, the
 * offered times in UTC, and the link to the private page, where they see them in their own zone and book.
 */
export function slotInvitationMail(
  settings: MailSettings,
  template: Pick<MailTemplate, 'subject' | 'body'>,
  applicant: Pick<Applicant, 'name' | 'email' | 'jobTitle'>,
  slots: readonly (SlotTime & { location: string })[],
  pageUrl: string,
): NewMail {
  return templateMail(settings, template, applicant, {
    kind: 'interview_slots',
    blocks: [
      {
        kind: 'fields',
        rows: slots.map((slot, index) => [
          `Time ${index + 1}`,
          `${formatDateTime(slot.startsAt, 'UTC')}, ${slot.durationMinutes} minutes, ${slot.location}`,
        ]),
      },
      { kind: 'link', label: 'Choose your interview time', href: pageUrl },
      {
        kind: 'paragraph',
        text: 'Each time goes to the first person who books it. Keep this link to yourself: anyone who has it can book, move or cancel your interview.',
      },
    ],
  });
}
