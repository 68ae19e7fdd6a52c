import { creditsResponseSchema } from '@sitelift/shared/schemas/credits';
import type { CreditsResponse } from '@sitelift/shared/schemas/credits';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';
import { CREDITS_QUERY_KEY } from './get-credits';

/** Reads the balance with the newest ledger entries (`GET /api/me/credits?entries=true`). */
export function getCreditHistory(): Promise<CreditsResponse> {
  return apiRequest('/api/me/credits?entries=true', { schema: creditsResponseSchema });
}

/** The credit history (newest first); refreshed with the balance. */
export function useCreditHistory() {
  return useQuery({ queryKey: [...CREDITS_QUERY_KEY, 'entries'], queryFn: getCreditHistory });
}
