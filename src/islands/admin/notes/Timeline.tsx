import { formatDateTime } from '~/lib/date-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '~/lib/api/client';
import { addNote, deleteNote } from '~/lib/api/notes';
import { NOTE_MAX, noteMessages, type ApplicantHistory, type TimelineEvent } from '~/lib/notes';
import type { ApplicantDetail } from '~/lib/privacy';
import { applicantDetailQuery } from '~/islands/queries/privacy';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { fieldAria, inputClass } from '~/islands/ui/Field';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFailure } from '../notify';
import { useCan } from '../session';

/** 'Nov 25, 2026, 9:59 PM': shorter than the dialog's 'Applied on' date, which stays the one long date. */

const KIND_LABELS: Record<TimelineEvent['kind'], string> = {
  applied: 'Application',
  status: 'Status',
  interview: 'Interview',
  mail: 'Mail',
  note: 'Note',
};
const KIND_DOTS: Record<TimelineEvent['kind'], string> = {
  applied: 'bg-brand-300',
  status: 'bg-amber-300',
  interview: 'bg-accent-300',
  mail: 'bg-sky-300',
  note: 'bg-emerald-300',
};

/**
 * The application's timeline (applied, status changes, mails, notes) and, for recruiters and
 * owners, a note of up to 2,000 characters. The answers carry the new timeline, so the detail is
 * not fetched (and audited as a view) again.
 */
export function Timeline({ applicantId, history }: { applicantId: number; history: ApplicantHistory }) {
  const queryClient = useQueryClient();
  const canWrite = useCan('recruiter');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The note just added takes focus once it is on the timeline: the form's button would leave it to the page.
  const addedNote = useRef<number | null>(null);
  const timelineRef = useRef<HTMLOListElement>(null);
  const fieldId = useId();
  const { confirm, confirmDialog } = useConfirm();
  const mine = new Set(history.notes.filter((n) => n.mine).map((n) => n.id));

  const update = (next: ApplicantHistory) =>
    queryClient.setQueryData<ApplicantDetail>(applicantDetailQuery(applicantId).queryKey, (old) =>
      old ? { ...old, notes: next.notes, timeline: next.timeline } : old,
    );
  const add = useMutation({
    mutationFn: (note: string) => addNote(applicantId, note),
    onSuccess: (result) => {
      const before = new Set(history.notes.map((n) => n.id));
      update(result);
      setText('');
      addedNote.current = result.notes.find((n) => !before.has(n.id))?.id ?? null;
      showToast('success', result.message);
    },
    onError: (failure) => setError(errorMessage(failure, 'Failed to add the note')),
  });
  const remove = useMutation({
    mutationFn: (noteId: number) => deleteNote(applicantId, noteId),
    onSuccess: (result) => {
      update(result);
      showToast('success', result.message);
    },
    onError: (failure) => notifyFailure(failure, 'Failed to delete the note'),
  });

  useEffect(() => {
    if (addedNote.current === null) return;
    timelineRef.current?.querySelector<HTMLElement>(`[data-note-id="${addedNote.current}"]`)?.focus();
    addedNote.current = null;
  }, [history]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const note = text.trim();
    if (!note) return setError(noteMessages.required);
    if (note.length > NOTE_MAX) return setError(noteMessages.tooLong);
    setError(null);
    add.mutate(note);
  };

  return (
    <section aria-labelledby={`${fieldId}-heading`} className="mt-6 flex flex-col gap-4">
      <h3 id={`${fieldId}-heading`} className="text-base text-white">
        Timeline and notes
      </h3>
      <ol ref={timelineRef} className="flex flex-col gap-3 border-l border-white/10 pl-4">
        {history.timeline.map((event, index) => (
          <li
            key={`${event.kind}-${event.noteId ?? index}`}
            className="relative scroll-mb-64 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
            {...(event.noteId === undefined ? {} : { 'data-note-id': event.noteId, tabIndex: -1 })}
          >
            <span
              aria-hidden="true"
              className={`absolute -left-[1.36rem] top-1.5 h-2.5 w-2.5 rounded-full ${KIND_DOTS[event.kind]}`}
            />
            <p className="text-xs text-slate-400">
              <span className="font-semibold uppercase tracking-wide">{KIND_LABELS[event.kind]}</span> ·{' '}
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {event.by && <> · {event.by}</>}
            </p>
            <p
              className={
                event.kind === 'note'
                  ? 'mt-1 whitespace-pre-wrap break-words rounded-lg bg-ink-900 p-3 text-sm text-slate-100'
                  : 'break-words text-sm text-slate-200'
              }
            >
              {event.text}
            </p>
            {event.noteId !== undefined && mine.has(event.noteId) && (
              <button
                type="button"
                className="mt-1 scroll-mb-64 text-xs text-rose-200 underline underline-offset-4 hover:text-white"
                disabled={remove.isPending}
                onClick={() =>
                  void confirm('Delete this note?', 'Delete').then((ok) => ok && remove.mutate(event.noteId ?? 0))
                }
              >
                Delete note<span className="sr-only"> written {formatDateTime(event.at)}</span>
              </button>
            )}
          </li>
        ))}
      </ol>
      {canWrite && (
        // The scroll margin keeps the form clear of the dialog's sticky footer when focus or a scroll brings it into view.
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 [&_*]:scroll-mb-64">
          <label htmlFor={fieldId} className="text-sm font-medium text-slate-100">
            Add a note for the team
          </label>
          <textarea
            {...fieldAria(fieldId, error ?? undefined, true)}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={NOTE_MAX}
            className={inputClass}
          />
          <p id={`${fieldId}-hint`} className="text-xs text-slate-400">
            Plain text, seen by everyone on the team; an applicant who asks for a copy of their data gets the notes and
            scorecards too. {text.length.toLocaleString('en-US')} / {NOTE_MAX.toLocaleString('en-US')}
          </p>
          {error && (
            <p id={`${fieldId}-error`} className="text-sm text-rose-300">
              {error}
            </p>
          )}
          {/* aria-disabled, not disabled: a disabled button drops the focus to the page while the note is sent. */}
          <button type="submit" className="btn btn-secondary self-start px-4 py-2" aria-disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add note'}
          </button>
        </form>
      )}
      {confirmDialog}
    </section>
  );
}
