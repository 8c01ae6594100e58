import { site } from '~/site';

/**
 * /.well-known/security.txt (RFC 9116), written at build time from src/site.ts. `Expires` is counted
 * from the build, so every deploy renews it; RFC 9116 asks for less than a year, and a site left
 * unbuilt for that long should stop promising that the contact still works.
 */
const VALID_DAYS = 364;

export function GET(): Response {
  const expires = new Date(Date.now() + VALID_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  const lines = [
    `Contact: mailto:${site.emails.security}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    `Policy: ${site.url}/security#report`,
    `Canonical: ${site.url}/.well-known/security.txt`,
    'Preferred-Languages: en',
  ];
  return new Response(`${lines.join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
