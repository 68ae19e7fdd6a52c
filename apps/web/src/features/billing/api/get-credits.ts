import { creditsResponseSchema } from '@sitelift/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';

/** Reads the user's credit balance (`GET /api/me/credits`). */
export async function getCredits(): Promise<number> {
  const credits = await apiRequest('/api/me/credits', { schema: creditsResponseSchema });
  return credits.balance;
}

/** The credit balance, or null until (and unless) the call succeeds. */
export function useCreditBalance(): number | null {
  const query = useQuery({ queryKey: ['me', 'credits'], queryFn: getCredits, retry: false });
  return query.data ?? null;
}
