/**
 * A phone number's key for linking one person's applications: its last ten digits, so
 * '+91 98765 43210', '098765-43210' and '9876543210' are the same phone (country code and trunk
 * prefix dropped; ten digits is the national number in India, North America and most of Europe).
 */
export function phoneKey(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}
