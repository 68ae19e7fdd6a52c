import { apiRequest } from '../../../lib/api-client';
import { githubCallbackResultSchema } from '@sitelift/shared/api/github';
import type { GithubUser } from '@sitelift/shared/api/github';

/** Exchanges the code GitHub sent for a connection (`POST /api/github/callback`). */
export async function exchangeGithubCode(input: {
  code: string;
  state: string;
  redirectUri: string;
}): Promise<GithubUser> {
  const answer = await apiRequest('/api/github/callback', {
    method: 'POST',
    body: { code: input.code, state: input.state, redirect_uri: input.redirectUri },
    schema: githubCallbackResultSchema,
  });
  return answer.github_user;
}
