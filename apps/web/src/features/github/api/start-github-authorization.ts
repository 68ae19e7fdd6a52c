import { apiRequest } from '../../../lib/api-client';
import { githubStateResultSchema } from '@sitelift/shared/api/github';
import { buildOAuthState, storeOAuthState } from '../utils/oauth-state';

/** Where the connect dialog sends the user: the app's install page and the authorization page. */
export interface GithubAuthorization {
  state: string;
  authorizeUrl: string;
}

/**
 * Makes a new anti-forgery state, keeps it in local storage and binds it to the session on the
 * server (`POST /api/github/state`), which answers with the authorization page for that state.
 */
export async function startGithubAuthorization(): Promise<GithubAuthorization> {
  const state = buildOAuthState();
  storeOAuthState(state);
  const answer = await apiRequest('/api/github/state', {
    method: 'POST',
    body: { state },
    schema: githubStateResultSchema,
  });
  return { state, authorizeUrl: answer.authorize_url };
}

/** The app's installation page carrying `state`, so GitHub hands it back after installing. */
export function toInstallUrl(installUrl: string, state: string): string {
  const url = new URL(installUrl);
  url.searchParams.set('state', state);
  return url.toString();
}
