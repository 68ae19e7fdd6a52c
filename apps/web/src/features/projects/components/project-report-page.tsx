import { ArrowLeft, ExternalLink, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { PROJECT_REPORT_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { NoticeScreen } from '../../../components/ui/notice-screen';
import { LoadingScreen } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useProject } from '../api/get-project';
import { toProjectStatus } from '../utils/project-status';
import { ProjectProgress } from './project-progress';
import { ProjectReportPanel } from './project-report-panel';
import { ProjectStatusBadge } from './project-status-badge';

/**
 * One project's result on a page of its own (issue 22 item 4: the link of the project e-mails): the
 * report of a completed run, the reason of a failed one, the progress of one still running.
 */
export function ProjectReportPage({ projectId }: { projectId: string }) {
  const query = useProject(projectId);
  if (query.isPending) return <LoadingScreen />;
  const back = (
    <Link to={paths.dashboard.getHref()} className={buttonClasses('outline', 'sm')}>
      <ArrowLeft className="size-4" aria-hidden /> {PROJECT_REPORT_MESSAGES.back}
    </Link>
  );
  if (query.isError) {
    return (
      <NoticeScreen icon={SearchX} title={PROJECT_REPORT_MESSAGES.notFound} actions={back}>
        <p>{PROJECT_REPORT_MESSAGES.notFoundText}</p>
      </NoticeScreen>
    );
  }
  const project = query.data;
  const status = toProjectStatus(project.status);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>{`Report: ${project.name} — Sitelift`}</title>
      {back}
      <div className="mt-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {project.name}
          </h1>
          <a
            href={project.source_url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 block truncate text-sm text-brand-700 hover:underline"
          >
            {project.source_url}
          </a>
        </div>
        <ProjectStatusBadge status={project.status} />
      </div>
      {status === 'completed' && project.preview_url && (
        <a
          href={project.preview_url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClasses('primary', 'sm')} mt-4`}
        >
          <ExternalLink className="size-4" aria-hidden /> Preview
        </a>
      )}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {status === 'completed' ? (
          <ProjectReportPanel
            projectId={project.id}
            screenshots={project.report_summary?.screenshots ?? []}
            lighthouseStatus={project.report_summary?.lighthouse_status}
          />
        ) : status === 'failed' ? (
          <Alert tone="error" title={PROJECT_REPORT_MESSAGES.failedTitle}>
            {typeof project.error_message === 'string' && <p>{project.error_message}</p>}
            <p className="mt-1">{PROJECT_REPORT_MESSAGES.refunded}</p>
          </Alert>
        ) : (
          <>
            <p className="text-sm text-slate-600">{PROJECT_REPORT_MESSAGES.inProgress}</p>
            <ProjectProgress project={project} />
          </>
        )}
      </div>
    </div>
  );
}
