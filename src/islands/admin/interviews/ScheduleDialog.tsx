import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '~/lib/api/client';
import { rescheduleInterview, scheduleInterview, type InterviewChange } from '~/lib/api/interviews';
import {
  INTERVIEW_LOCATION_MAX,
  INTERVIEW_NOTE_MAX,
  TEAM_TIME_ZONE,
  interviewInputSchema,
  interviewMessages,
  startsAtRefusal,
  type Interview,
  type InterviewInput,
  type Interviewer,
} from '~/lib/interviews';
import { Dialog } from '~/islands/ui/Dialog';
import { Field, fieldAria, inputClass } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';
import { InterviewerPicker } from './InterviewerPicker';
import { localZoneName } from './zone';
import { localParts, readerTimeZone } from '~/lib/date-time';

const DURATIONS = [30, 45, 60, 90, 120] as const;

type Props = {
  applicantId: number;
  applicantName: string;
  /** The interview to move; a new one when absent. */
  interview?: Interview | undefined;
  candidates: readonly Interviewer[];
  onClose: () => void;
  onDone: (change: InterviewChange) => void;
};

/** The fields in the order they appear: the first with an error takes focus. */
const FIELD_ORDER = ['when', 'durationMinutes', 'timeZone', 'location', 'interviewerIds', 'note'] as const;
type FieldName = (typeof FIELD_ORDER)[number];
type Errors = Partial<Record<FieldName, string>>;

/**
 * Schedules an interview, or moves one: date and time in the recruiter's own zone (named), length,
 * place or video link, the panel, the zone the applicant's mail names beside UTC, and a note. The
 * API sends the invitations; this dialog checks with the same schema first.
 */
export function ScheduleDialog({ applicantId, applicantName, interview, candidates, onClose, onDone }: Props) {
  const id = useId();
  const start = interview ? localParts(interview.startsAt) : { date: '', time: '' };
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [duration, setDuration] = useState(interview?.durationMinutes ?? 60);
  const [location, setLocation] = useState(interview?.location ?? '');
  const [panel, setPanel] = useState<number[]>(interview?.interviewers.map((i) => i.id) ?? []);
  const [timeZone, setTimeZone] = useState(interview?.timeZone ?? TEAM_TIME_ZONE);
  const [note, setNote] = useState(interview?.note ?? '');
  // Errors show from the first submit on, and follow every change after it.
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return [...new Set([TEAM_TIME_ZONE, 'UTC', readerTimeZone(), ...all])];
  }, []);

  const save = useMutation({
    mutationFn: (input: Parameters<typeof scheduleInterview>[1]) =>
      interview ? rescheduleInterview(applicantId, interview.id, input) : scheduleInterview(applicantId, input),
    onSuccess: onDone,
    onError: (error) => setFailure(errorMessage(error, 'The interview was not saved: try again')),
  });

  const field = (name: FieldName) => `${id}-${name}`;
  const check = (): { errors: Errors; input: InterviewInput | null } => {
    const startsAt = date && time ? new Date(`${date}T${time}`) : null;
    const input = {
      startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt.toISOString() : '',
      durationMinutes: duration,
      location,
      interviewerIds: panel,
      note: note.trim() || null,
      timeZone,
    };
    const found: Errors = {};
    const badStart = startsAt ? startsAtRefusal(startsAt, new Date()) : interviewMessages.startsAtRequired;
    if (badStart) found.when = badStart;
    const parsed = interviewInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'startsAt' ? 'when' : (issue.path[0] as FieldName);
        found[key] ??= issue.message;
      }
    }
    return { errors: found, input: parsed.success && Object.keys(found).length === 0 ? parsed.data : null };
  };
  const errors = submitted ? check().errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSubmitted(true);
    const result = check();
    if (result.input) return save.mutate(result.input);
    const first = FIELD_ORDER.find((name) => result.errors[name]);
    if (first) document.getElementById(field(first))?.focus();
  };

  const title = interview ? 'Reschedule interview' : 'Schedule interview';
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      subtitle={`With ${applicantName}`}
      maxHeightClass="max-h-[90vh]"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Sending…' : interview ? 'Send new time' : 'Send invitations'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
        {failure && <FormAlert className="sm:col-span-2">{failure}</FormAlert>}
        <fieldset className="flex flex-col gap-1.5 sm:col-span-2" aria-describedby={`${field('when')}-hint`}>
          <legend className="text-sm font-medium text-slate-100">
            Date and time
            <span className="text-rose-300" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="grid grid-cols-2 gap-3">
            <label className="flex flex-col gap-1 text-xs text-slate-300">
              Date
              <input
                id={field('when')}
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
                aria-invalid={errors.when ? true : undefined}
                aria-describedby={errors.when ? `${field('when')}-error` : undefined}
                className={inputClass}
              />
            </label>
            <label className="flex flex-col gap-1 text-xs text-slate-300">
              Time
              <input
                type="time"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                required
                aria-invalid={errors.when ? true : undefined}
                aria-describedby={errors.when ? `${field('when')}-error` : undefined}
                className={inputClass}
              />
            </label>
          </div>
          <p id={`${field('when')}-hint`} className="text-xs text-slate-400">
            In your time zone: {localZoneName()}.
          </p>
          {errors.when && (
            <p id={`${field('when')}-error`} className="text-sm text-rose-300">
              {errors.when}
            </p>
          )}
        </fieldset>
        <Field id={field('durationMinutes')} label="Duration" required error={errors.durationMinutes}>
          <select
            {...fieldAria(field('durationMinutes'), errors.durationMinutes)}
            value={duration}
            onChange={(e) => setDuration(Number(e.target.value))}
            className={inputClass}
          >
            {[...new Set([...DURATIONS, duration])].map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={field('timeZone')}
          label="Zone in the applicant's mail"
          error={errors.timeZone}
          hint="The mail gives the time in UTC and in this zone; calendars show their own."
        >
          <select
            {...fieldAria(field('timeZone'), errors.timeZone, true)}
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            className={inputClass}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
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
          className="sm:col-span-2"
        >
          <input
            type="text"
            {...fieldAria(field('location'), errors.location, true)}
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            maxLength={INTERVIEW_LOCATION_MAX}
            required
            placeholder="e.g. https://meet.example.com/firmware-panel"
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
        <Field
          id={field('note')}
          label="Note"
          error={errors.note}
          hint="Optional. In the invitation the applicant and the panel get, e.g. what to prepare."
          className="sm:col-span-2"
        >
          <textarea
            {...fieldAria(field('note'), errors.note, true)}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={INTERVIEW_NOTE_MAX}
            rows={3}
            className={inputClass}
          />
        </Field>
      </form>
    </Dialog>
  );
}
