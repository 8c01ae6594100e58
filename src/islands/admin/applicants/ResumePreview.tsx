import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { resumePreviewQuery } from '~/islands/queries/applicants';
import { Spinner } from '~/islands/ui/Spinner';
import { applicantMessages, type Applicant } from '~/lib/schemas';
import { drawPdf, PREVIEW_MAX_PAGES } from './pdf-canvas';

const noteClass = 'mt-2 rounded-xl border border-amber-300/40 bg-amber-950/60 px-4 py-3 text-sm text-amber-50';
// The preview scrolls on its own, so it takes keyboard focus (a scrolling region must) and a name.
const frameClass =
  'mt-3 max-h-[70vh] overflow-auto rounded-xl border border-white/10 bg-ink-900 p-3 focus-visible:outline';

/** What the team should know about the resume's text before previewing it, or nothing. */
function textNote(text: Applicant['resume']['text']): string | null {
  if (text === 'missing') return applicantMessages.resumeTextMissing;
  if (text === 'unsupported') return applicantMessages.resumeTextUnsupported;
  if (text === 'pending' || text === 'reading') return applicantMessages.resumeTextPending;
  return null;
}

function Failed() {
  return (
    <p role="alert" className={noteClass}>
      {applicantMessages.resumePreviewFailed}
    </p>
  );
}

/** A PDF's pages drawn by pdf.js into canvases. */
function PdfPages({ data, label }: { data: ArrayBuffer; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number } | 'drawing' | 'failed'>('drawing');
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const drawing = new AbortController();
    setState('drawing');
    drawPdf(data, element, drawing.signal).then(
      (pages) => !drawing.signal.aborted && setState({ pages }),
      () => !drawing.signal.aborted && setState('failed'),
    );
    return () => {
      drawing.abort();
      element.replaceChildren();
    };
  }, [data]);
  if (state === 'failed') return <Failed />;
  return (
    <>
      {state === 'drawing' && <Spinner />}
      {typeof state === 'object' && state.pages > PREVIEW_MAX_PAGES && (
        <p className="mt-2 text-sm text-slate-400">
          The first {PREVIEW_MAX_PAGES} of {state.pages} pages are shown; download the resume for the rest.
        </p>
      )}
      {/* Filled by drawPdf: React renders no children here. */}
      <div
        ref={container}
        role="region"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus, so keys scroll it
        tabIndex={0}
        className={`${frameClass} flex flex-col gap-3`}
      />
    </>
  );
}

/** The resume in the page: loaded on request, a PDF drawn by pdf.js, a DOCX as the server's sanitised HTML. */
function PreviewBody({ applicant }: { applicant: Applicant }) {
  const kind = applicant.resume.kind === 'pdf' ? 'pdf' : 'docx';
  const preview = useQuery(resumePreviewQuery(applicant.id, kind));
  const label = `Resume of ${applicant.name}`;
  if (preview.isPending) return <Spinner />;
  if (preview.isError) return <Failed />;
  if (preview.data.kind === 'pdf') return <PdfPages data={preview.data.data} label={label} />;
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus, so keys scroll it
      tabIndex={0}
      className={`${frameClass} break-words text-sm leading-relaxed text-slate-200 [&_h1]:text-lg [&_h1]:font-semibold [&_h1]:text-white [&_h2]:font-semibold [&_h2]:text-white [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5`}
      // Sanitised on the server (sanitize-html: headings, paragraphs, lists, emphasis; no attributes).
      dangerouslySetInnerHTML={{ __html: preview.data.html }}
    />
  );
}

/** The dialog's Resume section: the state of its text, and a preview on request (never a third-party viewer). */
export function ResumePreview({ applicant }: { applicant: Applicant }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const note = textNote(applicant.resume.text);
  const previewable = applicant.resume.kind !== 'doc';
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base text-white">
          Resume
          <span className="ml-2 text-sm font-normal text-slate-400">
            {applicant.resume.kind.toUpperCase()}, {Math.max(1, Math.round(applicant.resume.size / 1024))} KB
          </span>
        </h3>
        {previewable && (
          <button
            type="button"
            className="btn btn-secondary px-3 py-1.5 text-sm"
            aria-expanded={open}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? 'Hide preview' : 'Preview resume'}
          </button>
        )}
      </div>
      {note && <p className={noteClass}>{note}</p>}
      {open && previewable && <PreviewBody applicant={applicant} />}
    </section>
  );
}
