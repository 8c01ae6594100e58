/**
 * Keystatic's local API (/api/keystatic, `astro dev` only), with one change to what a save writes:
 * every Markdown and MDX file loses the encoded spaces (`&#x20;`) Keystatic's writer leaves in it.
 * Everything else is Keystatic's own handler, unchanged.
 */
import { makeHandler } from '@keystatic/astro/api';
import type { APIContext } from 'astro';
import config from '../../keystatic.config';
import { dropEncodedSpaces } from './encoded-spaces';

const keystatic = makeHandler({ config });

export const prerender = false;

type Addition = { path: string; contents: string };

/** A save's body: the files to write (their contents base64url-encoded) and the files to delete. */
function isUpdate(body: unknown): body is { additions: Addition[] } {
  const additions = (body as { additions?: unknown } | null)?.additions;
  return (
    Array.isArray(additions) &&
    additions.every((a: Partial<Addition>) => typeof a?.path === 'string' && typeof a.contents === 'string')
  );
}

function cleaned(addition: Addition): Addition {
  if (!/\.(?:mdx?|mdoc)$/.test(addition.path)) return addition;
  const text = Buffer.from(addition.contents, 'base64url').toString('utf8');
  return { ...addition, contents: Buffer.from(dropEncodedSpaces(text), 'utf8').toString('base64url') };
}

export async function ALL(context: APIContext): Promise<Response> {
  const { request } = context;
  if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/update')) return keystatic(context);
  const text = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // A body that is not a save goes on as it came, for Keystatic to answer.
  const forwarded = isUpdate(body) ? JSON.stringify({ ...body, additions: body.additions.map(cleaned) }) : text;
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return keystatic({ ...context, request: new Request(request.url, { method: 'POST', headers, body: forwarded }) });
}
