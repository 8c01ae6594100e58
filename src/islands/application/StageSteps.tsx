import { clsx } from 'clsx';
import { APPLICANT_STAGES, type ApplicantStage } from '~/lib/schemas/application-page';

type Step = { name: ApplicantStage; state: 'done' | 'current' | 'next' };

/** The stages reached (ticked), the current one, then those still ahead; a skipped stage is not shown. */
function stepsOf(stage: ApplicantStage, passed: readonly ApplicantStage[]): Step[] {
  const current = APPLICANT_STAGES.indexOf(stage as (typeof APPLICANT_STAGES)[number]);
  const ahead = current === -1 ? [] : APPLICANT_STAGES.slice(current + 1);
  return [
    ...passed.map((name) => ({ name, state: 'done' as const })),
    { name: stage, state: 'current' as const },
    ...ahead.map((name) => ({ name, state: 'next' as const })),
  ];
}

/** Received → Under review → Interviewing → Decision made, or "Withdrawn by you": the current one marked. */
export function StageSteps({ stage, passed }: { stage: ApplicantStage; passed: readonly ApplicantStage[] }) {
  const steps = stepsOf(stage, passed);
  return (
    <ol className="grid gap-2 sm:grid-flow-col sm:auto-cols-fr" aria-label="Stages of your application">
      {steps.map(({ name, state }) => (
        <li
          key={name}
          aria-current={state === 'current' ? 'step' : undefined}
          className={clsx(
            'rounded-xl border px-3 py-2 text-sm',
            state === 'current'
              ? 'border-brand-300 bg-brand-300/10 font-semibold text-white'
              : state === 'done'
                ? 'border-white/15 text-slate-200'
                : 'border-white/10 text-slate-400',
          )}
        >
          <span aria-hidden="true">{state === 'done' ? '✓ ' : state === 'current' ? '● ' : ''}</span>
          {name}
          {state === 'current' && <span className="sr-only"> (current stage)</span>}
        </li>
      ))}
    </ol>
  );
}
