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

/**
 * The report, loaded only while `enabled` (the panel is open). `version` (the summary's Lighthouse
 * status) is part of the key: when Lighthouse's figures join the report, it is read again.
 */
export function useProjectReport(id: string, enabled: boolean, version?: string) {
  return useQuery({
    queryKey: [...PROJECTS_QUERY_KEY, 'report', id, version ?? ''] as const,
    queryFn: () => getProjectReport(id),
    enabled,
    staleTime: Infinity,
    // The report read again (Lighthouse joined it) replaces the shown one without a loading state.
    placeholderData: (previous) => previous,
  });
}
