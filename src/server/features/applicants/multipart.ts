/**
 * A small multipart/form-data parser (RFC 7578) over an already size-limited body buffer.
 * Parts are zero-copy views into the body, so a 1 MB upload costs one buffer, not four.
 * Returns null for anything malformed; the caller answers 400.
 */
export type FormPart = {
  name: string;
  /** Present for file parts (possibly empty when the browser sent no file). */
  filename?: string;
  contentType?: string;
  data: Buffer;
};

/** More parts than any honest form sends. */
const MAX_PARTS = 32;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function param(header: string, key: string): string | undefined {
  const quoted = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const token = new RegExp(`;\\s*${key}=([^\\s;"]+)`, 'i').exec(header);
  return token?.[1];
}

/** Parses the body into its parts (first occurrence of a name wins), or null if malformed. */
export function parseMultipart(body: Buffer, contentType: string): Map<string, FormPart> | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const parts = new Map<string, FormPart>();

  let pos = body.indexOf(delimiter);
  if (pos < 0) return null;
  pos += delimiter.length;
  for (let count = 0; ; count++) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // closing "--"
    if (count >= MAX_PARTS) return null;
    // Skip transport padding (spaces, tabs) before the line break.
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (!body.subarray(pos, pos + 2).equals(CRLF)) return null;
    pos += 2;
    const headerEnd = body.indexOf(HEADER_END, pos);
    if (headerEnd < 0) return null;
    const headers = body.toString('utf8', pos, headerEnd).split('\r\n');
    const dataStart = headerEnd + 4;
    const dataEnd = body.indexOf(next, dataStart);
    if (dataEnd < 0) return null;

    const disposition = headers.find((h) => /^content-disposition:/i.test(h));
    const type = headers.find((h) => /^content-type:/i.test(h));
    if (!disposition || !/^content-disposition:\s*form-data\s*(;|$)/i.test(disposition)) return null;
    const name = param(disposition, 'name');
    if (name === undefined) return null;
    const filename = param(disposition, 'filename');
    if (!parts.has(name)) {
      parts.set(name, {
        name,
        ...(filename !== undefined ? { filename } : {}),
        ...(type ? { contentType: type.slice(type.indexOf(':') + 1).trim() } : {}),
        data: body.subarray(dataStart, dataEnd),
      });
    }
    pos = dataEnd + next.length;
  }
}
