import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, posix, sep } from 'node:path';
import type { Context } from 'hono';
import { COMPRESSIBLE, contentTypeFor } from './content-types';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security-headers';

/** Hashed build assets never change; HTML and other files are revalidated on every visit. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

type Variant = { body: Buffer; etag: string };
/** One file of the build with its precompressed siblings, held in memory. */
type Entry = {
  contentType: string;
  cacheControl: string;
  lastModified: string;
  identity: Variant;
  br?: Variant | undefined;
  gzip?: Variant | undefined;
};
/** The build's files by URL path (`/index.html`, `/_astro/x.js`). */
export type DistFiles = Map<string, Entry>;

function variant(file: string, tag: string, stats: Stats = statSync(file)): Variant {
  return { body: readFileSync(file), etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${tag}"` };
}

function tryVariant(file: string, tag: string): Variant | undefined {
  try {
    return variant(file, tag);
  } catch {
    return undefined;
  }
}

/**
 * Every file of the build, read once at start: the build is a few MB and does not change while
 * the server runs, so answers come from memory without a file-system call (issue 8 §6).
 */
export function loadDist(root: string): DistFiles {
  const files: DistFiles = new Map();
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = join(root, name);
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const stats = statSync(file);
    if (!stats.isFile()) continue;
    const extension = extname(file);
    files.set(`/${name.split(sep).join('/')}`, {
      contentType: contentTypeFor(extension),
      cacheControl: name.startsWith(`_astro${sep}`) ? IMMUTABLE : REVALIDATE,
      lastModified: stats.mtime.toUTCString(),
      identity: variant(file, '', stats),
      ...(COMPRESSIBLE.has(extension) ? { br: tryVariant(`${file}.br`, '-br'), gzip: tryVariant(`${file}.gz`, '-gzip') } : {}),
    });
  }
  return files;
}

/** Maps a URL path to a file: `/x` → `/x`, `/x/index.html`, `/x.html`; only files of the build. */
function find(files: DistFiles, urlPath: string): Entry | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const path = posix.normalize(decoded);
  return files.get(path) ?? files.get(posix.join(path, 'index.html')) ?? files.get(`${path.replace(/\/$/, '')}.html`);
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`; null when absent, 'invalid' when unsatisfiable. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : 'invalid';
}

type RequestFacts = { method: string; acceptEncoding?: string | undefined; ifNoneMatch?: string | undefined; range?: string | undefined };
type Answer = { status: 200 | 206 | 304 | 404 | 416; headers: Record<string, string>; body: Buffer | null };

/** The answer for one file: precompressed variant, ETag/304, byte ranges, HEAD, security headers. */
function answer(entry: Entry, request: RequestFacts, status: 200 | 404): Answer {
  const accepted = request.acceptEncoding ?? '';
  const encoding = accepted.includes('br') && entry.br ? 'br' : accepted.includes('gzip') && entry.gzip ? 'gzip' : undefined;
  const chosen = (encoding && entry[encoding]) || entry.identity;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Content-Type': entry.contentType,
    'Cache-Control': entry.cacheControl,
    ETag: chosen.etag,
    'Last-Modified': entry.lastModified,
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  if (status === 200 && request.ifNoneMatch === chosen.etag) return { status: 304, headers, body: null };

  let body = chosen.body;
  let code: Answer['status'] = status;
  // Ranges for uncompressed files (Safari plays video only through them).
  if (status === 200 && !encoding) {
    headers['Accept-Ranges'] = 'bytes';
    const range = byteRange(request.range, body.length);
    if (range === 'invalid') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${body.length}` }, body: null };
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${body.length}`;
      body = body.subarray(range.start, range.end + 1);
      code = 206;
    }
  }
  headers['Content-Length'] = String(body.length);
  return { status: code, headers, body: request.method === 'HEAD' ? null : body };
}

/**
 * Serves the build straight from Node's HTTP layer, ahead of the router: returns false (and
 * writes nothing) for anything that is not a GET or HEAD of a file of the build, or whose path
 * `isDynamic` claims, so the caller hands the request on.
 */
export function serveDist(files: DistFiles, isDynamic: (path: string) => boolean) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/')) return false;
    const query = req.url.indexOf('?');
    const path = query === -1 ? req.url : req.url.slice(0, query);
    if (isDynamic(path)) return false;
    const entry = find(files, path);
    if (!entry) return false;
    const { status, headers, body } = answer(
      entry,
      { method: req.method, acceptEncoding: req.headers['accept-encoding'], ifNoneMatch: req.headers['if-none-match'], range: req.headers.range },
      200,
    );
    res.writeHead(status, headers);
    if (body) res.end(body);
    else res.end();
    return true;
  };
}

/** The 404 page of the build with status 404 (SPEC §2: any other path shows 'Page not found'). */
export function notFoundPage(files: DistFiles): (c: Context) => Response {
  const page = files.get('/404.html');
  return (c) => {
    if (!page) return c.text('Page not found', 404);
    const { headers, body } = answer(page, { method: c.req.method, acceptEncoding: c.req.header('accept-encoding') }, 404);
    // A Buffer is a Uint8Array over a plain ArrayBuffer; Hono's types only ask for the latter.
    return body ? c.body(body as Uint8Array<ArrayBuffer>, 404, headers) : c.body(null, 404, headers);
  };
}
