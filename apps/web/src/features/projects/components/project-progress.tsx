import type { Project } from '@sitelift/shared/schemas/project';

/** '45 s', 'about 2 min': a rough wait, said as people say it. */
export function formatWait(seconds: number): string {
  if (seconds < 15) return 'starting shortly';
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} min`;
}

/**
 * What a project that is not finished is doing (issue 15 item 1): the running stage with a progress
 * bar, or, while it waits, its place in the queue and roughly how long until it starts.
 */
export function ProjectProgress({ project }: { project: Project }) {
  if (project.job_status === 'RUNNING' && project.progress) {
    const { label, done, total } = project.progress;
    const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : undefined;
    return (
      <div className="mt-3" data-testid="project-progress">
        <div className="flex items-baseline justify-between gap-3 text-xs text-slate-600">
          <span className="font-medium text-slate-800">{label}…</span>
          {total > 1 && (
            <span className="tabular-nums">
              {done} of {total}
            </span>
          )}
        </div>
        <div
          role="progressbar"
          aria-label={`${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={
              percent === undefined
                ? 'h-full w-1/3 animate-pulse rounded-full bg-brand-500'
                : 'h-full rounded-full bg-brand-600 transition-[width] duration-500'
            }
            style={percent === undefined ? undefined : { width: `${Math.max(4, percent)}%` }}
          />
        </div>
      </div>
    );
  }
  if (project.job_status === 'QUEUED' && project.queue) {
    const { position, estimated_wait_seconds: wait } = project.queue;
    return (
      <p className="mt-3 text-xs text-slate-600" data-testid="project-queue">
        <span className="font-medium text-slate-800">
          {position === 1 ? 'Next in line' : `Waiting: number ${position} in line`}
        </span>{' '}
        — {formatWait(wait)}
        {wait >= 15 ? ' until it starts' : ''}.
      </p>
    );
  }
  return null;
}
