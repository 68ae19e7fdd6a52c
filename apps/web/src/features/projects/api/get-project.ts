import { apiRequest } from '../../../lib/api-client';
import { queryOptions, useQuery } from '../../../lib/query-client';
import { PROJECTS_QUERY_KEY } from './get-projects';
import { projectSchema } from '@sitelift/shared/schemas/project';
import type { Project } from '@sitelift/shared/schemas/project';

/** Reads one of the user's projects. */
export async function getProject(id: string): Promise<Project> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}`, { schema: projectSchema });
}

/** Query options of one project. */
export function getProjectQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...PROJECTS_QUERY_KEY, 'detail', id] as const,
    queryFn: () => getProject(id),
    staleTime: 0,
  });
}

/** One project. */
export function useProject(id: string) {
  return useQuery(getProjectQueryOptions(id));
}
