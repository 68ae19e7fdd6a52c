import { PROJECT_LIST_DEFAULT_LIMIT } from '@sitelift/shared/schemas/project';
import type { ProjectListFilter } from '@sitelift/shared/schemas/project';
import { apiRequest } from '../../../lib/api-client';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '../../../lib/query-client';
import { projectListResponseSchema as projectPageSchema } from '@sitelift/shared/schemas/project';
import type { ProjectListResponse as ProjectPage } from '@sitelift/shared/schemas/project';

/** The list filters of spec §5 Search and filter. */
export type ProjectStatusFilter = ProjectListFilter;

/** Projects per page: 5 at first, then 5 more per 'Load More Projects' (spec §9). */
export const PROJECTS_PAGE_SIZE = PROJECT_LIST_DEFAULT_LIMIT;

/** What the list asks the server for. */
export interface ProjectListParams {
  search: string;
  status: ProjectStatusFilter;
}

/** Root query key of everything project-related (invalidated after any change). */
export const PROJECTS_QUERY_KEY = ['projects'] as const;

/** Reads one page of the user's projects, newest first, searched and filtered on the server. */
export async function getProjects(
  params: ProjectListParams & { cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<ProjectPage> {
  const query = new URLSearchParams({
    search: params.search,
    status: params.status,
    limit: String(params.limit ?? PROJECTS_PAGE_SIZE),
  });
  if (params.cursor) query.set('cursor', params.cursor);
  return apiRequest(`/api/projects?${query.toString()}`, { schema: projectPageSchema, signal });
}

/** Query options of the paged project list. */
export function getProjectsQueryOptions(params: ProjectListParams) {
  return infiniteQueryOptions({
    queryKey: [...PROJECTS_QUERY_KEY, 'list', params.status, params.search] as const,
    queryFn: ({ pageParam, signal }) => getProjects({ ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? null,
    // Realtime events keep the list fresh; a refetch on focus would reset the loaded pages.
    staleTime: 30_000,
  });
}

/**
 * While a listed project waits in the queue, the list is read again this often: its place moves as
 * other users' jobs start, which sends this user no event.
 */
export const QUEUED_REFRESH_MS = 15_000;

/** The paged project list; the previous result stays while a new search loads. */
export function useProjects(params: ProjectListParams) {
  return useInfiniteQuery({
    ...getProjectsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.items.some((project) => project.job_status === 'QUEUED'),
      )
        ? QUEUED_REFRESH_MS
        : false,
  });
}
