import { cn } from './cn';

/** A decorative spinning ring; the text beside it says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-8 w-8 animate-spin rounded-full border-2 border-brand-300/30 border-t-brand-300',
        className,
      )}
    />
  );
}
