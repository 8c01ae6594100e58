import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { bulkAction, type StageChoice } from '~/lib/api/applicants';
import { BULK_MAX } from '~/lib/limits';
import { bulkMessages, type BulkAnswer } from '~/lib/schemas';
import { mailTemplatesQuery } from '~/islands/queries/mail-templates';
import { Dialog } from '~/islands/ui/Dialog';
import { Field, inputClass } from '~/islands/ui/Field';
import { useUndo } from './useUndo';
import { notifyFailure } from '../notify';
import { TemplatePreview } from '../templates/TemplatePreview';
import { MoveDialog } from './MoveDialog';

type Props = {
  selected: ReadonlySet<number>;
  /** How many applicants the filters match (all of them can be selected at once). */
  matching: number;
  onSelectAll: () => void;
  onClear: () => void;
  /** After an action: the ids it could not act on stay selected. */
  onDone: (failed: number[]) => void;
};

/**
 * The bar over the list while applicants are ticked: how many, 'Select all N matching', and the
 * two bulk actions, moving to a stage (with the move dialog) and sending a template mail.
 */
export function BulkBar({ selected, matching, onSelectAll, onClear, onDone }: Props) {
  const [dialog, setDialog] = useState<'move' | 'mail' | null>(null);
  const announce = useUndo();
  const count = selected.size;
  const tooMany = count > BULK_MAX;
  const run = useMutation({
    mutationFn: (action: Parameters<typeof bulkAction>[1]) => bulkAction([...selected], action),
    onSuccess: (answer: BulkAnswer) => {
      const failed = answer.results.filter((r) => !r.ok);
      announce(failed.length ? 'error' : 'success', answer.message, answer.undo);
      onDone(failed.map((r) => r.id));
    },
    onError: (error) => notifyFailure(error, 'The action failed; nothing was changed'),
  });
  if (count === 0) return null;
  const who = `${count} applicant${count === 1 ? '' : 's'}`;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      data-bulk-bar
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-300/40 bg-ink-800 p-2 text-sm"
    >
      <p aria-live="polite" className="px-1 font-medium text-white">
        {who} selected
      </p>
      {count < matching && (
        <button type="button" className="btn btn-secondary px-3 py-1.5 text-sm" onClick={onSelectAll}>
          Select all {matching} matching
        </button>
      )}
      <button type="button" className="btn btn-secondary px-3 py-1.5 text-sm" onClick={onClear}>
        Clear selection
      </button>
      <span className="basis-full sm:basis-auto sm:flex-1" aria-hidden="true" />
      {tooMany && <p className="text-rose-300">{bulkMessages.tooMany}</p>}
      <button
        type="button"
        className="btn btn-primary px-3 py-1.5 text-sm"
        disabled={tooMany || run.isPending}
        onClick={() => setDialog('move')}
      >
        Move to stage…
      </button>
      <button
        type="button"
        className="btn btn-secondary px-3 py-1.5 text-sm"
        disabled={tooMany || run.isPending}
        onClick={() => setDialog('mail')}
      >
        Send a mail…
      </button>
      {dialog === 'move' && (
        <MoveDialog
          who={who}
          onCancel={() => setDialog(null)}
          onConfirm={(choice: StageChoice) => {
            setDialog(null);
            run.mutate({ action: 'status', choice });
          }}
        />
      )}
      {dialog === 'mail' && (
        <MailDialog
          who={who}
          onCancel={() => setDialog(null)}
          onConfirm={(templateId) => {
            setDialog(null);
            run.mutate({ action: 'mail', templateId });
          }}
        />
      )}
    </div>
  );
}

/** Choosing the template to send, with its preview. */
function MailDialog({
  who,
  onConfirm,
  onCancel,
}: {
  who: string;
  onConfirm: (id: number) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const templates = useQuery(mailTemplatesQuery());
  const [chosen, setChosen] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const template = templates.data?.find((t) => String(t.id) === chosen);
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Send a mail to ${who}`}
      className="max-w-lg"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => (template ? onConfirm(template.id) : setError(bulkMessages.templateRequired))}
          >
            Send
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field id={`${id}-template`} label="Template" required error={error ?? undefined}>
          <select
            id={`${id}-template`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-template-error` : undefined}
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              setError(null);
            }}
            className={inputClass}
          >
            <option value="">Choose a template</option>
            {templates.data?.map((t) => (
              <option key={t.id} value={String(t.id)}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        {template && <TemplatePreview draft={template} />}
      </div>
    </Dialog>
  );
}
