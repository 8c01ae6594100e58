/**
 * A `mailto:` link for one address, each side percent-encoded, so nothing in the address can add
 * fields to the message (`?bcc=…`), even one stored before the e-mail rule was tightened.
 */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(email)}`;
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}
