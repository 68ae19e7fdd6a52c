import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

// zod/mini: the top bar's balance and the pricing section are on the landing page's first load. The
// balance is the one field of @sitelift/shared/schemas/credits read here.
const balanceSchema = z.looseObject({ balance: z.number() });

/** The cache key of everything read from `GET /api/me/credits` (invalidate it after a change). */
export const CREDITS_QUERY_KEY = ['me', 'credits'] as const;

/** Reads the user's credit balance (`GET /api/me/credits`). */
export async function getCredits(): Promise<number> {
  const credits = await apiRequest('/api/me/credits', { schema: balanceSchema });
  return credits.balance;
}

/** The credit balance query (for screens that tell loading apart from failure). */
export function useCreditBalanceQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: CREDITS_QUERY_KEY,
    queryFn: getCredits,
    retry: false,
    enabled: options.enabled,
  });
}

/** The credit balance, or null until (and unless) the call succeeds. */
export function useCreditBalance(options: { enabled?: boolean } = {}): number | null {
  return useCreditBalanceQuery(options).data ?? null;
}
