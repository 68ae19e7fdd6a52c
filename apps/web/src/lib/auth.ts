import type { SessionResponse, SessionUser } from '@sitelift/shared/schemas/auth';
import { apiRequest } from './api-client';
import { sessionResponseMiniSchema } from './session-schema';
import { queryOptions, useQuery } from './query-client';
import type { QueryClient } from './query-client';

/** Query key of the session; every auth change (sign in, out, verify, update) refreshes it. */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Reads the current session from Better Auth (`null` when signed out). */
export async function getSession(): Promise<SessionResponse> {
  return apiRequest('/api/auth/get-session', { schema: sessionResponseMiniSchema });
}

/** Query options of the session. */
export function getSessionQueryOptions() {
  return queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: 60_000 });
}

/** The signed-in user (or null) and whether the session is still resolving. */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery(getSessionQueryOptions());
  return { user: query.data?.user ?? null, isLoading: query.isPending };
}

/** Fetches the session again and waits for it (after sign-in, verification, e-mail change...). */
export async function refreshSession(queryClient: QueryClient): Promise<SessionResponse> {
  queryClient.setQueryData(SIGNED_OUT_QUERY_KEY, false);
  return queryClient.fetchQuery({ ...getSessionQueryOptions(), staleTime: 0 });
}

/**
 * Ends the session on the server. A 401/403/404 means it is already gone (spec §8 Auth client), so
 * it counts as success; other failures are rethrown.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    if (![401, 403, 404].includes(status)) throw error;
  }
}

/** Set when the user signed out on purpose, so guards send them to / rather than /login. */
const SIGNED_OUT_QUERY_KEY = ['auth', 'signed-out'] as const;

/** True after a deliberate sign-out (until the next session refresh). */
export function hasSignedOut(queryClient: QueryClient): boolean {
  return queryClient.getQueryData<boolean>(SIGNED_OUT_QUERY_KEY) === true;
}

/** Forgets the signed-in user and every cached answer that belonged to them. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(SIGNED_OUT_QUERY_KEY, true);
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}
