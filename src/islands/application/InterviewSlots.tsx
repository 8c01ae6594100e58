import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '~/lib/api/client';
import { changeApplicationSlot, fetchApplicationSlots } from '~/lib/api/applications';
import { formatDateTime, readerTimeZone } from '~/lib/date-time';
import { applicationPageMessages as m, type ApplicationSlots, type OfferedSlot } from '~/lib/schemas/application-page';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { FormAlert } from '~/islands/ui/FormAlert';
import { useHydrated } from '~/islands/ui/useHydrated';
import { useRequest } from '~/islands/ui/useRequest';

const slotLabel = (slot: OfferedSlot) => `${formatDateTime(slot.startsAt)}, ${slot.durationMinutes} minutes`;

type ChoiceProps = {
  slots: OfferedSlot[];
  legend: string;
  submitLabel: string;
  busy: boolean;
  onChoose: (slotId: number) => void;
  onBack?: () => void;
};

/** The offered free times as radio buttons, in the reader's zone, and the button that takes the one chosen. */
function SlotChoice({ slots, legend, submitLabel, busy, onChoose, onBack }: ChoiceProps) {
  const name = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  // A time taken meanwhile leaves the list: nothing stays chosen that is no longer offered.
  const picked = slots.some((s) => s.id === chosen) ? chosen : null;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked !== null) onChoose(picked);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-slate-300">{legend}</legend>
        {slots.map((slot) => (
          <label
            key={slot.id}
            htmlFor={`${name}-${slot.id}`}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-white/10 px-4 py-3 text-sm has-[:checked]:border-brand-300 has-[:checked]:bg-ink-700/60"
          >
            <input
              type="radio"
              id={`${name}-${slot.id}`}
              name={name}
              value={slot.id}
              checked={picked === slot.id}
              onChange={() => setChosen(slot.id)}
              className="mt-1"
            />
            <span className="flex min-w-0 flex-col font-semibold text-white">
              {slotLabel(slot)}
              <span className="break-words font-normal text-slate-300">{slot.location}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className="btn btn-primary" disabled={busy || picked === null}>
          {submitLabel}
        </button>
        {onBack && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onBack}>
            Keep my time
          </button>
        )}
      </div>
    </form>
  );
}

type Props = { token: string; onChanged: () => void };

/**
 * The times the team offered this applicant: book one while none is booked, then move or cancel it
 * until the server says it is too close. Shown only once the applicant was invited to choose.
 */
export function InterviewSlots({ token, onChanged }: Props) {
  const hydrated = useHydrated();
  const { confirm, confirmDialog } = useConfirm();
  const load = useCallback((signal: AbortSignal) => fetchApplicationSlots(token, signal), [token]);
  const query = useRequest(load);
  // The answer of the last change, newer than the load until the next load.
  const [latest, setLatest] = useState<ApplicationSlots | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const data = latest ?? query.data;
  if (!data) return null;
  const { free, booked, changeClosed } = data;
  if (!booked && free.length === 0 && failed === null && done === null) return null;
  const busy = !hydrated || pending || query.fetching;

  const change = async (method: 'POST' | 'PUT' | 'DELETE', slotId: number) => {
    setPending(true);
    setFailed(null);
    setDone(null);
    try {
      const { message, ...slots } = await changeApplicationSlot(token, method, slotId);
      setLatest(slots);
      setMoving(false);
      setDone(message);
      onChanged();
    } catch (error) {
      setFailed(error);
      // Taken or too late meanwhile: the list as it is now.
      if (error instanceof ApiError && error.status === 409) {
        setLatest(null);
        query.refetch();
      }
    } finally {
      setPending(false);
    }
  };
  const zone = `Times are in your time zone, ${readerTimeZone()}.`;

  return (
    <section aria-labelledby="interview-time" className="flex flex-col gap-4">
      <h2 id="interview-time" className="text-xl">
        Your interview time
      </h2>
      {done && (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="font-semibold text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
        >
          {done}
        </p>
      )}
      {failed !== null && <FormAlert>{errorMessage(failed, m.actionFailed)}</FormAlert>}
      {booked ? (
        <div className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-ink-800/60 p-5 text-sm sm:p-6">
          <div className="flex flex-col gap-1">
            <p className="text-slate-400">You booked</p>
            <p className="text-lg font-semibold text-white" data-testid="booked-slot">
              {slotLabel(booked)}
            </p>
            <p className="break-words text-slate-300">{booked.location}</p>
            <p className="text-slate-400">{zone}</p>
          </div>
          {changeClosed ? (
            <p className="text-slate-200">{changeClosed}</p>
          ) : moving ? (
            <SlotChoice
              slots={free}
              legend="Move to one of these times"
              submitLabel="Move to this time"
              busy={busy}
              onChoose={(slotId) => void change('PUT', slotId)}
              onBack={() => setMoving(false)}
            />
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row">
              {free.length > 0 && (
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setMoving(true)}>
                  Move
                </button>
              )}
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() =>
                  void confirm('Cancel your interview?', 'Cancel interview', {
                    detail: `The team and you get a cancellation for ${slotLabel(booked)}. You can book another offered time while one is free.`,
                    cancelLabel: 'Keep it',
                  }).then((ok) => {
                    if (ok) void change('DELETE', booked.id);
                  })
                }
              >
                Cancel
              </button>
            </div>
          )}
        </div>
      ) : free.length > 0 ? (
        <SlotChoice
          slots={free}
          legend={`Choose a time for your interview. ${zone}`}
          submitLabel="Book this time"
          busy={busy}
          onChoose={(slotId) => void change('POST', slotId)}
        />
      ) : null}
      {confirmDialog}
    </section>
  );
}
