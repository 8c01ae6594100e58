import { z } from 'zod';

/** A contact message stored by the API when EmailJS is not configured. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** ISO 8601 timestamp set by the server. */
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
