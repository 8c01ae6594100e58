export type EmailJsConfig = { publicKey: string; serviceId: string; templateId: string };

/**
 * EmailJS is used only when all three public build-time settings are present; otherwise contact
 * messages go to the API. Read by the build (CSP) and by the contact island.
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
