import { clsx } from 'clsx';
import { APPLICANT_STAGES, type ApplicantStage } from '~/lib/schemas/application-page';

/** Received → Under review → Interviewing → Decision made, the current one marked; or "Withdrawn by you". */
export function StageSteps({ stage }: { stage: ApplicantStage }) {
  if (stage === 'Withdrawn by you') return <p className="font-semibold text-white">{stage}</p>;
  const current = APPLICANT_STAGES.indexOf(stage);
  return (
    <ol className="grid gap-2 sm:grid-cols-4" aria-label="Stages of your application">
      {APPLICANT_STAGES.map((name, index) => (
        <li
          key={name}
          aria-current={index === current ? 'step' : undefined}
          className={clsx(
            'rounded-xl border px-3 py-2 text-sm',
            index === current
              ? 'border-brand-300 bg-brand-300/10 font-semibold text-white'
              : index < current
                ? 'border-white/15 text-slate-200'
                : 'border-white/10 text-slate-400',
          )}
        >
          <span aria-hidden="true">{index < current ? '✓ ' : index === current ? '● ' : ''}</span>
          {name}
          {index === current && <span className="sr-only"> (current stage)</span>}
        </li>
      ))}
    </ol>
  );
}
