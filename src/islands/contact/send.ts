import type { ContactInput } from '~/lib/schemas';
import { apiRequest } from '~/lib/api/client';

type EmailJsConfig = { publicKey: string; serviceId: string; templateId: string };

const env = import.meta.env;

/** EmailJS is used only when all three public settings are present (DESIGN.md: contact). */
export function emailJsConfig(): EmailJsConfig | null {
  const publicKey = env['PUBLIC_EMAILJS_PUBLIC_KEY'] as string | undefined;
  const serviceId = env['PUBLIC_EMAILJS_SERVICE_ID'] as string | undefined;
  const templateId = env['PUBLIC_EMAILJS_TEMPLATE_ID'] as string | undefined;
  return publicKey && serviceId && templateId ? { publicKey, serviceId, templateId } : null;
}

/** Delivers a contact message through EmailJS when configured, otherwise through our API. */
export async function sendContactMessage(values: ContactInput): Promise<void> {
  const config = emailJsConfig();
  if (!config) {
    await apiRequest('/contact', { method: 'POST', json: values });
    return;
  }
  // Loaded on demand so visitors who never send a message never download it.
  const { default: emailjs } = await import('@emailjs/browser');
  await emailjs.send(config.serviceId, config.templateId, { ...values }, { publicKey: config.publicKey });
}
