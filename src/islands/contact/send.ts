import type { ContactInput } from '~/lib/schemas';
import { apiRequest } from '~/lib/api/client';
import { DEFAULT_MIN_FILL_MS, SPAM_MESSAGE, spamReason, type SpamFields } from '~/lib/spam';

type EmailJsConfig = { publicKey: string; serviceId: string; templateId: string };

const env = import.meta.env;

/** EmailJS is used only when all three public settings are present (DESIGN.md: contact). */
export function emailJsConfig(): EmailJsConfig | null {
  const publicKey = env['PUBLIC_EMAILJS_PUBLIC_KEY'] as string | undefined;
  const serviceId = env['PUBLIC_EMAILJS_SERVICE_ID'] as string | undefined;
  const templateId = env['PUBLIC_EMAILJS_TEMPLATE_ID'] as string | undefined;
  return publicKey && serviceId && templateId ? { publicKey, serviceId, templateId } : null;
}

/**
 * Delivers a contact message through EmailJS when configured, otherwise through our API, which
 * checks the spam fields itself. EmailJS never sees them: the same rule is applied here instead.
 */
export async function sendContactMessage(values: ContactInput, spam: SpamFields): Promise<void> {
  const config = emailJsConfig();
  if (!config) {
    await apiRequest('/contact', { method: 'POST', json: { ...values, ...spam } });
    return;
  }
  if (spamReason(spam, DEFAULT_MIN_FILL_MS)) throw new Error(SPAM_MESSAGE);
  // Loaded on demand so visitors who never send a message never download it.
  const { default: emailjs } = await import('@emailjs/browser');
  await emailjs.send(config.serviceId, config.templateId, { ...values }, { publicKey: config.publicKey });
}
