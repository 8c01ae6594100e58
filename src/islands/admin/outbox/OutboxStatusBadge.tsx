import type { OutboxDisplayStatus } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';

const styles: Record<OutboxDisplayStatus, { label: string; className: string; icon: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-300 text-amber-950', icon: '●' },
  sent: { label: 'Sent', className: 'bg-emerald-300 text-emerald-950', icon: '✓' },
  failed: { label: 'Failed', className: 'bg-rose-300 text-rose-950', icon: '✕' },
  'not configured': { label: 'Not configured', className: 'bg-slate-300 text-slate-950', icon: '○' },
};

/** A mail's delivery state, always with the word and an icon. */
export function OutboxStatusBadge({ status }: { status: OutboxDisplayStatus }) {
  const style = styles[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        style.className,
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
