import { cn } from '~/islands/ui/cn';

/** The resume upload's progress (XMLHttpRequest upload events), 0 to 100. */
export function UploadProgressBar({ percent, className }: { percent: number; className?: string }) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex justify-between text-xs text-slate-300">
        <span>{value < 100 ? 'Uploading resume…' : 'Upload complete, saving your application…'}</span>
        <span aria-hidden="true">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-brand-400 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
