import type { ContactInput } from '~/lib/schemas';
import { ApiError, apiRequest } from '~/lib/api/client';
import type { EmailJsConfig } from '~/lib/emailjs';
import { DEFAULT_MIN_FILL_MS, SPAM_MESSAGE, spamReason, type SpamFields } from '~/lib/spam';

/**
 * Delivers a contact message through EmailJS when configured, otherwise through our API, which
 * checks the spam fields itself. EmailJS never sees them: the same rule is applied here instead.
 */
export async function sendContactMessage(
  values: ContactInput,
  spam: SpamFields,
  config: EmailJsConfig | null,
): Promise<void> {
  if (!config) {
    await apiRequest('/contact', { method: 'POST', json: { ...values, ...spam } });
    return;
  }
  // Refused as the API would refuse it, so the visitor reads the same answer.
  if (spamReason(spam, DEFAULT_MIN_FILL_MS)) throw new ApiError(400, SPAM_MESSAGE);
  // Loaded on demand so visitors who never send a message never download it.
  const { default: emailjs } = await import('@emailjs/browser');
  await emailjs.send(config.serviceId, config.templateId, { ...values }, { publicKey: config.publicKey });
}
