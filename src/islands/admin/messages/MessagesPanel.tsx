import { useQuery } from '@tanstack/react-query';
import { deleteMessage, setMessageHandled } from '~/lib/api/messages';
import { messageKeys, messagesQuery } from '~/islands/queries/messages';
import type { ContactMessage } from '~/lib/schemas';
import { contactMessages } from '~/lib/schemas/contact';
import { messageHandlingMessages } from '~/lib/schemas/message';
import { Badge, type BadgeStyle } from '~/islands/ui/Badge';
import { cn } from '~/islands/ui/cn';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { formatDate, formatDateTime } from '~/lib/date-time';
import { AdminPanel } from '../AdminPanel';
import { useAdminMutation } from '../useAdminMutation';
import { QueryState } from '../StateMessage';
import { deleteButtonClass } from '../applicants/StatusActions';
import { mailtoHref } from '~/lib/mailto';
import { replyHref } from './reply';

/** Contact messages stored by the API, so no lead is lost when EmailJS is not configured. */
const messagesTexts = {
  loading: 'Loading messages...',
  empty: 'No messages yet',
  fetchFailed: 'Failed to fetch messages',
  confirmDelete: 'Are you sure you want to delete this message?',
  deleteFailed: 'Failed to delete message',
  handledFailed: 'Failed to update message',
} as const;

const handledStyle = (handledAt: string): BadgeStyle => ({
  label: `Handled ${formatDate(handledAt)}`,
  className: 'bg-emerald-300 text-emerald-950',
  icon: '✓',
});
const waitingStyle: BadgeStyle = { label: 'Unhandled', className: 'bg-amber-300 text-amber-950', icon: '●' };

function MessageCard({
  message,
  onDelete,
  onToggleHandled,
  busy,
}: {
  message: ContactMessage;
  onDelete: () => void;
  onToggleHandled: () => void;
  busy: boolean;
}) {
  const titleId = `message-${message.id}-subject`;
  const handled = message.handledAt !== null;
  return (
    <article
      className={cn('card flex flex-col gap-3 p-5', !handled && 'border-l-4 border-l-amber-300')}
      aria-labelledby={titleId}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words text-lg text-white">
            {message.subject}
          </h3>
          <p className="text-sm text-slate-300">
            From {message.name} ·{' '}
            <a href={mailtoHref(message.email)} className="break-all underline">
              {message.email}
            </a>
          </p>
          <p className="text-xs text-slate-400">
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </p>
        </div>
        <Badge style={message.handledAt === null ? waitingStyle : handledStyle(message.handledAt)} />
      </div>
      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-200">{message.message}</p>
      <div className="flex flex-wrap gap-2 border-t border-white/10 pt-3">
        <a href={replyHref(message)} className="btn btn-primary px-4 py-2 no-underline">
          Reply<span className="sr-only"> to {message.name}</span>
        </a>
        <button type="button" className="btn btn-secondary px-4 py-2" onClick={onToggleHandled} disabled={busy}>
          {handled ? 'Mark unhandled' : 'Mark handled'}
          <span className="sr-only"> message from {message.name}</span>
        </button>
        <button type="button" className={cn(deleteButtonClass, 'sm:ml-auto')} onClick={onDelete} disabled={busy}>
          Delete<span className="sr-only"> message from {message.name}</span>
        </button>
      </div>
    </article>
  );
}

/** The Messages tab: what visitors sent through the contact form, newest first, to reply to and mark handled. */
export function MessagesPanel() {
  const messages = useQuery(messagesQuery());
  const { confirm, confirmDialog } = useConfirm();
  const remove = useAdminMutation({
    mutationFn: (message: ContactMessage) => deleteMessage(message.id),
    success: contactMessages.deleted,
    failure: messagesTexts.deleteFailed,
    invalidates: [messageKeys.all],
  });
  const handle = useAdminMutation({
    mutationFn: ({ message, handled }: { message: ContactMessage; handled: boolean }) =>
      setMessageHandled(message.id, handled),
    success: (_result, { handled }) => (handled ? messageHandlingMessages.handled : messageHandlingMessages.unhandled),
    failure: messagesTexts.handledFailed,
    invalidates: [messageKeys.all],
  });
  const busy = (message: ContactMessage) =>
    (remove.isPending && remove.variables.id === message.id) ||
    (handle.isPending && handle.variables.message.id === message.id);

  return (
    <AdminPanel
      id="messages"
      title="Messages"
      intro="Sent through the contact form on the home page. Reply opens your mail client; mark a message handled once answered."
    >
      <QueryState query={messages} items={messages.data} texts={messagesTexts} empty={messagesTexts.empty}>
        {(items) => (
          <ul className="flex flex-col gap-4" aria-label="Messages">
            {items.map((message) => (
              <li key={message.id}>
                <MessageCard
                  message={message}
                  busy={busy(message)}
                  onToggleHandled={() => handle.mutate({ message, handled: message.handledAt === null })}
                  onDelete={() =>
                    void confirm(messagesTexts.confirmDelete, 'Delete').then((ok) => ok && remove.mutate(message))
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {confirmDialog}
    </AdminPanel>
  );
}
