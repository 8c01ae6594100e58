import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '~/lib/api/client';
import { addInterviewSlots, moveInterviewSlot, removeInterviewSlot } from '~/lib/api/interview-slots';
import { formatDate, formatDayMonth, formatTime } from '~/lib/date-time';
import { interviewMessages, startsAtRefusal } from '~/lib/interviews';
import type { InterviewSlot, InterviewSlotPool } from '~/lib/schemas/interview-slots';
import type { AdminJob } from '~/lib/schemas/job';
import { interviewSlotsQuery } from '~/islands/queries/interview-slots';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { Dialog } from '~/islands/ui/Dialog';
import { FormAlert } from '~/islands/ui/FormAlert';
import { inputClass } from '~/islands/ui/Field';
import { showToast } from '~/islands/ui/toast-store';
import { localZoneName } from '../interviews/zone';
import { useCan } from '../session';
import { AddSlotsForm, type SlotsInput } from './AddSlotsForm';
import { localParts } from '~/lib/date-time';
import { WEEKDAYS, addDays, localInstant, mondayOf, sameLocalDay } from './week';

type Props = { job: Pick<AdminJob, 'id' | 'title'>; onClose: () => void };

/** A free slot's new date and time, in place of its line. */
function MoveForm({
  slot,
  busy,
  onMove,
  onCancel,
}: {
  slot: InterviewSlot;
  busy: boolean;
  onMove: (startsAt: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const start = localParts(slot.startsAt);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [error, setError] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  // The form replaces the Move button that had focus.
  useEffect(() => dateRef.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = localInstant(date, time);
    const refusal = at ? startsAtRefusal(at, new Date()) : interviewMessages.startsAtRequired;
    setError(refusal);
    if (at && !refusal) onMove(at.toISOString());
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2" aria-label={`Move the ${start.time} slot`}>
      <div className="grid grid-cols-2 gap-2">
        <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-300">
          New date
          <input
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            ref={dateRef}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-300">
          New time
          <input
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary px-3 py-1.5" disabled={busy}>
          Save time
        </button>
        <button type="button" className="btn btn-secondary px-3 py-1.5" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * A vacancy's interview slots by week, Monday to Sunday in the admin's own zone: each day's times
 * with panel, place and who booked them. Recruiters and owners add slots, move or remove free ones.
 */
export function SlotsDialog({ job, onClose }: Props) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const canEdit = useCan('recruiter');
  const query = useQuery(interviewSlotsQuery(job.id));
  const [monday, setMonday] = useState(() => mondayOf(new Date()));
  const [moving, setMoving] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const { confirm, confirmDialog } = useConfirm();
  const key = interviewSlotsQuery(job.id).queryKey;

  const fail = (error: unknown, fallback: string) => {
    setFailure(errorMessage(error, fallback));
    requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'nearest' }));
  };
  const took = ({ message, ...pool }: InterviewSlotPool & { message: string }) => {
    queryClient.setQueryData(key, pool);
    setMoving(null);
    showToast('success', message);
  };
  const add = useMutation({
    mutationFn: (input: SlotsInput) => addInterviewSlots(job.id, input),
    onMutate: () => setFailure(null),
    onSuccess: async ({ message, slots }) => {
      showToast('success', message);
      const first = slots[0];
      if (first) setMonday(mondayOf(new Date(first.startsAt)));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => fail(error, 'The slots were not added: try again'),
  });
  const move = useMutation({
    mutationFn: ({ slot, startsAt }: { slot: InterviewSlot; startsAt: string }) =>
      moveInterviewSlot(slot.id, { startsAt, durationMinutes: slot.durationMinutes }),
    onMutate: () => setFailure(null),
    onSuccess: took,
    onError: (error) => fail(error, 'The slot was not moved: try again'),
  });
  const remove = useMutation({
    mutationFn: (slot: InterviewSlot) => removeInterviewSlot(slot.id),
    onMutate: () => setFailure(null),
    onSuccess: took,
    onError: (error) => fail(error, 'The slot was not removed: try again'),
  });

  const days = WEEKDAYS.map((name, index) => ({ name, date: addDays(monday, index) }));
  const sunday = days[6]!.date;
  const slots = [...(query.data?.slots ?? [])].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const inWeek = slots.filter((s) => {
    const at = new Date(s.startsAt);
    return at >= monday && at < addDays(monday, 7);
  });

  const onRemove = async (slot: InterviewSlot) => {
    const when = `${formatDayMonth(new Date(slot.startsAt))}, ${formatTime(slot.startsAt)}`;
    if (
      await confirm(`Remove the slot on ${when}?`, 'Remove', {
        detail: 'Applicants it was offered to can no longer choose it.',
        cancelLabel: 'Keep it',
      })
    )
      remove.mutate(slot);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Interview slots"
      subtitle={job.title}
      className="max-w-6xl"
      maxHeightClass="max-h-[90vh]"
      footer={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="flex flex-col gap-6">
        {failure && (
          <div ref={alertRef}>
            <FormAlert>{failure}</FormAlert>
          </div>
        )}
        <section aria-labelledby={headingId} className="flex flex-col gap-4" data-week>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h3 id={headingId} className="text-base text-white">
                Week of {formatDayMonth(monday)} – {formatDate(sunday.toISOString())}
              </h3>
              <p className="text-xs text-slate-400">Times in your time zone: {localZoneName(monday)}.</p>
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-secondary px-4 py-2"
                onClick={() => setMonday((day) => addDays(day, -7))}
              >
                Previous week
              </button>
              <button
                type="button"
                className="btn btn-secondary px-4 py-2"
                onClick={() => setMonday((day) => addDays(day, 7))}
              >
                Next week
              </button>
            </div>
          </div>
          {query.isPending && <p className="text-sm text-slate-400">Loading slots…</p>}
          {query.isError && <p className="text-sm text-rose-300">The slots could not be loaded.</p>}
          {query.data && (
            <>
              <p className="sr-only" aria-live="polite">
                {inWeek.length === 0 ? 'No slots this week.' : `${inWeek.length} slots this week.`}
              </p>
              <ol className="grid gap-3 lg:grid-cols-7">
                {days.map(({ name, date }) => {
                  const ofDay = inWeek.filter((s) => sameLocalDay(new Date(s.startsAt), date));
                  const today = sameLocalDay(date, new Date());
                  return (
                    <li
                      key={name}
                      className="flex min-w-0 flex-col gap-2 rounded-xl border border-white/10 bg-white/[0.03] p-3"
                      data-day={localParts(date.toISOString()).date}
                    >
                      <h4 className="text-sm font-semibold text-slate-100">
                        {name.slice(0, 3)} {formatDayMonth(date)}
                        {today && <span className="font-normal text-brand-300"> · today</span>}
                      </h4>
                      {ofDay.length === 0 ? (
                        <p className="text-xs text-slate-400">No slots</p>
                      ) : (
                        <ul className="flex flex-col gap-2">
                          {ofDay.map((slot) => (
                            <li
                              key={slot.id}
                              className="flex flex-col gap-1 rounded-lg border border-white/10 bg-ink-900 p-2 text-sm"
                              data-slot={slot.id}
                            >
                              {moving === slot.id ? (
                                <MoveForm
                                  slot={slot}
                                  busy={move.isPending}
                                  onMove={(startsAt) => move.mutate({ slot, startsAt })}
                                  onCancel={() => setMoving(null)}
                                />
                              ) : (
                                <>
                                  <p className="font-semibold text-white">
                                    <time dateTime={slot.startsAt}>{formatTime(slot.startsAt)}</time>
                                    <span className="font-normal text-slate-300"> · {slot.durationMinutes} min</span>
                                  </p>
                                  <p className="break-words text-xs text-slate-300">
                                    {slot.interviewers.map((i) => i.displayName ?? i.email).join(', ')}
                                  </p>
                                  <p className="break-all text-xs text-slate-400">{slot.location}</p>
                                  {slot.bookedBy ? (
                                    <p className="text-xs font-semibold text-emerald-300">
                                      Booked by {slot.bookedBy.name}
                                    </p>
                                  ) : (
                                    <>
                                      <p className="text-xs text-slate-400">Free</p>
                                      {canEdit && (
                                        <div className="flex flex-wrap gap-2">
                                          <button
                                            type="button"
                                            className="text-xs font-semibold text-brand-300 hover:text-brand-200"
                                            onClick={() => setMoving(slot.id)}
                                          >
                                            Move<span className="sr-only"> the {formatTime(slot.startsAt)} slot</span>
                                          </button>
                                          <button
                                            type="button"
                                            className="text-xs font-semibold text-rose-300 hover:text-rose-200"
                                            onClick={() => void onRemove(slot)}
                                            disabled={remove.isPending}
                                          >
                                            Remove
                                            <span className="sr-only"> the {formatTime(slot.startsAt)} slot</span>
                                          </button>
                                        </div>
                                      )}
                                    </>
                                  )}
                                </>
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ol>
            </>
          )}
        </section>
        {canEdit && query.data && (
          <div className="border-t border-white/10 pt-6">
            <AddSlotsForm
              candidates={query.data.candidates}
              busy={add.isPending}
              onAdd={(input) =>
                add.mutateAsync(input).then(
                  () => true,
                  () => false,
                )
              }
            />
          </div>
        )}
      </div>
      {confirmDialog}
    </Dialog>
  );
}
