/**
 * The resume reader's program, run by resume-reader.ts as a child process while files wait to be read
 * (compiled beside the server as resume-worker.mjs): the text of a PDF (pdf.js) or DOCX (mammoth), or a
 * DOCX as sanitised HTML for the preview. Its own process, with a small heap and a memory cap, so a
 * hostile file that exhausts memory ends this process, never the server; it is killed past its budget.
 */
import mammoth from 'mammoth';
import { registerHooks } from 'node:module';
import sanitizeHtml from 'sanitize-html';
import { RESUME_PREVIEW_MAX_CHARS, RESUME_READ_MAX_PAGES, RESUME_TEXT_MAX_CHARS } from '~/lib/limits';
import { docxInflationRefused, pdfInflationRefused } from './resume-inflation';

export type ResumeTask = { task: 'text' | 'html'; kind: 'pdf' | 'docx'; data: Uint8Array };
/** What the process sends first, once its libraries are loaded; then it takes tasks one at a time. */
export type ResumeWorkerReady = 'ready';
/** What the process sends last: the result (cut to its maximum), or why there is none. */
export type ResumeTaskResult = { ok: true; value: string } | { ok: false; error: string };

// Text needs no canvas: pdf.js's native one (Skia) maps over 1 GB of address space, past the reader's cap.
registerHooks({
  resolve: (specifier, context, next) => {
    if (specifier === '@napi-rs/canvas') throw new Error('the resume reader draws nothing');
    return next(specifier, context);
  },
});
// The reader needs no network, and a stand-in Response keeps undici unloaded: pdf.js's polyfills look at
// Response, and on Node 22 that starts undici's Wasm HTTP parser, whose reservation is past the reader's cap.
// (Deleted first: redefining Node's lazy global in place loads undici too.)
const globals = globalThis as { Response?: unknown };
delete globals.Response;
globals.Response = class Response {};
/** The same pdf.js as the admin's preview, in its build for Node, loaded once the hook above is in place. */
async function loadPdfjs() {
  // As it loads, pdf.js warns that it cannot draw without that canvas: true, and nothing a text reader's log needs.
  const warn = console.warn;
  console.warn = () => {};
  try {
    return await import('pdfjs-dist/legacy/build/pdf.mjs');
  } finally {
    console.warn = warn;
  }
}
const { getDocument } = await loadPdfjs();
/** pdf.js's own font and character-map data, so text in the standard fonts and CJK encodings reads right. */
const PDFJS_DATA = new URL('./', import.meta.resolve('pdfjs-dist/package.json'));

/** What the preview keeps of mammoth's HTML: structure and emphasis; no images, links, styles or scripts. */
const PREVIEW_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'u', 's', 'sub', 'sup'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

/** The preview drops images: mammoth would otherwise inline each as base64 text, only for sanitising to discard it. */
const NO_IMAGES = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/** Text as stored: no control characters (PostgreSQL refuses NUL, the search marks hits with others), spaces folded, capped. */
function cleanResumeText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
      .slice(0, RESUME_TEXT_MAX_CHARS)
  );
}

/** A PDF's text page by page, stopping at RESUME_READ_MAX_PAGES or once the text is long enough. */
async function pdfText(data: Uint8Array): Promise<string> {
  // pdf.js 6 has no eval path (no isEvalSupported option): a font program never becomes code.
  const task = getDocument({
    data,
    stopAtErrors: false,
    useSystemFonts: true,
    disableFontFace: true,
    standardFontDataUrl: new URL('standard_fonts/', PDFJS_DATA).href,
    cMapUrl: new URL('cmaps/', PDFJS_DATA).href,
    cMapPacked: true,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(pdf.numPages, RESUME_READ_MAX_PAGES) && length < RESUME_TEXT_MAX_CHARS; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      const text = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text);
      length += text.length;
    }
    return pages.join('\n');
  } finally {
    // The reader lives while files queue: each document's memory goes with it.
    await task.destroy();
  }
}

async function run({ task, kind, data: sent }: ResumeTask): Promise<string> {
  // The channel delivers a Buffer, which pdf.js refuses: the same bytes as a plain Uint8Array.
  const data = new Uint8Array(sent.buffer, sent.byteOffset, sent.byteLength);
  const refused = kind === 'pdf' ? pdfInflationRefused(data) : docxInflationRefused(data);
  if (refused) throw new Error(`refused before reading: ${refused}`);
  if (kind === 'pdf') return cleanResumeText(await pdfText(data));
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (task === 'text') return cleanResumeText((await mammoth.extractRawText({ buffer })).value);
  const { value } = await mammoth.convertToHtml({ buffer }, { convertImage: NO_IMAGES });
  // Cut before sanitising, which closes whatever the cut left open.
  return sanitizeHtml(value.slice(0, RESUME_PREVIEW_MAX_CHARS), PREVIEW_HTML);
}

if (!process.send) throw new Error('resume-worker runs as a child process with an IPC channel only');
// The server went away (even by a crash): nothing is left to read for.
const serverGone = () => process.exit(0);
process.on('disconnect', serverGone);
// A send can meet a channel the server closed before 'disconnect' arrives (EPIPE): the same end.
const send = (message: unknown) => process.send?.(message, undefined, undefined, (error) => error && serverGone());
// Loaded: the reader's budget starts now, so a slow start of the process never counts against the file.
send('ready' satisfies ResumeWorkerReady);
process.on('message', (task: ResumeTask) =>
  run(task).then(
    (value) => send({ ok: true, value } satisfies ResumeTaskResult),
    (error: unknown) =>
      send({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies ResumeTaskResult),
  ),
);
