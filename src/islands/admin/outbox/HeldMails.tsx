import { settleHeldMails } from '~/lib/api/outbox';
import { outboxKeys } from '~/islands/queries/outbox';
import { outboxMessages } from '~/lib/schemas';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { useAdminMutation } from '../useAdminMutation';

const heldTexts = {
  failed: 'Failed to settle the held mails',
  discardQuestion: 'Discard the held mails?',
} as const;

/** After a restore: the backup's unsent mails wait here until an owner sends or discards them. */
export function HeldMails({ count }: { count: number }) {
  const { confirm, confirmDialog } = useConfirm();
  const settle = useAdminMutation({
    mutationFn: settleHeldMails,
    success: ({ message }) => message,
    failure: heldTexts.failed,
    invalidates: [outboxKeys.all],
  });
  const discard = async () => {
    if (await confirm(heldTexts.discardQuestion, 'Discard')) settle.mutate('discard');
  };
  return (
    <section
      aria-label="Mails held after a restore"
      className="flex flex-col gap-3 rounded-xl border border-brand-300/40 bg-brand-800/30 px-4 py-3 text-sm text-brand-50"
    >
      <p>{outboxMessages.held(count)}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary px-4 py-2"
          onClick={() => settle.mutate('release')}
          disabled={settle.isPending}
        >
          Send held mails
        </button>
        <button type="button" className="btn btn-secondary px-4 py-2" onClick={discard} disabled={settle.isPending}>
          Discard held mails
        </button>
      </div>
      {confirmDialog}
    </section>
  );
}
