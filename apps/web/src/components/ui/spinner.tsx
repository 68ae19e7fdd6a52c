import { Loader2 } from 'lucide-react';
import { cn } from '../../utils/cn';

/** A spinning indicator; decorative unless `label` is given. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <Loader2
      className={cn('size-5 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  );
}

/** The full-area 'Loading...' state of a screen whose data (or session) is resolving. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 text-slate-600"
    >
      <Spinner className="size-8 text-brand-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
