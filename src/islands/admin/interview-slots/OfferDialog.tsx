import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '~/lib/api/client';
import { offerInterviewSlots } from '~/lib/api/interview-slots';
import { formatDateTime } from '~/lib/date-time';
import { INTERVIEW_SLOTS_PER_INVITATION_MAX } from '~/lib/limits';
import { interviewSlotMessages } from '~/lib/schemas/interview-slots';
import { interviewSlotsQuery } from '~/islands/queries/interview-slots';
import { Dialog } from '~/islands/ui/Dialog';
import { FormAlert } from '~/islands/ui/FormAlert';
import { showToast } from '~/islands/ui/toast-store';
import { localZoneName } from '../interviews/zone';

type Props = { applicant: { id: number; name: string; jobId: number }; onClose: () => void };

/**
 * Offers an applicant some of their vacancy's free future slots: the API mails them a link to
 * their private page, where they book one. The toast confirms; a refusal shows in the dialog.
 */
export function OfferDialog({ applicant, onClose }: Props) {
  const id = useId();
  const query = useQuery(interviewSlotsQuery(applicant.jobId));
  const [chosen, setChosen] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const free = (query.data?.slots ?? [])
    .filter((slot) => !slot.bookedBy && new Date(slot.startsAt).getTime() > now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));

  const offer = useMutation({
    mutationFn: () => offerInterviewSlots(applicant.id, chosen),
    onSuccess: ({ message }) => {
      showToast('success', message);
      onClose();
    },
    onError: (error) => setFailure(errorMessage(error, 'The invitation was not sent: try again')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setFailure(interviewSlotMessages.offerRequired);
      return;
    }
    if (chosen.length > INTERVIEW_SLOTS_PER_INVITATION_MAX) {
      setFailure(interviewSlotMessages.offerTooMany);
      return;
    }
    setFailure(null);
    offer.mutate();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Offer interview times"
      subtitle={`To ${applicant.name}`}
      maxHeightClass="max-h-[90vh]"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          {free.length > 0 && (
            <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={offer.isPending}>
              {offer.isPending ? 'Sending…' : 'Send invitation'}
            </button>
          )}
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        {query.isPending && <p className="text-sm text-slate-400">Loading slots…</p>}
        {query.isError && <p className="text-sm text-rose-300">The slots could not be loaded.</p>}
        {query.data && free.length === 0 && (
          <p className="text-sm text-slate-300">
            This vacancy has no free future slot. Add some with Interview slots on its card in the Job Vacancies tab.
          </p>
        )}
        {free.length > 0 && (
          <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
            <legend className="text-sm font-medium text-slate-100">Free slots</legend>
            <p id={`${id}-hint`} className="text-xs text-slate-400">
              The applicant gets a mail with a link to choose one of these. In your time zone: {localZoneName()}.
            </p>
            <ul className="flex flex-col gap-2">
              {free.map((slot) => (
                <li key={slot.id}>
                  <label className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 rounded-xl border border-white/10 bg-ink-900 px-3 py-2 text-sm text-slate-100">
                    <input
                      type="checkbox"
                      className="row-span-2 h-4 w-4 accent-brand-300"
                      checked={chosen.includes(slot.id)}
                      onChange={(e) =>
                        setChosen((ids) => (e.target.checked ? [...ids, slot.id] : ids.filter((x) => x !== slot.id)))
                      }
                    />
                    <span>{formatDateTime(slot.startsAt)}</span>
                    <span className="min-w-0 break-all text-xs text-slate-400">
                      {slot.durationMinutes} minutes ·{' '}
                      {slot.interviewers.map((i) => i.displayName ?? i.email).join(', ')} · {slot.location}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
