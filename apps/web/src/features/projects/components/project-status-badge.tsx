import { CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { cn } from '../../../utils/cn';
import { toProjectStatus, toStatusLabel } from '../utils/project-status';
import type { ProjectStatus } from '../utils/project-status';

const STYLES: Record<ProjectStatus, string> = {
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  queued: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  'in-progress': 'bg-sky-50 text-sky-700 ring-sky-600/20',
  processing: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  generating: 'bg-violet-50 text-violet-700 ring-violet-600/20',
};

/** The status label of a project (spec §4), with a colour and an icon. */
export function ProjectStatusBadge({ status }: { status: string }) {
  const value = toProjectStatus(status);
  const Icon =
    value === 'completed'
      ? CheckCircle2
      : value === 'failed'
        ? XCircle
        : value === 'queued' || value === 'pending'
          ? Clock
          : Loader2;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STYLES[value],
      )}
      data-status={value}
    >
      <Icon
        className={cn('size-3.5', Icon === Loader2 && 'animate-spin motion-reduce:animate-none')}
        aria-hidden
      />
      {toStatusLabel(status)}
    </span>
  );
}
