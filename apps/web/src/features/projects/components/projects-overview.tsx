import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { FolderPlus, Loader2, Search, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PROJECT_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DIALOG_CLOSE_DELAY_MS, useConfirm } from '../../../components/ui/confirm-dialog';
import { inputClasses } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { deleteProject } from '../api/delete-project';
import { DownloadServerError, downloadProject } from '../api/download-project';
import { PROJECTS_QUERY_KEY, useProjects } from '../api/get-projects';
import type { ProjectStatusFilter } from '../api/get-projects';
import type { Project } from '@sitelift/shared/schemas/project';
import { rerunProject } from '../api/rerun-project';
import { retryProject } from '../api/retry-project';
import { applyProjectChange } from '../utils/apply-project-event';
import { ProjectCard } from './project-card';
import { ProjectStatCards } from './project-stat-cards';
import { RerunProjectDialog } from './rerun-project-dialog';
import type { RerunProblem } from './rerun-project-dialog';
import type { ModernizationStrategy } from '@sitelift/shared/validation/create-project';

/** Delay between the last keystroke and the server-side search. */
export const SEARCH_DEBOUNCE_MS = 300;

const FILTERS: { value: ProjectStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Projects' },
  { value: 'completed', label: 'Completed' },
  { value: 'in-progress', label: 'In Progress' },
];

function toStatusFilter(value: string | null): ProjectStatusFilter {
  return FILTERS.find((filter) => filter.value === value)?.value ?? 'all';
}

/** A copy of `params` with `name` set to `value`, or removed when `value` is null. */
function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}

/**
 * The dashboard's projects area (spec §2 Dashboard): stat cards, search, filter, the paged list with
 * its per-project actions, and the empty and no-match states.
 */
