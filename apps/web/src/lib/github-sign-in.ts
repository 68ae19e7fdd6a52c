import { signInMethodsSchema, type SignInMethods } from '@sitelift/shared/schemas/auth';
import { apiRequest } from './api-client';
import { useQuery } from './query-client';

/** Where GitHub sign-ins and links land (the server redirects there after its callback). */
const SIGN_IN_ERROR_PATH = '/login';

/** What the server offers besides e-mail and password ("Continue with GitHub" when configured). */
export function useSignInMethods() {
  return useQuery({
    queryKey: ['sign-in-methods'],
    queryFn: () =>
      apiRequest<SignInMethods>('/api/sign-in-methods', { schema: signInMethodsSchema }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Starts "Continue with GitHub": the server binds a state (and a PKCE verifier) to this browser and
 * answers GitHub's authorize URL, where the browser goes next.
 */
export async function startGithubSignIn(): Promise<string> {
  const answer = await apiRequest<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider: 'github',
      callbackURL: '/dashboard',
      newUserCallbackURL: '/dashboard',
      errorCallbackURL: SIGN_IN_ERROR_PATH,
      disableRedirect: true,
    },
  });
  return answer.url;
}

/**
 * Links GitHub to the signed-in account (after its owner proved it with the password and, if on,
 * the second factor): GitHub's authorize URL; the browser comes back to `returnTo`.
 */
export async function startGithubLink(returnTo: string, errorPath = returnTo): Promise<string> {
  const answer = await apiRequest<{ url: string }>('/api/auth/link-social', {
    method: 'POST',
    body: {
      provider: 'github',
      callbackURL: returnTo,
      errorCallbackURL: errorPath,
      disableRedirect: true,
    },
  });
  return answer.url;
}
