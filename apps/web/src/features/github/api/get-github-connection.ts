import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query-client';
import { githubConnectionSchema } from '@sitelift/shared/api/github';
import type { GithubConnection } from '@sitelift/shared/api/github';

/** The cache key of `GET /api/github/connection` (set or invalidate it after a change). */
export const GITHUB_CONNECTION_QUERY_KEY = ['github', 'connection'] as const;

/** Reads whether GitHub is configured on the server and the user's account is connected. */
export async function getGithubConnection(): Promise<GithubConnection> {
  return apiRequest('/api/github/connection', { schema: githubConnectionSchema });
}

/** The user's GitHub connection. */
export function useGithubConnection() {
  return useQuery({ queryKey: GITHUB_CONNECTION_QUERY_KEY, queryFn: getGithubConnection });
}
