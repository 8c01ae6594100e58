import type { Dispatch, SetStateAction } from 'react';
import type { Interviewer } from '~/lib/interviews';
import { memberLabel } from '~/lib/team';

type Props = {
  /** The first box's id: it takes focus when no interviewer is chosen. */
  id: string;
  candidates: readonly Interviewer[];
  panel: readonly number[];
  setPanel: Dispatch<SetStateAction<number[]>>;
  error: string | undefined;
};

/** The required choice of a panel among the members who may interview, one checkbox each. */
export function InterviewerPicker({ id, candidates, panel, setPanel, error }: Props) {
  return (
    <fieldset className="flex flex-col gap-1.5 sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-100">
        Interviewers
        <span className="text-rose-300" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {candidates.map((member, index) => (
          <li key={member.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-white/10 bg-ink-900 px-3 py-2 text-sm text-slate-100">
              <input
                {...(index === 0 ? { id } : {})}
                type="checkbox"
                className="h-4 w-4 accent-brand-300"
                checked={panel.includes(member.id)}
                onChange={(e) =>
                  setPanel((ids) => (e.target.checked ? [...ids, member.id] : ids.filter((x) => x !== member.id)))
                }
              />
              <span className="min-w-0 break-all">{memberLabel(member)}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-400">Owners and recruiters; viewers do not interview.</p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
