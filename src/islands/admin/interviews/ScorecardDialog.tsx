import { formatDateTime } from '~/lib/date-time';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '~/lib/api/client';
import { submitScorecard, type InterviewChange } from '~/lib/api/interviews';
import {
  RATING_LABELS,
  RATING_MAX,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  SCORECARD_NOTES_MAX,
  scorecardMessages,
  type Interview,
  type Recommendation,
} from '~/lib/interviews';
import { Dialog } from '~/islands/ui/Dialog';
import { Field, fieldAria, inputClass } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';

type Props = {
  applicantId: number;
  applicantName: string;
  interview: Interview;
  criteria: readonly string[];
  onClose: () => void;
  onDone: (change: InterviewChange) => void;
};

const RATINGS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** One choice of a radio group drawn as a button-like tile; the radio stays the control. */
function Choice({
  name,
  value,
  label,
  checked,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-white/10 bg-ink-900 px-3 py-2 text-sm text-slate-100 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-300/10">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="h-4 w-4 accent-brand-300"
      />
      {label}
    </label>
  );
}

/**
 * An interviewer's scorecard: the overall recommendation, a rating of 1 to 4 for each criterion
 * of the vacancy, and notes. Sent once; the others' scorecards show after it.
 */
export function ScorecardDialog({ applicantId, applicantName, interview, criteria, onClose, onDone }: Props) {
  const id = useId();
  const [recommendation, setRecommendation] = useState<Recommendation | null>(null);
  const [ratings, setRatings] = useState<Record<string, number>>({});
  const [notes, setNotes] = useState('');
  // Errors show from the first submit on, and follow every change after it.
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () =>
      submitScorecard(applicantId, interview.id, {
        recommendation: recommendation ?? 'no',
        ratings,
        notes: notes.trim(),
      }),
    onSuccess: onDone,
    onError: (error) => setFailure(errorMessage(error, 'The scorecard was not sent: try again')),
  });

  const group = (index: number) => `${id}-${index}`;
  /** What is missing, keyed by the radio group's name, in the order the groups appear. */
  const missing = (): [string, string][] => [
    ...(recommendation ? [] : [[`${id}-recommendation`, scorecardMessages.recommendationRequired] as [string, string]]),
    ...criteria.flatMap((criterion, index): [string, string][] =>
      ratings[criterion] === undefined ? [[group(index), scorecardMessages.ratingRequired(criterion)]] : [],
    ),
  ];
  const errors: Record<string, string> = submitted ? Object.fromEntries(missing()) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSubmitted(true);
    const first = missing()[0];
    if (!first) return save.mutate();
    document.querySelector<HTMLInputElement>(`input[name="${first[0]}"]`)?.focus();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Your scorecard"
      subtitle={`${applicantName} · ${formatDateTime(interview.startsAt)}`}
      maxHeightClass="max-h-[90vh]"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Submitting…' : 'Submit scorecard'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="flex flex-col gap-6">
        <p className="text-sm text-slate-300">
          You see the other interviewers' scorecards once yours is in, so that theirs do not sway it. It cannot be
          changed after.
        </p>
        {failure && <FormAlert>{failure}</FormAlert>}
        <fieldset aria-describedby={errors[`${id}-recommendation`] ? `${id}-rec-error` : undefined}>
          <legend className="text-sm font-medium text-slate-100">
            Overall recommendation
            <span className="text-rose-300" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {RECOMMENDATIONS.map((value) => (
              <Choice
                key={value}
                name={`${id}-recommendation`}
                value={value}
                label={RECOMMENDATION_LABELS[value]}
                checked={recommendation === value}
                onChange={() => setRecommendation(value)}
              />
            ))}
          </div>
          {errors[`${id}-recommendation`] && (
            <p id={`${id}-rec-error`} className="mt-1.5 text-sm text-rose-300">
              {errors[`${id}-recommendation`]}
            </p>
          )}
        </fieldset>
        {criteria.map((criterion, index) => (
          <fieldset key={criterion} aria-describedby={errors[group(index)] ? `${group(index)}-error` : undefined}>
            <legend className="text-sm font-medium text-slate-100">
              {criterion}
              <span className="text-rose-300" aria-hidden="true">
                {' '}
                *
              </span>
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {RATINGS.map((rating) => (
                <Choice
                  key={rating}
                  name={group(index)}
                  value={String(rating)}
                  label={`${rating} · ${RATING_LABELS[rating] ?? ''}`}
                  checked={ratings[criterion] === rating}
                  onChange={() => setRatings((old) => ({ ...old, [criterion]: rating }))}
                />
              ))}
            </div>
            {errors[group(index)] && (
              <p id={`${group(index)}-error`} className="mt-1.5 text-sm text-rose-300">
                {errors[group(index)]}
              </p>
            )}
          </fieldset>
        ))}
        <Field id={`${id}-notes`} label="Notes" hint="What you saw and heard: evidence for the ratings.">
          <textarea
            {...fieldAria(`${id}-notes`, undefined, true)}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={SCORECARD_NOTES_MAX}
            rows={5}
            className={inputClass}
          />
        </Field>
      </form>
    </Dialog>
  );
}
