/**
 * The resume reader's program, started by resume-reader.ts while files wait to be read (compiled beside the
 * server as resume-worker.mjs): the text of a PDF (unpdf) or DOCX (mammoth), or a DOCX as
 * sanitised HTML for the preview. It runs with a memory limit and is terminated past its time
 * budget, so a hostile file costs this thread, never the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import mammoth from 'mammoth';
import sanitizeHtml from 'sanitize-html';
import { extractText, getDocumentProxy } from 'unpdf';

export type ResumeTask = { task: 'text' | 'html'; kind: 'pdf' | 'docx'; data: Uint8Array };
/** What the thread posts first, once its libraries are loaded; then it takes tasks one at a time. */
export type ResumeWorkerReady = 'ready';
/** What the thread posts last: the result, or why there is none. */
export type ResumeTaskResult = { ok: true; value: string } | { ok: false; error: string };

/** What the preview keeps of mammoth's HTML: structure and emphasis; no images, links, styles or scripts. */
const PREVIEW_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'u', 's', 'sub', 'sup'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

async function run({ task, kind, data }: ResumeTask): Promise<string> {
  if (kind === 'pdf') {
    // No eval: a font program in a hostile PDF never becomes code.
    const pdf = await getDocumentProxy(data, { isEvalSupported: false, stopAtErrors: false });
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  }
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (task === 'text') return (await mammoth.extractRawText({ buffer })).value;
  const { value } = await mammoth.convertToHtml({ buffer });
  return sanitizeHtml(value, PREVIEW_HTML);
}

const port = parentPort;
if (!port) throw new Error('resume-worker runs as a worker thread only');
// Loaded: the reader's budget starts now, so a slow start of the thread never counts against the file.
port.postMessage('ready' satisfies ResumeWorkerReady);
port.on('message', (task: ResumeTask) =>
  run(task).then(
    (value) => port.postMessage({ ok: true, value } satisfies ResumeTaskResult),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ResumeTaskResult),
  ),
);
