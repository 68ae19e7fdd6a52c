import { siteCheckSchema } from '@sitelift/shared/schemas/site-check';
import type { SiteCheckResult } from '@sitelift/shared/schemas/site-check';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

/** The quick look at a site before a credit is spent (POST /api/site-check). */
export async function checkSite(sourceUrl: string, signal?: AbortSignal): Promise<SiteCheckResult> {
  return apiRequest('/api/site-check', {
    method: 'POST',
    body: { source_url: sourceUrl },
    schema: siteCheckSchema,
    signal,
  });
}

/** The check of `sourceUrl`, run once per address (null: nothing to check yet). */
export function useSiteCheck(sourceUrl: string | null) {
  return useQuery({
    queryKey: ['site-check', sourceUrl] as const,
    queryFn: ({ signal }) => checkSite(sourceUrl ?? '', signal),
    enabled: sourceUrl !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
