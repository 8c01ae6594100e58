import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, EMAIL_MAX } from '../limits';
import { EMAIL_PATTERN } from './application';
import { blankAsEmpty } from './text';

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
  busy: 'We are receiving more messages than usual. Please try again later.',
  notFound: 'Message not found',
  deleted: 'Message deleted successfully',
} as const;

const m = contactMessages;

const required = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/** The contact form with its length limits; values are trimmed, and blank ones count as missing. */
export const contactSchema = z.object({
  name: blankAsEmpty(required(m.nameRequired).max(CONTACT_NAME_MAX, m.nameMax)),
  email: blankAsEmpty(required(m.emailRequired).max(EMAIL_MAX, m.emailInvalid).regex(EMAIL_PATTERN, m.emailInvalid)),
  subject: blankAsEmpty(required(m.subjectRequired).max(CONTACT_SUBJECT_MAX, m.subjectMax)),
  message: blankAsEmpty(required(m.messageRequired).max(CONTACT_MESSAGE_MAX, m.messageMax)),
});

export type ContactInput = z.infer<typeof contactSchema>;
