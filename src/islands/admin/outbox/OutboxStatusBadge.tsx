import type { OutboxDisplayStatus } from '~/lib/schemas';
import { Badge, type BadgeStyle } from '~/islands/ui/Badge';

export const outboxStatusStyles: Record<OutboxDisplayStatus, BadgeStyle> = {
  pending: { label: 'Pending', className: 'bg-amber-300 text-amber-950', icon: '●' },
  sent: { label: 'Sent', className: 'bg-emerald-300 text-emerald-950', icon: '✓' },
  failed: { label: 'Failed', className: 'bg-rose-300 text-rose-950', icon: '✕' },
  held: { label: 'Held', className: 'bg-brand-300 text-ink-900', icon: '❚❚' },
  'not configured': { label: 'Not configured', className: 'bg-slate-300 text-slate-950', icon: '○' },
};

/** A mail's delivery state, always with the word and an icon. */
export function OutboxStatusBadge({ status }: { status: OutboxDisplayStatus }) {
  return <Badge style={outboxStatusStyles[status]} />;
}
