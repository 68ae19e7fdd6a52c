import { creditsResponseSchema } from '@sitelift/shared/schemas/credits';
import type { CreditsResponse } from '@sitelift/shared/schemas/credits';
import { apiRequest } from '../../../lib/api-client';
import { useInfiniteQuery, useQuery } from '../../../lib/query-client';
import { CREDITS_QUERY_KEY } from './get-credits';

/** How many ledger entries one page of the full history holds. */
export const CREDIT_HISTORY_PAGE_SIZE = 50;

/**
 * Reads the balance with the newest ledger entries (`GET /api/me/credits?entries=true`); with
 * `before`, the entries older than that cursor.
 */
export function getCreditHistory(before?: number): Promise<CreditsResponse> {
  const query = new URLSearchParams({ entries: 'true', limit: String(CREDIT_HISTORY_PAGE_SIZE) });
  if (before !== undefined) query.set('before', String(before));
  return apiRequest(`/api/me/credits?${query.toString()}`, { schema: creditsResponseSchema });
}

/** The credit history (newest first); refreshed with the balance. */
export function useCreditHistory() {
  return useQuery({
    queryKey: [...CREDITS_QUERY_KEY, 'entries'],
    queryFn: () => getCreditHistory(),
  });
}

/** The whole credit history, page by page ('Show older movements'); refreshed with the balance. */
export function useAllCreditHistory() {
  return useInfiniteQuery({
    queryKey: [...CREDITS_QUERY_KEY, 'entries', 'all'],
    queryFn: ({ pageParam }) => getCreditHistory(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}
