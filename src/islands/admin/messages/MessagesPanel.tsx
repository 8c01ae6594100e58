import { useQuery } from '@tanstack/react-query';
import { deleteMessage } from '~/lib/api/messages';
import { messageKeys, messagesQuery } from '~/islands/queries/messages';
import type { ContactMessage } from '~/lib/schemas';
import { contactMessages } from '~/lib/schemas/contact';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { formatLongDate } from '../format';
import { AdminPanel } from '../AdminPanel';
import { useAdminMutation } from '../useAdminMutation';
import { QueryState } from '../StateMessage';
import { deleteButtonClass } from '../applicants/StatusActions';
import { mailtoHref } from '~/lib/mailto';

/** Contact messages stored by the API, so no lead is lost when EmailJS is not configured. */
const messagesTexts = {
  loading: 'Loading messages...',
  empty: 'No messages yet',
  fetchFailed: 'Failed to fetch messages',
  confirmDelete: 'Are you sure you want to delete this message?',
  deleteFailed: 'Failed to delete message',
} as const;

function MessageCard({
  message,
  onDelete,
  deleting,
}: {
  message: ContactMessage;
  onDelete: () => void;
  deleting: boolean;
}) {
  const titleId = `message-${message.id}-subject`;
  return (
    <article className="card flex flex-col gap-3 p-5" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words text-lg text-white">
            {message.subject}
          </h3>
          <p className="text-sm text-slate-300">
            From {message.name} ·{' '}
            <a href={mailtoHref(message.email)} className="underline">
              {message.email}
            </a>
          </p>
          <p className="text-xs text-slate-400">
            <time dateTime={message.created_at}>{formatLongDate(message.created_at)}</time>
          </p>
        </div>
        <button type="button" className={deleteButtonClass} onClick={onDelete} disabled={deleting}>
          Delete<span className="sr-only"> message from {message.name}</span>
        </button>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-200">{message.message}</p>
    </article>
  );
}

/** The Messages tab: what visitors sent through the contact form, newest first. */
export function MessagesPanel() {
  const messages = useQuery(messagesQuery());
  const { confirm, confirmDialog } = useConfirm();
  const remove = useAdminMutation({
    mutationFn: (message: ContactMessage) => deleteMessage(message.id),
    success: contactMessages.deleted,
    failure: messagesTexts.deleteFailed,
    invalidates: [messageKeys.all],
  });

  return (
    <AdminPanel id="messages" title="Messages" intro="Sent through the contact form on the home page; reply by e-mail.">
      <QueryState query={messages} items={messages.data} texts={messagesTexts} empty={messagesTexts.empty}>
        {(items) => (
          <ul className="flex flex-col gap-4" aria-label="Messages">
            {items.map((message) => (
              <li key={message.id}>
                <MessageCard
                  message={message}
                  deleting={remove.isPending && remove.variables.id === message.id}
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
