import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { setStageDeadlines } from '~/lib/api/team';
import { STAGE_LABELS } from '~/lib/schemas';
import {
  DEADLINE_STAGES,
  STAGE_DEADLINE_MAX_DAYS,
  STAGE_DEADLINE_MIN_DAYS,
  type StageDeadlineDays,
} from '~/lib/stage-deadlines';
import { stageDeadlinesQuery, teamKeys } from '~/islands/queries/team';
import { applicantKeys } from '~/islands/queries/applicants';
import { inputClass } from '~/islands/ui/Field';
import { useAdminMutation } from '../useAdminMutation';

/** The owners' days per open stage; an applicant waiting longer is marked overdue on the Applicants tab. */
export function StageDeadlines() {
  const saved = useQuery(stageDeadlinesQuery());
  return saved.data ? <DeadlineForm key={JSON.stringify(saved.data)} saved={saved.data} /> : null;
}

function DeadlineForm({ saved }: { saved: StageDeadlineDays }) {
  const [days, setDays] = useState<Record<keyof StageDeadlineDays, string>>(
    () =>
      Object.fromEntries(DEADLINE_STAGES.map((s) => [s, String(saved[s])])) as Record<keyof StageDeadlineDays, string>,
  );
  const save = useAdminMutation({
    mutationFn: setStageDeadlines,
    success: (result) => result.message,
    failure: 'Failed to save the stage deadlines',
    invalidates: [teamKeys.stageDeadlines(), applicantKeys.all],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Object.fromEntries(DEADLINE_STAGES.map((s) => [s, Number(days[s])])) as StageDeadlineDays);
  };
  return (
    <form onSubmit={submit} className="rounded-2xl border border-white/10 p-4" aria-labelledby="stage-deadlines-title">
      <h3 id="stage-deadlines-title" className="font-medium text-white">
        Stage deadlines
      </h3>
      <p className="text-sm text-slate-300">
        Days an applicant may wait in each stage before they are marked overdue. Nobody is rejected automatically.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {DEADLINE_STAGES.map((stage) => (
          <label key={stage} className="flex flex-col gap-1 text-sm text-slate-200">
            {STAGE_LABELS[stage]} (days)
            <input
              type="number"
              required
              min={STAGE_DEADLINE_MIN_DAYS}
              max={STAGE_DEADLINE_MAX_DAYS}
              step={1}
              value={days[stage]}
              onChange={(event) => setDays({ ...days, [stage]: event.target.value })}
              className={inputClass}
            />
          </label>
        ))}
      </div>
      <button type="submit" className="btn btn-secondary mt-3 px-4 py-2" disabled={save.isPending}>
        Save stage deadlines
      </button>
    </form>
  );
}