export function ProjectsOverview({
  onOpenLogs,
  renderDeploy,
  renderHosting,
}: {
  onOpenLogs: (project: Project) => void;
  /** The deploy action of a completed project's card (composed by the dashboard route). */
  renderDeploy?: (project: Project) => ReactNode;
  /** The hosted site of a completed project's card (issue 27; composed by the dashboard route). */
  renderHosting?: (project: Project) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  // Search text and status filter (= the active stat card) live in the address (issue 15 item 6):
  // `?q=` and `?status=`, so reload, back and a shared link keep them.
  const [searchParams, setSearchParams] = useSearchParams();
  const urlSearch = searchParams.get('q') ?? '';
  const status = toStatusFilter(searchParams.get('status'));
  const [searchInput, setSearchInput] = useState(urlSearch);
  // The query reads the address, which the box writes once typing has paused (no history entry
  // per keystroke); the status writes at once, as a new entry, so Back returns to the last view.
  const search = urlSearch;
  const latestSetSearchParams = useRef(setSearchParams);
  const lastWrittenSearch = useRef(urlSearch);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latestSetSearchParams.current = setSearchParams;
  }, [setSearchParams]);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const onSearchChange = (value: string) => {
    setSearchInput(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      const next = value.trim();
      lastWrittenSearch.current = next;
      latestSetSearchParams.current((params) => withParam(params, 'q', next === '' ? null : next), {
        replace: true,
      });
    }, SEARCH_DEBOUNCE_MS);
  };
  const setStatus = (next: ProjectStatusFilter) =>
    setSearchParams((params) => withParam(params, 'status', next === 'all' ? null : next));
  // Back, forward or a link changed the address: the box follows it, and pending typing is dropped.
  useEffect(() => {
    if (urlSearch === lastWrittenSearch.current) return;
    lastWrittenSearch.current = urlSearch;
    clearTimeout(searchTimer.current);
    setSearchInput(urlSearch);
  }, [urlSearch]);
  const projects = useProjects({ search, status });
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [rerunTarget, setRerunTarget] = useState<Project | null>(null);
  const [isRerunOpen, setIsRerunOpen] = useState(false);
  const [isRerunPending, setIsRerunPending] = useState(false);
  const [rerunProblem, setRerunProblem] = useState<RerunProblem | null>(null);
  const rerunCloseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(rerunCloseTimer.current), []);

  const pages = projects.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  const counts = pages[0]?.counts ?? null;
  const isFiltered = search !== '' || status !== 'all';

  const withBusy = async (id: string, action: () => Promise<void>) => {
    setBusyIds((ids) => new Set(ids).add(id));
    try {
      await action();
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };

  const onRetry = (project: Project) =>
    withBusy(project.id, async () => {
      try {
        await retryProject(project.id);
        toast.success(PROJECT_MESSAGES.retrying(project.name));
        void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: ['me', 'credits'] });
      } catch (error) {
        reportError('retry project', error);
        toast.error(PROJECT_MESSAGES.retryFailed);
      }
    });

  const openRerun = (project: Project) => {
    clearTimeout(rerunCloseTimer.current);
    setRerunProblem(null);
    setRerunTarget(project);
    setIsRerunOpen(true);
  };

  const closeRerun = () => {
    setIsRerunOpen(false);
    rerunCloseTimer.current = setTimeout(() => {
      setRerunTarget(null);
      setRerunProblem(null);
    }, DIALOG_CLOSE_DELAY_MS);
  };

  const confirmRerun = async (strategy: ModernizationStrategy) => {
    const project = rerunTarget;
    if (!project) return;
    setIsRerunPending(true);
    setRerunProblem(null);
    try {
      const updated = await rerunProject(project.id, strategy);
      applyProjectChange(queryClient, { kind: 'update', project: updated });
      toast.success(`Running ${project.name} again.`);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['me', 'credits'] });
      closeRerun();
    } catch (error) {
      if (isApiError(error) && error.status === 402) {
        setRerunProblem({
          kind: 'no-credits',
          message: getErrorMessage(error, PROJECT_MESSAGES.noCredits),
        });
      } else {
        reportError('rerun project', error);
        setRerunProblem({
          kind: 'other',
          message: getErrorMessage(error, 'Could not start the new run. Please try again.'),
        });
      }
    } finally {
      setIsRerunPending(false);
    }
  };

  const onDelete = async (project: Project) => {
    const confirmed = await confirm({
      title: PROJECT_MESSAGES.deleteTitle(project.name),
      description: PROJECT_MESSAGES.deleteDescription,
      confirmLabel: PROJECT_MESSAGES.deleteConfirm,
      tone: 'danger',
    });
    if (!confirmed) return;
    await withBusy(project.id, async () => {
      try {
        await deleteProject(project.id);
        applyProjectChange(queryClient, { kind: 'delete', id: project.id });
        toast.success(PROJECT_MESSAGES.deleted(project.name));
        void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      } catch (error) {
        reportError('delete project', error);
        toast.error(PROJECT_MESSAGES.deleteFailed);
      }
    });
  };

  // A failed download tells the user and offers to try again (issue 15 item 3; spec §8 only logged it).
  const onDownload = (project: Project): Promise<void> =>
    withBusy(project.id, async () => {
      try {
        await downloadProject(project);
      } catch (error) {
        reportError('download project', error);
        // Only a download that broke off on the way is worth checking the connection for.
        const message =
          error instanceof DownloadServerError
            ? PROJECT_MESSAGES.downloadFailedOnServer(project.name, error.reason)
            : PROJECT_MESSAGES.downloadFailed(project.name);
        toast.error(message, {
          id: `download-${project.id}`,
          action: { label: 'Retry', onClick: () => void onDownload(project) },
        });
      }
    });

  return (
    <section aria-labelledby="projects-heading" className="min-w-0 space-y-4">
      <h2 id="projects-heading" className="sr-only">
        Your projects
      </h2>
      <ProjectStatCards counts={counts} active={status} onSelect={setStatus} />

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={searchInput}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={PROJECT_MESSAGES.searchPlaceholder}
            aria-label="Search projects"
            className={inputClasses(false, 'pl-9')}
          />
        </div>
        <label className="sr-only" htmlFor="project-status-filter">
          Filter by status
        </label>
        <select
          id="project-status-filter"
          value={status}
          onChange={(event) => setStatus(event.target.value as ProjectStatusFilter)}
          className={inputClasses(false, 'sm:w-48')}
        >
          {FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>

      {projects.isPending ? (
        <div className="flex justify-center py-12" role="status" aria-label="Loading projects">
          <Spinner className="size-7 text-brand-600" />
        </div>
      ) : projects.isError && items.length === 0 ? (
        <FetchFailedAlert onRetry={() => void projects.refetch()} />
      ) : items.length === 0 ? (
        isFiltered ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <SearchX className="mx-auto size-10 text-slate-400" aria-hidden />
            <p className="mt-3 text-lg font-semibold text-slate-900">
              {PROJECT_MESSAGES.noMatches}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              Try another search or choose All Projects.
            </p>
          </div>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <FolderPlus className="mx-auto size-10 text-brand-500" aria-hidden />
            <p className="mt-3 text-lg font-semibold text-slate-900">
              {PROJECT_MESSAGES.noProjects}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              Submit the address of a website and watch it come back modern.
            </p>
            <ButtonLink to={paths.createProject.getHref()} className="mt-5">
              Create your first project
            </ButtonLink>
          </div>
        )
      ) : (
        <>
          {projects.isError && <FetchFailedAlert onRetry={() => void projects.refetch()} />}
          <ul className="space-y-3" aria-label="Projects" aria-busy={projects.isFetching}>
            {items.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                onOpenLogs={onOpenLogs}
                onRetry={onRetry}
                onRerun={openRerun}
                onDelete={onDelete}
                onDownload={onDownload}
                renderDeploy={renderDeploy}
                renderHosting={renderHosting}
                isBusy={busyIds.has(project.id)}
              />
            ))}
          </ul>
          <div className="flex flex-col items-center gap-3 pt-2">
            <p className="text-sm text-slate-600">
              {PROJECT_MESSAGES.showing(items.length, total)}
            </p>
            {projects.hasNextPage && (
              <Button
                variant="outline"
                onClick={() => void projects.fetchNextPage()}
                disabled={projects.isFetchingNextPage}
              >
                {projects.isFetchingNextPage && (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                )}
                {PROJECT_MESSAGES.loadMore}
              </Button>
            )}
          </div>
        </>
      )}
      <RerunProjectDialog
        project={rerunTarget}
        open={isRerunOpen}
        isPending={isRerunPending}
        problem={rerunProblem}
        onConfirm={(strategy) => void confirmRerun(strategy)}
        onOpenChange={(open) => {
          if (!open) closeRerun();
        }}
      />
    </section>
  );
}

/** 'Failed to fetch projects.' with a way to try again (issue 15 item 3). */
function FetchFailedAlert({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      tone="error"
      action={
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {PROJECT_MESSAGES.fetchFailed}
    </Alert>
  );
}
