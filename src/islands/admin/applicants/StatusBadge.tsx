import type { ApplicantStatus } from '~/lib/schemas';
import { Badge, type BadgeStyle } from '~/islands/ui/Badge';

/** Status colours (shortlisted green, rejected red, pending yellow), always with the word and an icon. */
export const statusStyles: Record<ApplicantStatus, BadgeStyle> = {
  pending: { label: 'Pending', className: 'bg-amber-300 text-amber-950', icon: '●' },
  shortlisted: { label: 'Shortlisted', className: 'bg-emerald-300 text-emerald-950', icon: '✓' },
  rejected: { label: 'Rejected', className: 'bg-rose-300 text-rose-950', icon: '✕' },
};

export function StatusBadge({ status }: { status: ApplicantStatus }) {
  return <Badge style={statusStyles[status]} />;
}
