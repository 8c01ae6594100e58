import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '~/lib/api/client';
import { previewMailTemplate } from '~/lib/api/mail-templates';
import type { TemplateInput } from '~/lib/schemas';

type Props = {
  draft: Pick<TemplateInput, 'subject' | 'body'>;
  /** The applicant the preview is addressed to; a sample applicant without one. */
  applicantId?: number | undefined;
};

/**
 * The mail as the applicant gets it, rendered by the server (placeholders filled, the greeting
 * and signature added): its subject and text. The text is shown, not the HTML part, because the
 * page's Content-Security-Policy rightly refuses the mail's inline styles.
 */
export function TemplatePreview({ draft, applicantId }: Props) {
  const headingId = useId();
  const preview = useQuery({
    queryKey: ['mail-template-preview', draft.subject, draft.body, applicantId ?? 'sample'],
    queryFn: () => previewMailTemplate(draft, applicantId),
    staleTime: Infinity,
    retry: false,
  });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-ink-900 p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-400">
        Preview{applicantId === undefined ? ' (a sample applicant)' : ''}
      </h3>
      {preview.isPending && <p className="text-sm text-slate-300">Loading the preview...</p>}
      {preview.isError && (
        <p className="text-sm text-rose-300">{errorMessage(preview.error, 'The preview could not be loaded')}</p>
      )}
      {preview.data && (
        <>
          <p className="text-sm text-slate-100">
            <span className="text-slate-400">Subject: </span>
            {preview.data.subject}
          </p>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-200">{preview.data.text}</p>
        </>
      )}
    </section>
  );
}
