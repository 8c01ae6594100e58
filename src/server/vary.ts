/**
 * Adds `fields` to the Vary header of the answer `res`, keeping what is there (each name once, any
 * case): setting Vary outright would drop what CORS or compression declared, and a cache would then
 * hand one client's representation to another. It takes the answer, not Hono's context: `c.res` read
 * before the handler returns makes Hono build a full Response whose body leaves through a stream.
 */
export function addVary(res: Response, ...fields: string[]): Response {
  const current = res.headers.get('Vary') ?? '';
  if (current.trim() === '*') return res;
  const names = current
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const field of fields) {
    if (!names.some((name) => name.toLowerCase() === field.toLowerCase())) names.push(field);
  }
  res.headers.set('Vary', names.join(', '));
  return res;
}
