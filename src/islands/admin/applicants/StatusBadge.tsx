import { STAGE_LABELS, type ApplicantStatus } from '~/lib/schemas';
import { stageDeadlineMessages } from '~/lib/stage-deadlines';
import { Badge, type BadgeStyle } from '~/islands/ui/Badge';

/** Stage colours (applied yellow, the way forward green to blue, rejected red, withdrawn grey), always with the word and an icon. */
export const statusStyles: Record<ApplicantStatus, BadgeStyle> = {
  pending: { label: STAGE_LABELS.pending, className: 'bg-amber-300 text-amber-950', icon: '●' },
  shortlisted: { label: STAGE_LABELS.shortlisted, className: 'bg-emerald-300 text-emerald-950', icon: '✓' },
  interview: { label: STAGE_LABELS.interview, className: 'bg-sky-300 text-ink-900', icon: '◆' },
  offer: { label: STAGE_LABELS.offer, className: 'bg-accent-300 text-ink-900', icon: '★' },
  hired: { label: STAGE_LABELS.hired, className: 'bg-emerald-200 text-emerald-950', icon: '✔' },
  rejected: { label: STAGE_LABELS.rejected, className: 'bg-rose-300 text-rose-950', icon: '✕' },
  withdrawn: { label: STAGE_LABELS.withdrawn, className: 'bg-slate-300 text-slate-950', icon: '↩' },
};

export function StatusBadge({ status, prefix }: { status: ApplicantStatus; prefix?: string | undefined }) {
  return <Badge style={statusStyles[status]} prefix={prefix} />;
}

const overdueStyle: BadgeStyle = {
  label: stageDeadlineMessages.overdue,
  className: 'bg-orange-300 text-orange-950',
  icon: '⏱',
};

/** Shown beside the stage when the applicant has waited past its deadline. */
export function OverdueBadge() {
  return <Badge style={overdueStyle} prefix="" />;
}
