/** pdf.js, loaded on the first preview only; its worker is a file of this site (no CDN), as the CSP wants. */
async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** Pages drawn at most: a resume is a few pages; a 300-page upload must not freeze the tab. */
export const PREVIEW_MAX_PAGES = 20;

/**
 * Draws the PDF's pages (up to PREVIEW_MAX_PAGES) as canvases appended to `container`, each as
 * wide as the container and sharp on high-density screens. Resolves with the page count; stops
 * drawing when `signal` aborts.
 */
export async function drawPdf(data: ArrayBuffer, container: HTMLElement, signal: AbortSignal): Promise<number> {
  const pdfjs = await loadPdfjs();
  // A copy: pdf.js hands its buffer to the worker, and the cached preview must stay readable.
  const task = pdfjs.getDocument({ data: new Uint8Array(data.slice(0)) });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  const doc = await task.promise;
  const pages = Math.min(doc.numPages, PREVIEW_MAX_PAGES);
  for (let n = 1; n <= pages && !signal.aborted; n++) {
    const page = await doc.getPage(n);
    const cssScale = container.clientWidth / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale: cssScale * window.devicePixelRatio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.className = 'block w-full rounded-md bg-white';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Page ${n} of ${doc.numPages}`);
    container.append(canvas);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    await page.render({ canvas, canvasContext: context, viewport }).promise;
  }
  return doc.numPages;
}
