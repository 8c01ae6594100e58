import type { ApplicantStatus } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';

/** Status colours (shortlisted green, rejected red, pending yellow), always with the word and an icon. */
export const statusStyles: Record<ApplicantStatus, { label: string; className: string; icon: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-300 text-amber-950', icon: '●' },
  shortlisted: { label: 'Shortlisted', className: 'bg-emerald-300 text-emerald-950', icon: '✓' },
  rejected: { label: 'Rejected', className: 'bg-rose-300 text-rose-950', icon: '✕' },
};

export function StatusBadge({ status, className }: { status: ApplicantStatus; className?: string }) {
  const style = statusStyles[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        style.className,
        className,
      )}
    >
      <span aria-hidden="true">{style.icon}</span>
      <span>
        <span className="sr-only">Status: </span>
        {style.label}
      </span>
    </span>
  );
}
