import { useState } from 'react';
import { PROJECT_MESSAGES } from '@sitelift/shared/messages';
import type { ReactNode } from 'react';
import {
  Download,
  ExternalLink,
  FileBarChart2,
  Pencil,
  Repeat,
  RotateCw,
  ScrollText,
  Share2,
  Trash2,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses, Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { toApiUrl } from '../../../lib/api-client';
import { SHARE_MESSAGES } from '@sitelift/shared/messages';
import type { Project } from '@sitelift/shared/schemas/project';
import { toProjectStatus } from '../utils/project-status';
import { ProjectAiUsage } from './project-ai-usage';
import { ProjectFidelityScore } from './project-fidelity-score';
import { ProjectPagesCount } from './project-pages-count';
import { ProjectReportPanel } from './project-report-panel';
import { ProjectProgress } from './project-progress';
import { ProjectStatusBadge } from './project-status-badge';
import { SharePreviewDialog } from './share-preview-dialog';

/** The before/after screenshot names of a project, from its `thumbnails` field. */
export function toThumbnails(thumbnails: unknown): { before?: string; after?: string } {
  const pick = (names: string[], side: 'before' | 'after') =>
    names.find((name) => name.includes(side) && name.includes('desktop')) ??
    names.find((name) => name.includes(side));
  if (Array.isArray(thumbnails)) {
    const names = thumbnails.filter((name): name is string => typeof name === 'string');
    return { before: pick(names, 'before'), after: pick(names, 'after') };
  }
  if (typeof thumbnails === 'object' && thumbnails !== null) {
    const record = thumbnails as Record<string, unknown>;
    return {
      before: typeof record.before === 'string' ? record.before : undefined,
      after: typeof record.after === 'string' ? record.after : undefined,
    };
  }
  return {};
}

/** A thumbnail's address: the server sends a path (`/api/projects/:id/screenshots/...`) or a name. */
export function toScreenshotUrl(projectId: string, name: string): string {
  if (name.startsWith('/')) return toApiUrl(name);
  if (/^https?:\/\//.test(name)) return name;
  const file = /\.(?:png|webp)$/.test(name) ? name : `${name}.png`;
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return toApiUrl(`/api/projects/${encodeURIComponent(projectId)}/screenshots/${encoded}`);
}

function Thumbnail({ src, label }: { src: string; label: string }) {
  return (
    <figure className="min-w-0 flex-1">
      <div className="aspect-[16/10] overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
        <img src={src} alt={label} loading="lazy" className="size-full object-cover object-top" />
      </div>
      <figcaption className="mt-1 text-xs font-medium text-slate-500">{label}</figcaption>
    </figure>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** One project in the dashboard list: status, thumbnails, actions and the report panel. */
export function ProjectCard({
  project,
  onOpenLogs,
  onRetry,
  onRerun,
  onDelete,
  onDownload,
  renderDeploy,
  renderHosting,
  isBusy,
}: {
  project: Project;
  onOpenLogs: (project: Project) => void;
  onRetry: (project: Project) => void;
  /** 'Run again' on a completed or failed project (issue 13); absent hides the action. */
  onRerun?: (project: Project) => void;
  onDelete: (project: Project) => void;
  onDownload: (project: Project) => void;
  /**
   * The deploy action of a completed project with generated code (spec §2), supplied by the screen
   * that composes the GitHub feature (features do not import each other); absent hides it.
   */
  renderDeploy?: (project: Project) => ReactNode;
  /** The hosted site of a completed project (issue 27), composed by the screen; absent hides it. */
  renderHosting?: (project: Project) => ReactNode;
  isBusy: boolean;
}) {
  const [isReportOpen, setIsReportOpen] = useState(false);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const status = toProjectStatus(project.status);
  const isCompleted = status === 'completed';
  const canDownload = isCompleted && Boolean(project.generated_code_url);
  // Issue 13: while a re-run is under way the previous result stays downloadable.
  const canDownloadPrevious =
    !isCompleted && status !== 'failed' && Boolean(project.generated_code_url);
  const thumbnails = toThumbnails(project.thumbnails);
  const reportId = `report-${project.id}`;
  const canRerun = onRerun !== undefined && (isCompleted || status === 'failed');
  // A failed project offers both: each says what it does (issue 22).
  const showsBoth = status === 'failed' && canRerun;
  const choiceHelpId = `retry-or-rerun-${project.id}`;
  const createdAt = new Date(project.created_at);

  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-label={project.name}
      data-project-id={project.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-slate-900">{project.name}</h3>
          <a
            href={project.source_url}
            target="_blank"
            rel="noopener noreferrer"
            className="block truncate text-sm text-brand-700 hover:underline"
          >
            {project.source_url}
          </a>
        </div>
        <ProjectStatusBadge status={project.status} />
      </div>
      {project.description && (
        <p className="mt-2 line-clamp-2 text-sm break-words text-slate-600">
          {project.description}
        </p>
      )}
      <ProjectProgress project={project} />
      {status === 'failed' && typeof project.error_message === 'string' && (
        <p className="mt-2 text-sm break-words text-red-700">{project.error_message}</p>
      )}
      <p className="mt-2 text-xs text-slate-500">
        Created{' '}
        {Number.isNaN(createdAt.getTime()) ? project.created_at : dateFormat.format(createdAt)}
        {isCompleted && <ProjectPagesCount summary={project.report_summary} />}
        {isCompleted && <ProjectFidelityScore scores={project.report_summary?.fidelity} />}
        {isCompleted && <ProjectAiUsage ai={project.report_summary?.ai} />}
      </p>

      {(thumbnails.before || thumbnails.after) && (
        <div className="mt-4 flex gap-3">
          {thumbnails.before && (
            <Thumbnail src={toScreenshotUrl(project.id, thumbnails.before)} label="Before" />
          )}
          {thumbnails.after && (
            <Thumbnail src={toScreenshotUrl(project.id, thumbnails.after)} label="After" />
          )}
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        {isCompleted && project.preview_url && (
          <a
            href={project.preview_url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('primary', 'sm')}
          >
            <ExternalLink className="size-4" aria-hidden /> Preview
          </a>
        )}
        {isCompleted && project.preview_url && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${SHARE_MESSAGES.button} the preview of ${project.name}`}
            onClick={() => setIsShareOpen(true)}
          >
            <Share2 className="size-4" aria-hidden /> {SHARE_MESSAGES.button}
          </Button>
        )}
        {canDownload && (
          <Button size="sm" variant="secondary" onClick={() => onDownload(project)}>
            <Download className="size-4" aria-hidden /> Download
          </Button>
        )}
        {canDownload && renderDeploy?.(project)}
        {canDownloadPrevious && (
          <Button size="sm" variant="outline" onClick={() => onDownload(project)}>
            <Download className="size-4" aria-hidden /> Download previous result
          </Button>
        )}
        {isCompleted && (
          <Button
            size="sm"
            variant="outline"
            aria-expanded={isReportOpen}
            aria-controls={reportId}
            onClick={() => setIsReportOpen((open) => !open)}
          >
            <FileBarChart2 className="size-4" aria-hidden />
            {isReportOpen ? 'Hide report' : 'View report'}
          </Button>
        )}
        {project.job_id && (
          <Button size="sm" variant="outline" onClick={() => onOpenLogs(project)}>
            <ScrollText className="size-4" aria-hidden /> Logs
          </Button>
        )}
        {status === 'failed' && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onRetry(project)}
            disabled={isBusy}
            title={showsBoth ? PROJECT_MESSAGES.retryHint : undefined}
            aria-describedby={showsBoth ? choiceHelpId : undefined}
          >
            <RotateCw className="size-4" aria-hidden /> Retry
          </Button>
        )}
        {canRerun && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onRerun?.(project)}
            disabled={isBusy}
            title={showsBoth ? PROJECT_MESSAGES.rerunHint : undefined}
            aria-describedby={showsBoth ? choiceHelpId : undefined}
          >
            <Repeat className="size-4" aria-hidden /> Run again
          </Button>
        )}
        <Link
          to={paths.editProject.getHref(project.id)}
          className={buttonClasses('ghost', 'sm')}
          aria-label={`Edit ${project.name}`}
        >
          <Pencil className="size-4" aria-hidden /> Edit
        </Link>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => onDelete(project)}
          disabled={isBusy}
          aria-label={`Delete ${project.name}`}
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
      </div>

      {isCompleted && project.preview_url && renderHosting?.(project)}

      {showsBoth && (
        <p id={choiceHelpId} className="mt-2 text-xs text-slate-500">
          {PROJECT_MESSAGES.retryOrRerunHelp}
        </p>
      )}

      {isCompleted && project.preview_url && (
        <SharePreviewDialog project={project} open={isShareOpen} onOpenChange={setIsShareOpen} />
      )}

      {isReportOpen && (
        <div id={reportId} className="mt-4 border-t border-slate-100 pt-4">
          <ProjectReportPanel
            projectId={project.id}
            screenshots={project.report_summary?.screenshots ?? []}
            lighthouseStatus={project.report_summary?.lighthouse_status}
          />
        </div>
      )}
    </li>
  );
}
