import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

const projectPageSchema = z.looseObject({ total: z.number() });

/** How many projects the user has (`GET /api/projects`; for the welcome banner's variant). */
export async function getProjectCount(): Promise<number> {
  const page = await apiRequest('/api/projects?limit=1', { schema: projectPageSchema });
  return page.total;
}

/** The project count, or null while unknown or when it cannot be read. */
export function useProjectCount(): number | null {
  const query = useQuery({
    queryKey: ['projects', 'count'],
    queryFn: getProjectCount,
    retry: false,
  });
  return query.data ?? null;
}
