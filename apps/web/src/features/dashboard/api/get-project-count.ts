import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

const projectPageSchema = z.looseObject({ total: z.number() });

/** How many projects the user has (`GET /api/projects`, arrives with issue 4). */
export async function getProjectCount(): Promise<number> {
  const page = await apiRequest('/api/projects?limit=1', { schema: projectPageSchema });
  return page.total;
}

/** The project count, or null while unknown or when the projects API is not available. */
export function useProjectCount(): number | null {
  const query = useQuery({
    queryKey: ['projects', 'count'],
    queryFn: getProjectCount,
    retry: false,
  });
  return query.data ?? null;
}
