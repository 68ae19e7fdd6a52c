import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';
import { PROJECTS_QUERY_KEY } from './get-projects';
import { siteliftReportSchema as projectReportSchema } from '@sitelift/shared/schemas/report';
import type { SiteliftReport as ProjectReport } from '@sitelift/shared/schemas/report';

/** Reads the before/after report of a finished project. */
export async function getProjectReport(id: string): Promise<ProjectReport> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/report`, {
    schema: projectReportSchema,
  });
}

/** The report, loaded only while `enabled` (the panel is open). */
export function useProjectReport(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...PROJECTS_QUERY_KEY, 'report', id] as const,
    queryFn: () => getProjectReport(id),
    enabled,
    staleTime: Infinity,
  });
}
