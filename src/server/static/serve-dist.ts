import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE, contentTypeFor } from './content-types';

type Found = { file: string; stats: Stats };

/** Hashed build assets never change; HTML and other files are revalidated on every visit. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

async function fileAt(path: string): Promise<Found | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? { file: path, stats } : null;
  } catch {
    return null;
  }
}

/** Maps a URL path to a file in root: `/x` → `/x`, `/x/index.html`, `/x.html`; never outside root. */
async function resolve(root: string, urlPath: string): Promise<Found | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) return null;
  return (await fileAt(target)) ?? (await fileAt(join(target, 'index.html'))) ?? (await fileAt(`${target}.html`));
}

/** Picks the precompressed sibling (`.br`, `.gz`) the client accepts, if the build wrote one. */
async function negotiate(found: Found, acceptEncoding: string): Promise<{ found: Found; encoding?: string }> {
  if (!COMPRESSIBLE.has(extname(found.file))) return { found };
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (!acceptEncoding.includes(encoding)) continue;
    const variant = await fileAt(found.file + suffix);
    if (variant) return { found: variant, encoding };
  }
  return { found };
}

async function respond(c: Context, original: Found, status: number): Promise<Response> {
  const extension = extname(original.file);
  const { found, encoding } = await negotiate(original, c.req.header('accept-encoding') ?? '');
  const etag = `W/"${found.stats.size.toString(16)}-${Math.floor(found.stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  const headers = new Headers({
    'Content-Type': contentTypeFor(extension),
    'Cache-Control': original.file.includes(`${sep}_astro${sep}`) ? IMMUTABLE : REVALIDATE,
    ETag: etag,
    'Last-Modified': found.stats.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
  });
  if (encoding) headers.set('Content-Encoding', encoding);
  if (status === 200 && c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(found.stats.size));
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

/** Serves the static build from `root`; unknown paths fall through to the next handler. */
export function serveDist(root: string): MiddlewareHandler {
  const base = normalize(root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const found = await resolve(base, c.req.path);
    if (!found) return next();
    return respond(c, found, 200);
  };
}

/** The 404 page of the build with status 404 (SPEC §2: any other path shows 'Page not found'). */
export function notFoundPage(root: string): (c: Context) => Promise<Response> {
  return async (c) => {
    const found = await fileAt(join(root, '404.html'));
    return found ? respond(c, found, 404) : c.text('Page not found', 404);
  };
}
