import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, posix, sep } from 'node:path';
import type { Context } from 'hono';
import { chooseEncoded, type Encoded, type Encoding } from './accept-encoding';
import { etagMatches } from '~/lib/etag';
import { COMPRESSIBLE, contentTypeFor } from './content-types';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../security-headers';

/** Hashed build assets never change; HTML and other files are revalidated on every visit. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Files named by their content: Astro's hashed assets, and Pagefind's index files
 * (`pagefind.en_<hash>.pf_meta`, `index/en_<hash>.pf_index`, `fragment/…`). Pagefind's script, entry
 * and WASM keep fixed names across builds, so they are revalidated like pages.
 */
const HASHED = /^\/(_astro\/|pagefind\/.+\.pf_(meta|index|fragment|filter)$)/;

type HeaderMap = Record<string, string>;
/** One encoding of a file, with the headers of its answers computed once at start. */
type Variant = {
  body: Buffer;
  etag: string;
  /** Headers of a 200 (and of a HEAD, a 404 page) with this body. */
  ok: HeaderMap;
  /** Headers of a 304 for this variant: the same, without a length. */
  notModified: HeaderMap;
};
/** One file of the build with its precompressed siblings, held in memory. */
type Entry = Encoded<Variant>;
/** The build's files by every URL path that reaches them (`/`, `/index.html`, `/x`, `/x/`, `/_astro/x.js`). */
export type DistFiles = Map<string, Entry>;

type FileFacts = {
  contentType: string;
  cacheControl: string;
  lastModified: string;
};

function variant(file: string, facts: FileFacts, encoding?: Encoding, stats: Stats = statSync(file)): Variant {
  const body = readFileSync(file);
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  const notModified: HeaderMap = {
    ...SECURITY_HEADERS,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Content-Type': facts.contentType,
    'Cache-Control': facts.cacheControl,
    ETag: etag,
    'Last-Modified': facts.lastModified,
    Vary: 'Accept-Encoding',
    // Ranges only for uncompressed files (Safari plays video only through them).
    ...(encoding ? { 'Content-Encoding': encoding } : { 'Accept-Ranges': 'bytes' }),
  };
  return { body, etag, notModified, ok: { ...notModified, 'Content-Length': String(body.length) } };
}

function tryVariant(file: string, facts: FileFacts, encoding: Encoding): Variant | undefined {
  try {
    return variant(file, facts, encoding);
  } catch {
    return undefined;
  }
}

/**
 * Every file of the build, read once at start: the build is a few MB and does not change while
 * the server runs, so answers come from memory without a file-system call. Each file is found by
 * its path, and pages also by their clean URLs (`/x` and `/x/` for `/x/index.html` or `/x.html`).
 */
export function loadDist(root: string): DistFiles {
  const files: DistFiles = new Map();
  const aliases: [string, Entry][] = [];
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = join(root, name);
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const stats = statSync(file);
    if (!stats.isFile()) continue;
    const extension = extname(file);
    const urlPath = `/${name.split(sep).join('/')}`;
    const facts: FileFacts = {
      contentType: contentTypeFor(extension),
      cacheControl: HASHED.test(urlPath) ? IMMUTABLE : REVALIDATE,
      lastModified: stats.mtime.toUTCString(),
    };
    const entry: Entry = {
      identity: variant(file, facts, undefined, stats),
      ...(COMPRESSIBLE.has(extension)
        ? { br: tryVariant(`${file}.br`, facts, 'br'), gzip: tryVariant(`${file}.gz`, facts, 'gzip') }
        : {}),
    };
    files.set(urlPath, entry);
    const page = /^(.*)\/index\.html$/.exec(urlPath)?.[1] ?? /^(.+)\.html$/.exec(urlPath)?.[1];
    if (page !== undefined) {
      // A folder's index.html wins over a sibling x.html, as the lookup order always had it.
      const bare = page || '/';
      if (urlPath.endsWith('/index.html')) aliases.unshift([bare, entry], [`${page}/`, entry]);
      else aliases.push([bare, entry], [`${page}/`, entry]);
    }
  }
  for (const [path, entry] of aliases) if (!files.has(path)) files.set(path, entry);
  return files;
}

/** A path as sent, else decoded and normalised (`%2e`, `//`, `..`); only files of the build. */
function find(files: DistFiles, urlPath: string): Entry | undefined {
  const exact = files.get(urlPath);
  if (exact) return exact;
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  return files.get(posix.normalize(decoded));
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

/** Answers a Range request on an uncompressed file: 206 with the part, or 416. */
function sendRange(res: ServerResponse, chosen: Variant, header: string, head: boolean): boolean {
  const size = chosen.body.length;
  const range = byteRange(header, size);
  if (range === null) return false;
  if (range === 'invalid') {
    res.writeHead(416, { ...chosen.notModified, 'Content-Range': `bytes */${size}` });
    res.end();
    return true;
  }
  const part = chosen.body.subarray(range.start, range.end + 1);
  res.writeHead(206, {
    ...chosen.notModified,
    'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
    'Content-Length': String(part.length),
  });
  res.end(head ? undefined : part);
  return true;
}

/**
 * Serves the build straight from Node's HTTP layer, ahead of the router: returns false (and
 * writes nothing) for anything that is not a GET or HEAD of a file of the build, or whose path
 * `isDynamic` claims, so the caller hands the request on. Per request: one map lookup and
 * headers computed at start (ETag/304, precompressed variant, byte ranges, HEAD, security headers).
 */
export function serveDist(files: DistFiles, isDynamic: (path: string) => boolean) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || url?.[0] !== '/') return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (isDynamic(path)) return false;
    const entry = find(files, path);
    if (!entry) return false;
    const { headers } = req;
    const chosen = chooseEncoded(entry, headers['accept-encoding']);
    if (etagMatches(headers['if-none-match'], chosen.etag)) {
      res.writeHead(304, chosen.notModified);
      res.end();
    } else if (!(
      chosen === entry.identity &&
      headers.range &&
      sendRange(res, chosen, headers.range, method === 'HEAD')
    )) {
      res.writeHead(200, chosen.ok);
      res.end(method === 'HEAD' ? undefined : chosen.body);
    }
    return true;
  };
}

/** The 404 page of the build with status 404 (any other path shows 'Page not found'). */
export function notFoundPage(files: DistFiles): (c: Context) => Response {
  const page = files.get('/404.html');
  return (c) => {
    if (!page) return c.text('Page not found', 404);
    const chosen = chooseEncoded(page, c.req.header('accept-encoding'));
    if (c.req.method === 'HEAD') return c.body(null, 404, { ...chosen.ok });
    // A Buffer is a Uint8Array over a plain ArrayBuffer; Hono's types only ask for the latter.
    return c.body(chosen.body as Uint8Array<ArrayBuffer>, 404, { ...chosen.ok });
  };
}

/**
 * A page of the build answered at other paths (`/application/{token}` shows `/application`), with
 * `headers` over its own and no validators: such an answer is never cached, so none is revalidated.
 */
export function pageAt(files: DistFiles, page: string, headers: HeaderMap): (c: Context) => Response {
  const entry = files.get(page);
  return (c) => {
    if (!entry) return notFoundPage(files)(c);
    const chosen = chooseEncoded(entry, c.req.header('accept-encoding'));
    const { ETag: _etag, 'Last-Modified': _modified, ...ok } = chosen.ok;
    const answer = { ...ok, ...headers };
    if (c.req.method === 'HEAD') return c.body(null, 200, answer);
    return c.body(chosen.body as Uint8Array<ArrayBuffer>, 200, answer);
  };
}
