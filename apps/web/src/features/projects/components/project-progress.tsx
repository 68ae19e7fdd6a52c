import type { Project } from '@sitelift/shared/schemas/project';

/** '45 s', 'about 2 min': a rough wait, said as people say it. */
export function formatWait(seconds: number): string {
  if (seconds < 15) return 'starting shortly';
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} min`;
}

/** 'about 40 s left', 'about 3 min left', 'almost done': the time left of a running job. */
export function formatRemaining(seconds: number): string {
  if (seconds < 10) return 'almost done';
  if (seconds < 60) return `about ${Math.max(10, Math.round(seconds / 5) * 5)} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}

/**
 * What a project that is not finished is doing (issue 15 item 1, issue 22): step k of n with the
 * running stage, one bar for the whole job that only moves forward, and about how long is left — or,
 * while it waits, its place in the queue and roughly how long until it starts. A job that started
 * before the server sent whole-job figures shows its stage's bar.
 */
export function ProjectProgress({ project }: { project: Project }) {
  if (project.job_status === 'RUNNING' && project.progress) {
    const { label, done, total, step, steps, overall } = project.progress;
    const remaining = project.progress.estimated_remaining_seconds;
    const whole = overall !== undefined && step !== undefined && steps !== undefined;
    const share = whole ? overall : total > 0 ? done / total : undefined;
    const percent = share === undefined ? undefined : Math.min(100, Math.round(share * 100));
    const left = whole && remaining !== undefined ? formatRemaining(remaining) : undefined;
    const stageCount = total > 1 ? ` (${done} of ${total})` : '';
    return (
      <div className="mt-3" data-testid="project-progress">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-xs text-slate-600">
          <span className="min-w-0">
            {whole && (
              <span className="tabular-nums">
                Step {step} of {steps}
                {' · '}
              </span>
            )}
            <span className="font-medium text-slate-800">{label}…</span>
            <span className="tabular-nums">{stageCount}</span>
          </span>
          {left !== undefined && <span className="tabular-nums">{left}</span>}
        </div>
        <div
          role="progressbar"
          aria-label={whole ? 'Modernization progress' : label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={
            whole
              ? `Step ${step} of ${steps}, ${label}: ${percent} %${left === undefined ? '' : `, ${left}`}`
              : undefined
          }
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
