import { clsx } from 'clsx';

type Props = {
  departments: readonly string[];
  /** null means 'All'. */
  selected: string | null;
  onSelect: (department: string | null) => void;
};

const buttonClass =
  'rounded-full border px-4 py-2 text-sm font-medium transition-colors aria-pressed:border-brand-300 aria-pressed:bg-brand-400 aria-pressed:text-ink-900';

/** 'All' plus each distinct department; the active button is pressed. */
export function DepartmentFilter({ departments, selected, onSelect }: Props) {
  const option = (label: string, value: string | null) => (
    <button
      key={label}
      type="button"
      aria-pressed={selected === value}
      onClick={() => onSelect(value)}
      className={clsx(
        buttonClass,
        'border-white/15 bg-white/5 text-slate-100 hover:border-brand-300/60 hover:bg-white/10',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Filter positions by department" className="flex flex-wrap gap-2">
      {option('All', null)}
      {departments.map((department) => option(department, department))}
    </div>
  );
}
