import { z } from 'zod/mini';
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
  received: 'Thank you! Your message has been received.',
  success: 'Message sent successfully!',
  failure: 'Failed to send email. Try again later.',
  tooMany: 'Too many messages. Please try again later.',
  busy: 'We are receiving more messages than usual. Please try again later.',
  notFound: 'Message not found',
  deleted: 'Message deleted successfully',
} as const;

const m = contactMessages;

/** Trimmed text, blank counts as missing, at most `max` characters. */
const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).check(blankAsEmpty, z.trim(), z.minLength(1, message), z.maxLength(max, maxMessage));

/** The contact form with its length limits; values are trimmed, and blank ones count as missing. */
export const contactSchema = z.object({
  name: required(m.nameRequired, CONTACT_NAME_MAX, m.nameMax),
  email: required(m.emailRequired, EMAIL_MAX, m.emailInvalid).check(z.regex(EMAIL_PATTERN, m.emailInvalid)),
  subject: required(m.subjectRequired, CONTACT_SUBJECT_MAX, m.subjectMax),
  message: required(m.messageRequired, CONTACT_MESSAGE_MAX, m.messageMax),
});

export type ContactInput = z.infer<typeof contactSchema>;
