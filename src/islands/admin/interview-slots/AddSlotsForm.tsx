import { useId, useState, type FormEvent } from 'react';
import { INTERVIEW_LOCATION_MAX, interviewMessages, startsAtRefusal, type Interviewer } from '~/lib/interviews';
import { INTERVIEW_SLOTS_PER_REQUEST_MAX } from '~/lib/limits';
import { interviewSlotsInputSchema } from '~/lib/schemas/interview-slots';
import { Field, fieldAria, inputClass } from '~/islands/ui/Field';
import { InterviewerPicker } from '../interviews/InterviewerPicker';
import { localZoneName } from '../interviews/zone';
import { localInstant } from './week';

const DURATIONS = [30, 45, 60, 90, 120] as const;

export type SlotsInput = {
  slots: { startsAt: string; durationMinutes: number }[];
  interviewerIds: number[];
  location: string;
};

type Props = {
  candidates: readonly Interviewer[];
  busy: boolean;
  /** Resolves true once the slots are added: the times are cleared, panel and place kept for the next ones. */
  onAdd: (input: SlotsInput) => Promise<boolean>;
};

type Row = { key: number; date: string; time: string };
type Errors = { times?: string; location?: string; interviewerIds?: string };

/**
 * New slots of one panel at one place: one or more dates and times in the recruiter's zone, one
 * length. Checked with the API's schema first; the API's refusal (a clash) shows in the dialog.
 */
export function AddSlotsForm({ candidates, busy, onAdd }: Props) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>([{ key: 0, date: '', time: '' }]);
  const [duration, setDuration] = useState(60);
  const [location, setLocation] = useState('');
  const [panel, setPanel] = useState<number[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const field = (name: string) => `${id}-${name}`;

  const check = (): { errors: Errors; input: SlotsInput | null } => {
    const errors: Errors = {};
    const now = new Date();
    const times = rows.map((row) => localInstant(row.date, row.time));
    for (const at of times) {
      const refusal = at ? startsAtRefusal(at, now) : interviewMessages.startsAtRequired;
      if (refusal) errors.times ??= refusal;
    }
    const input = {
      slots: times.map((at) => ({ startsAt: at ? at.toISOString() : '', durationMinutes: duration })),
      interviewerIds: panel,
      location,
    };
    const parsed = interviewSlotsInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'slots' ? 'times' : (issue.path[0] as keyof Errors);
        errors[key] ??= issue.message;
      }
    }
    return { errors, input: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null };
  };
  const errors = submitted ? check().errors : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = check();
    if (!result.input) {
      const first = (['times', 'location', 'interviewerIds'] as const).find((name) => result.errors[name]);
      if (first) document.getElementById(field(first === 'times' ? 'date-0' : first))?.focus();
      return;
    }
    if (await onAdd(result.input)) {
      setSubmitted(false);
      setRows([{ key: Date.now(), date: '', time: '' }]);
    }
  };
  const setRow = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="grid gap-5 sm:grid-cols-2"
      aria-labelledby={field('h')}
    >
      <h3 id={field('h')} className="text-base text-white sm:col-span-2">
        Add slots
      </h3>
      <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={`${field('times')}-hint`}>
        <legend className="text-sm font-medium text-slate-100">
          Dates and times
          <span className="text-rose-300" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <ul className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <li key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
              <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-300">
                Date {index + 1}
                <input
                  id={field(`date-${index}`)}
                  type="date"
                  value={row.date}
                  onChange={(e) => setRow(row.key, { date: e.target.value })}
                  required
                  aria-invalid={errors.times ? true : undefined}
                  aria-describedby={errors.times ? `${field('times')}-error` : undefined}
                  className={inputClass}
                />
              </label>
              <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-300">
                Time {index + 1}
                <input
                  type="time"
                  value={row.time}
                  onChange={(e) => setRow(row.key, { time: e.target.value })}
                  required
                  aria-invalid={errors.times ? true : undefined}
                  aria-describedby={errors.times ? `${field('times')}-error` : undefined}
                  className={inputClass}
                />
              </label>
              <button
                type="button"
                className="btn btn-secondary min-h-11 px-3 py-2"
                onClick={() => {
                  setRows((all) => all.filter((r) => r.key !== row.key));
                  document.getElementById(field('add-time'))?.focus();
                }}
                disabled={rows.length === 1}
              >
                Remove<span className="sr-only"> time {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        <div>
          <button
            id={field('add-time')}
            type="button"
            className="btn btn-secondary px-4 py-2"
            disabled={rows.length >= INTERVIEW_SLOTS_PER_REQUEST_MAX}
            onClick={() => {
              const last = rows[rows.length - 1];
              // The next time starts on the last one's day: a day of slots is quick to type.
              setRows((all) => [...all, { key: Date.now(), date: last?.date ?? '', time: '' }]);
            }}
          >
            Add another time
          </button>
        </div>
        <p id={`${field('times')}-hint`} className="text-xs text-slate-400">
          In your time zone: {localZoneName()}.
        </p>
        {errors.times && (
          <p id={`${field('times')}-error`} className="text-sm text-rose-300">
            {errors.times}
          </p>
        )}
      </fieldset>
      <Field id={field('durationMinutes')} label="Duration" required>
        <select
          {...fieldAria(field('durationMinutes'), undefined)}
          value={duration}
          onChange={(e) => setDuration(Number(e.target.value))}
          className={inputClass}
        >
          {DURATIONS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minutes
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={field('location')}
        label="Location"
        required
        error={errors.location}
        hint="A meeting room and address, or a video link."
      >
        <input
          type="text"
          {...fieldAria(field('location'), errors.location, true)}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          maxLength={INTERVIEW_LOCATION_MAX}
          required
          className={inputClass}
        />
      </Field>
      <InterviewerPicker
        id={field('interviewerIds')}
        candidates={candidates}
        panel={panel}
        setPanel={setPanel}
        error={errors.interviewerIds}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Adding…' : rows.length === 1 ? 'Add slot' : `Add ${rows.length} slots`}
        </button>
      </div>
    </form>
  );
}
