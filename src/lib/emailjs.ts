export type EmailJsConfig = { publicKey: string; serviceId: string; templateId: string };

/** Where EmailJS's browser library posts: the CSP's connect-src allows it when EmailJS is configured. */
export const EMAILJS_ORIGIN = 'https://api.emailjs.com';

/**
 * EmailJS is used only when all three public build-time settings are present; otherwise contact
 * messages go to the API. Read by the build (CSP), the contact section and the privacy notice.
 */
export function emailJsConfig(env: Record<string, unknown>): EmailJsConfig | null {
  const publicKey = env['PUBLIC_EMAILJS_PUBLIC_KEY'];
  const serviceId = env['PUBLIC_EMAILJS_SERVICE_ID'];
  const templateId = env['PUBLIC_EMAILJS_TEMPLATE_ID'];
  return typeof publicKey === 'string' &&
    publicKey &&
    typeof serviceId === 'string' &&
    serviceId &&
    typeof templateId === 'string' &&
    templateId
    ? { publicKey, serviceId, templateId }
    : null;
}
