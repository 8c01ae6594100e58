import type { Context } from 'hono';

/**
 * Adds `fields` to the answer's Vary header, keeping what is there (each name once, any case):
 * setting Vary outright would drop what CORS or compression declared, and a cache would then
 * hand one client's representation to another.
 */
export function addVary(c: Context, ...fields: string[]): void {
  const current = c.res.headers.get('Vary') ?? '';
  if (current.trim() === '*') return;
  const names = current
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const field of fields) {
    if (!names.some((name) => name.toLowerCase() === field.toLowerCase())) names.push(field);
  }
  c.header('Vary', names.join(', '));
}
