import { z } from 'zod';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from '../limits';
import { EMAIL_PATTERN } from './application';

export const contactMessages = {
  nameRequired: 'Name is required',
  nameMax: `Name must not exceed ${CONTACT_NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  subjectMax: `Subject must not exceed ${CONTACT_SUBJECT_MAX} characters`,
  messageRequired: 'Message is required',
  messageMax: `Message must not exceed ${CONTACT_MESSAGE_MAX} characters`,
  success: 'Email sent successfully!',
  failure: 'Failed to send email. Try again later.',
  tooMany: 'Too many messages. Please try again later.',
  notFound: 'Message not found',
} as const;

const m = contactMessages;

const required = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/** The contact form (SPEC §2, §5) with the length limits of issue 4; values are trimmed. */
export const contactSchema = z.object({
  name: required(m.nameRequired).max(CONTACT_NAME_MAX, m.nameMax),
  email: required(m.emailRequired).max(CONTACT_EMAIL_MAX, m.emailInvalid).regex(EMAIL_PATTERN, m.emailInvalid),
  subject: required(m.subjectRequired).max(CONTACT_SUBJECT_MAX, m.subjectMax),
  message: required(m.messageRequired).max(CONTACT_MESSAGE_MAX, m.messageMax),
});

export type ContactInput = z.infer<typeof contactSchema>;
