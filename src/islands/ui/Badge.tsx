import { cn } from '~/islands/ui/cn';

/** How one state looks: a word, colours that pass AA on their own, and an icon so colour is never the only cue. */
export type BadgeStyle = { label: string; className: string; icon: string };

/** A state's pill, read by screen readers as 'Status: <label>' (or another `prefix`, for a state not the page's own). */
export function Badge({ style, prefix = 'Status: ' }: { style: BadgeStyle; prefix?: string | undefined }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        style.className,
      )}
    >
      <span aria-hidden="true">{style.icon}</span>
      <span>
        <span className="sr-only">{prefix}</span>
        {style.label}
      </span>
    </span>
  );
}
