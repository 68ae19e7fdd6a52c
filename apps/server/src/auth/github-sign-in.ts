import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { twoFactor } from 'better-auth/plugins/two-factor';
import type { GithubConfig } from '../config';
import { GITHUB_API_VERSION } from '../github/github-client';

// "Sign in with GitHub" (issue 28 item 3) through the GitHub App that users already connect for
// delivery (same client id and secret). Better Auth's built-in `github` provider has github.com's
// endpoints written into it and takes the public profile address even when it is unverified, so the
// provider is declared through the generic OAuth plugin: endpoints from GITHUB_WEB_URL/GITHUB_API_URL
// (GitHub Enterprise, the test fake), PKCE, and only the verified primary address of GET /user/emails.

/** Better Auth's id of the provider: the callback is /api/auth/callback/github. */
export const GITHUB_PROVIDER_ID = 'github';

/** Where a GitHub sign-in that still needs the second factor lands (the sign-in screen asks for it). */
export const SOCIAL_TWO_FACTOR_PATH = '/login?second_factor=1';

/** The same, for an account with a passkey: the screen offers it beside the code. */
export const SOCIAL_TWO_FACTOR_PASSKEY_PATH = '/login?second_factor=passkey';

/** The callback GitHub sends the browser back to after a sign-in (registered on the GitHub App). */
export function signInCallbackUrlOf(baseUrl: string): string {
  return `${baseUrl}/api/auth/callback/${GITHUB_PROVIDER_ID}`;
}

/** Each request to GitHub gives up after this long. */
const GITHUB_TIMEOUT_MS = 15_000;

interface GithubProfile {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string | null;
}

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * The address a GitHub account signs in with: its primary address when GitHub has verified it, else
 * none (an unverified address is never used, whatever the public profile shows).
 */
export function verifiedPrimaryEmail(emails: unknown): string | undefined {
  if (!Array.isArray(emails)) return undefined;
  const primary = (emails as GithubEmail[]).find((entry) => entry?.primary === true);
  return primary?.verified === true && typeof primary.email === 'string'
    ? primary.email
    : undefined;
}

async function githubApi(apiUrl: string, path: string, accessToken: string): Promise<unknown> {
  const response = await fetch(`${apiUrl}${path}`, {
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${accessToken}`,
      'user-agent': 'sitelift',
      'x-github-api-version': GITHUB_API_VERSION,
    },
    signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`GitHub answered ${response.status} to GET ${path}`);
  }
  return response.json();
}

/** The provider's configuration for Better Auth's generic OAuth plugin. */
export function githubSignInProvider(github: GithubConfig): GenericOAuthConfig {
  return {
    providerId: GITHUB_PROVIDER_ID,
    name: 'GitHub',
    clientId: github.clientId,
    clientSecret: github.clientSecret,
    authorizationUrl: `${github.webUrl}/login/oauth/authorize`,
    // GitHub Apps take their permissions from the app (it needs "Email addresses: read"); the scopes
    // are for a classic OAuth app configured instead.
    scopes: ['read:user', 'user:email'],
    pkce: true,
    // GitHub answers a refused code with 200 and an `error` member, which the generic exchange would
    // read as a token-less success: the exchange is done here. Errors carry GitHub's code only (never
    // the code, secret or token), since Better Auth logs them.
    getToken: async ({ code, codeVerifier, redirectURI }) => {
      const body = new URLSearchParams({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code,
        redirect_uri: redirectURI,
      });
      if (codeVerifier) body.set('code_verifier', codeVerifier);
      const response = await fetch(`${github.webUrl}/login/oauth/access_token`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'sitelift',
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
      });
      const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok || typeof data.access_token !== 'string') {
        const reason = typeof data.error === 'string' ? data.error : `status ${response.status}`;
        throw new Error(`GitHub refused the sign-in code (${reason})`);
      }
      const seconds = (name: string) =>
        typeof data[name] === 'number'
          ? new Date(Date.now() + Number(data[name]) * 1000)
          : undefined;
      return {
        tokenType: 'bearer',
        accessToken: data.access_token,
        refreshToken: typeof data.refresh_token === 'string' ? data.refresh_token : undefined,
        accessTokenExpiresAt: seconds('expires_in'),
        refreshTokenExpiresAt: seconds('refresh_token_expires_in'),
        scopes:
          typeof data.scope === 'string' && data.scope !== '' ? data.scope.split(',') : undefined,
      };
    },
    getUserInfo: async (tokens) => {
      if (!tokens.accessToken) return null;
      const profile = (await githubApi(
        github.apiUrl,
        '/user',
        tokens.accessToken,
      )) as GithubProfile;
      const email = verifiedPrimaryEmail(
        await githubApi(github.apiUrl, '/user/emails', tokens.accessToken),
      );
      return {
        id: String(profile.id),
        name: profile.name || profile.login,
        email,
        emailVerified: email !== undefined,
        image: profile.avatar_url ?? undefined,
      };
    },
  };
}

/** Better Auth's generic OAuth plugin with the GitHub provider. */
export function githubSignInPlugin(github: GithubConfig) {
  return genericOAuth({ config: [githubSignInProvider(github)] });
}

/**
 * Two-factor sign-in for GitHub sign-ins: the two-factor plugin asks for the code after a password
 * sign-in only. Its own challenge (session replaced by a short-lived two-factor cookie, trusted devices
 * honoured) runs after the OAuth callback too, and the browser is sent to the sign-in screen's code step
 * instead of the app; where `hasPasskey` says the account has one, that step offers the passkey too
 * (as a password sign-in's answer does with `twoFactorMethods`).
 */
export function socialTwoFactorPlugin(
  plugin: ReturnType<typeof twoFactor>,
  baseUrl: string,
  hasPasskey: (userId: string) => Promise<boolean> = async () => false,
): BetterAuthPlugin {
  const challenge = plugin.hooks.after[0]?.handler;
  if (!challenge) throw new Error('the two-factor plugin has no sign-in hook');
  const isCallback = (context: { path?: string }) => context.path === '/callback/:id';
  // The challenge drops the new session, so the account signing in is noted before it runs (the
  // request's auth context is the same object in every hook of that request).
  const signingIn = new WeakMap<object, string>();
  return {
    id: 'social-two-factor',
    hooks: {
      after: [
        {
          matcher: isCallback,
          handler: createAuthMiddleware(async (context) => {
            const userId = context.context.newSession?.user.id;
            if (userId) signingIn.set(context.context, userId);
          }),
        },
        { matcher: isCallback, handler: challenge },
        {
          matcher: isCallback,
          handler: createAuthMiddleware(async (context) => {
            const returned = context.context.returned as { twoFactorRedirect?: unknown } | null;
            if (returned && typeof returned === 'object' && returned.twoFactorRedirect === true) {
              const userId = signingIn.get(context.context);
              const path =
                userId && (await hasPasskey(userId))
                  ? SOCIAL_TWO_FACTOR_PASSKEY_PATH
                  : SOCIAL_TWO_FACTOR_PATH;
              throw context.redirect(`${baseUrl}${path}`);
            }
          }),
        },
      ],
    },
  };
}
