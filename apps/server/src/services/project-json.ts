import { ERROR_CODES, type ErrorCode } from '@sitelift/shared/error-codes';
import type { Project } from '@sitelift/shared/schemas/project';
import type { ProjectRecord } from '../db/projects.repository';
import { toProjectHostingJson } from '../hosting/hosting.service';

function pickThumbnail(screenshots: string[], side: 'before' | 'after'): string | undefined {
  // WebP since decision record 039; runs before it stored PNG.
  for (const preferred of [`${side}/index-desktop.webp`, `${side}/index-desktop.png`])
    if (screenshots.includes(preferred)) return preferred;
  return screenshots.find(
    (name) => name.startsWith(`${side}/`) && /-desktop\.(?:webp|png)$/.test(name),
  );
}

/**
 * What a failed project's card says: the catalogue's plain message for the failure's code ("The site
 * could not be reached."), never the technical detail ("connect ECONNREFUSED 127.0.0.1:8818"), which
 * stays in the job's log. A failure without a known code keeps its own message.
 */
function toUserFailureMessage(record: ProjectRecord): string | null {
  if (record.status !== 'failed') return null;
  const code = record.errorCode;
  if (code !== null && Object.hasOwn(ERROR_CODES, code))
    return ERROR_CODES[code as ErrorCode].message;
  return record.errorMessage;
}

/** A run's length when no job has completed yet to learn from (seconds). */
const DEFAULT_JOB_SECONDS = 45;

/**
 * A waiting job's place and rough wait: the jobs ahead of it and this one share the worker slots, of
 * which `runningJobs` are busy (all of them, when jobs wait); each takes about as long as recent ones.
 */
function toQueue(record: ProjectRecord): Project['queue'] {
  if (record.jobStatus !== 'QUEUED' || record.queuePosition === null) return null;
  const slots = Math.max(1, record.runningJobs ?? 0);
  const jobSeconds = record.recentJobSeconds ?? DEFAULT_JOB_SECONDS;
  const rounds = record.runningJobs === 0 ? 0 : Math.ceil(record.queuePosition / slots);
  return {
    position: record.queuePosition,
    estimated_wait_seconds: Math.round(rounds * jobSeconds),
  };
}

/** A running job's progress as the API spells it. */
function toProgress(progress: ProjectRecord['progress']): Project['progress'] {
  if (!progress) return null;
  const { remainingSeconds, ...rest } = progress;
  return {
    ...rest,
    ...(remainingSeconds === undefined ? {} : { estimated_remaining_seconds: remainingSeconds }),
  };
}

/** The API shape of a project (spec §3 snake_case fields plus report, preview and thumbnails). */
export function toProjectJson(record: ProjectRecord): Project {
  const base = `/api/projects/${record.id}`;
  const summary = record.reportSummary;
  const isCompleted = record.status === 'completed' && summary !== null;
  const before = isCompleted ? pickThumbnail(summary.screenshots, 'before') : undefined;
  const after = isCompleted ? pickThumbnail(summary.screenshots, 'after') : undefined;
  return {
    id: record.id,
    user_id: record.userId,
    name: record.name,
    description: record.description,
    source_url: record.sourceUrl,
    modernization_strategy: record.modernizationStrategy,
    target_framework: 'React',
    status: record.status,
    job_id: record.jobId,
    job_status: record.jobStatus,
    generated_code_url: record.generatedCodeUrl,
    github_repo_url: record.githubRepoUrl,
    include_paths: record.includePaths,
    exclude_paths: record.excludePaths,
    unbuilt_links: record.unbuiltLinks,
    ai_additions: record.aiAdditions,
    error_message: toUserFailureMessage(record),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    report_summary: isCompleted
      ? {
          pages: summary.pages,
          ...(summary.pages_found === undefined ? {} : { pages_found: summary.pages_found }),
          routes: summary.routes,
          text_coverage: summary.text_coverage,
          build_ok: summary.build_ok,
          not_carried: summary.not_carried,
          ...(summary.lighthouse ? { lighthouse: summary.lighthouse } : {}),
          ...(summary.lighthouse_status ? { lighthouse_status: summary.lighthouse_status } : {}),
          ...(summary.fidelity ? { fidelity: summary.fidelity } : {}),
          screenshots: summary.screenshots,
          ...(summary.ai ? { ai: summary.ai } : {}),
        }
      : null,
    report_url: isCompleted ? `${base}/report` : null,
    // Redirects (owner-checked) to /preview/<id>/ on the app origin or on PREVIEW_URL.
    preview_url: isCompleted && summary.preview ? `${base}/preview` : null,
    hosting: toProjectHostingJson(record.hosting),
    progress: record.jobStatus === 'RUNNING' ? toProgress(record.progress) : null,
    queue: toQueue(record),
    thumbnails: isCompleted
      ? {
          before: before ? `${base}/screenshots/${before}` : null,
          after: after ? `${base}/screenshots/${after}` : null,
        }
      : null,
  };
}
