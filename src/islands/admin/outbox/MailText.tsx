import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { fetchMailText } from '~/lib/api/outbox';
import { ApiError } from '~/lib/api/client';
import { outboxMessages, readableMailKind, type OutboxMail } from '~/lib/schemas';

const mailTextTexts = {
  show: 'Show text',
  hide: 'Hide text',
  loading: 'Loading the text...',
  failed: 'The text could not be loaded. Try again in a moment.',
} as const;

/**
 * A mail's plain text behind a disclosure button, fetched when first opened (each read is audited);
 * a mail with a private link says why it is not shown instead.
 */
export function MailText({ mail }: { mail: OutboxMail }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const text = useQuery({
    queryKey: ['outbox', 'text', mail.id],
    queryFn: () => fetchMailText(mail.id),
    enabled: open,
    staleTime: Infinity,
    retry: false,
  });
  if (!readableMailKind(mail.kind)) return <p className="text-sm text-slate-400">{outboxMessages.textWithLink}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div>
        <button
          type="button"
          className="btn btn-secondary px-3 py-1.5 text-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? mailTextTexts.hide : mailTextTexts.show}
          <span className="sr-only"> of {mail.subject}</span>
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {open &&
          (text.data ? (
            <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-white/10 bg-ink-900 p-3 font-sans text-sm text-slate-200">
              {text.data.text}
            </pre>
          ) : text.isError ? (
            <p role="alert" className="text-sm text-rose-200">
              {text.error instanceof ApiError && text.error.message ? text.error.message : mailTextTexts.failed}
            </p>
          ) : (
            <p className="text-sm text-slate-400">{mailTextTexts.loading}</p>
          ))}
      </div>
    </div>
  );
}
