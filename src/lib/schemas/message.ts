import { z } from 'zod/mini';

/** A contact message stored by the API when EmailJS is not configured. */
export const contactMessageSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** ISO 8601 timestamp set by the server. */
  created_at: z.string(),
  /** When an admin marked it handled; null while it waits for an answer. */
  handledAt: z.nullable(z.string()),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const messageHandlingMessages = {
  handledInvalid: 'Handled must be true or false',
  handled: 'Message marked as handled',
  unhandled: 'Message marked as not handled',
} as const;

/** `PUT /api/messages/:id/handled` body. */
export const messageHandledSchema = z.object({
  handled: z.boolean({ error: messageHandlingMessages.handledInvalid }),
});
