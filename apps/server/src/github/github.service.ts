import { createHash } from 'node:crypto';
import { deleteToken, exchangeWebFlowCode, refreshToken } from '@octokit/oauth-methods';
import type { GithubConnection, GithubUser } from '@sitelift/shared/api/github';
import { AppError } from '@sitelift/shared/error-codes';
import type { Logger } from 'pino';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { GithubConfig } from '../config';
import type { AppDb } from '../db/database';
import {
  consumeOauthState,
  deactivateGithubToken,
  findGithubToken,
  insertOauthState,
  lockGithubToken,
  updateGithubToken,
  upsertGithubToken,
  type GithubTokenRow,
} from '../db/github.repository';
import {
  createApiRequest,
  createGithubClient,
  createOauthRequest,
  describeGithubFailure,
  type GithubOctokit,
} from './github-client';
import type { TokenCipher } from './token-crypto';

/** How long an anti-forgery state stays usable. */
export const STATE_LIFETIME_MS = 10 * 60_000;
/** An access token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** What the GitHub services need. */
export interface GithubDeps {
  db: AppDb;
  /** undefined when GITHUB_* are not set: every call but the connection check answers 503. */
  config: GithubConfig | undefined;
  baseUrl: string;
  cipher: TokenCipher;
  logger: Logger;
  artifacts: ArtifactStore;
  /** Least time between two writes to GitHub (ms; GithubConfig.writeIntervalMs, see github-client.ts). */
  writeIntervalMs?: number;
}

/** The GitHub App's callback on this server (registered as the app's callback URL). */
export function callbackUrlOf(baseUrl: string): string {
  return `${baseUrl}/auth/github/callback`;
}

function requireConfig(deps: GithubDeps): GithubConfig {
  if (!deps.config) throw new AppError('API_GITHUB_NOT_CONFIGURED');
  return deps.config;
}

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

function toGithubUser(row: GithubTokenRow): GithubUser {
  return {
    login: row.githubUsername,
    name: row.githubName,
    email: row.githubEmail,
    avatar_url: row.githubAvatarUrl,
  };
}

type ConnectedRow = GithubTokenRow & { accessToken: string };

function isConnected(row: GithubTokenRow | undefined): row is ConnectedRow {
  return row !== undefined && row.isActive && row.accessToken !== null;
}

/** GET /api/github/connection: never a token; a failed check answers connected false (spec §8). */
export async function getConnection(deps: GithubDeps, userId: string): Promise<GithubConnection> {
  const { config } = deps;
  const installUrl = config ? `${config.webUrl}/apps/${config.appSlug}/installations/new` : null;
  try {
    const row = await findGithubToken(deps.db, userId);
    const connected = config !== undefined && isConnected(row);
    return {
      configured: config !== undefined,
      connected,
      github_user: connected ? toGithubUser(row) : null,
      install_url: installUrl,
    };
  } catch (error) {
    deps.logger.error({ err: error }, 'GitHub connection check failed');
    return {
      configured: config !== undefined,
      connected: false,
      github_user: null,
      install_url: installUrl,
    };
  }
}

/** POST /api/github/state: binds the browser's state to the user for 10 minutes; returns the authorize URL. */
export async function createAuthorizeUrl(
  deps: GithubDeps,
  userId: string,
  state: string,
): Promise<{ authorize_url: string }> {
  const config = requireConfig(deps);
  await insertOauthState(deps.db, {
    stateHash: hashState(state),
    userId,
    expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
  });
  const url = new URL(`${config.webUrl}/login/oauth/authorize`);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', callbackUrlOf(deps.baseUrl));
  url.searchParams.set('state', state);
  return { authorize_url: url.toString() };
}

/** The redirect_uri to send with the exchange: the client's when it is on this server, else the callback. */
function exchangeRedirectUri(baseUrl: string, given: string | undefined): string {
  if (given) {
    try {
      if (new URL(given).origin === baseUrl) return given;
    } catch {
      // not a URL: use the app's own callback
    }
  }
  return callbackUrlOf(baseUrl);
}

function toDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * POST /api/github/callback: checks the state (issued to this user, unexpired, single use), exchanges
 * the code, reads the user with the new token and stores the connection with its tokens encrypted.
 */
export async function completeCallback(
  deps: GithubDeps,
  userId: string,
  body: { code?: string; state?: string; redirect_uri?: string },
): Promise<{ success: true; github_user: GithubUser }> {
  const config = requireConfig(deps);
  const code = body.code?.trim();
  const state = body.state?.trim();
  if (!code || !state) throw new AppError('API_GITHUB_CALLBACK_INCOMPLETE');
  if (!(await consumeOauthState(deps.db, userId, hashState(state)))) {
    throw new AppError('API_GITHUB_STATE_INVALID');
  }
  let authentication: {
    token: string;
    refreshToken?: string;
    expiresAt?: string;
    refreshTokenExpiresAt?: string;
  };
  let user: {
    id: number;
    login: string;
    name?: string | null;
    email?: string | null;
    avatar_url?: string | null;
  };
  try {
    const exchanged = await exchangeWebFlowCode({
      clientType: 'github-app',
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      code,
      redirectUrl: exchangeRedirectUri(deps.baseUrl, body.redirect_uri),
      request: createOauthRequest(config.webUrl),
    });
    authentication = exchanged.authentication;
    if (!authentication.token) throw new Error('no access token in the exchange answer');
    const octokit = createGithubClient({
      apiUrl: config.apiUrl,
      token: authentication.token,
      logger: deps.logger,
      writeIntervalMs: deps.writeIntervalMs,
    });
    const { data } = await octokit.rest.users.getAuthenticated();
    if (!data?.login) throw new Error('no user in the answer of GET /user');
    user = data;
  } catch (error) {
    const failure = describeGithubFailure(error);
    deps.logger.error(
      { github: true, status: failure.status, message: failure.message },
      'GitHub code exchange failed',
    );
    throw new AppError('API_GITHUB_EXCHANGE_FAILED');
  }
  const githubUser: GithubUser = {
    login: user.login,
    name: user.name ?? null,
    email: user.email ?? null,
    avatar_url: user.avatar_url ?? null,
  };
  await upsertGithubToken(deps.db, {
    userId,
    githubUserId: String(user.id),
    githubUsername: githubUser.login,
    githubEmail: githubUser.email,
    githubAvatarUrl: githubUser.avatar_url,
    githubName: githubUser.name,
    isActive: true,
    accessToken: deps.cipher.encrypt(authentication.token),
    refreshToken: authentication.refreshToken
      ? deps.cipher.encrypt(authentication.refreshToken)
      : null,
    expiresAt: toDate(authentication.expiresAt),
    refreshTokenExpiresAt: toDate(authentication.refreshTokenExpiresAt),
  });
  return { success: true, github_user: githubUser };
}

/** POST /api/github/disconnect: inactive, tokens wiped; the token is revoked at GitHub (best effort). */
export async function disconnect(deps: GithubDeps, userId: string): Promise<{ success: true }> {
  const config = requireConfig(deps);
  try {
    const row = await findGithubToken(deps.db, userId);
    if (row?.accessToken) {
      try {
        await deleteToken({
          clientType: 'github-app',
          clientId: config.clientId,
          clientSecret: config.clientSecret,
          token: deps.cipher.decrypt(row.accessToken),
          request: createApiRequest(config.apiUrl),
        });
      } catch (error) {
        const failure = describeGithubFailure(error);
        deps.logger.warn(
          { github: true, status: failure.status, message: failure.message },
          'revoking the GitHub token failed (the connection is removed anyway)',
        );
      }
    }
    if (row) await deactivateGithubToken(deps.db, userId);
    return { success: true };
  } catch (error) {
    deps.logger.error({ err: error }, 'GitHub disconnect failed');
    throw new AppError('API_GITHUB_DISCONNECT_FAILED');
  }
}

// One refresh at a time per user in this process: a second caller waits here instead of holding a
// database transaction (PGlite has one connection); across processes the row lock below does it.
const refreshing = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const previous = refreshing.get(userId) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(task);
  refreshing.set(userId, next);
  try {
    return await next;
  } finally {
    if (refreshing.get(userId) === next) refreshing.delete(userId);
  }
}

function needsRefresh(row: GithubTokenRow, force: boolean): boolean {
  if (force) return true;
  return row.expiresAt !== null && row.expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;
}

/**
 * A valid access token of the user, refreshed first when it expires within 5 minutes (or `force`).
 * Refresh tokens are single use, so refreshes of one user run one at a time: in this process through a
 * queue, across processes through `SELECT ... FOR UPDATE` on the token row, re-read after the lock (when
 * another process refreshed meanwhile its token is used). GitHub refusing the refresh token ends the
 * connection: 'User not authenticated with GitHub.'
 */
export async function getAccessToken(
  deps: GithubDeps,
  userId: string,
  options: { force?: boolean } = {},
): Promise<{ token: string; expiresAt: Date | null }> {
  const config = requireConfig(deps);
  const force = options.force ?? false;
  const current = await findGithubToken(deps.db, userId);
  if (!isConnected(current)) throw new AppError('API_GITHUB_NOT_AUTHENTICATED');
  if (!needsRefresh(current, force)) {
    return { token: deps.cipher.decrypt(current.accessToken), expiresAt: current.expiresAt };
  }
  const seenAccessToken = current.accessToken;
  return oneAtATime(userId, async () => {
    let refusedByGithub = false;
    const result = await deps.db.transaction(async (tx) => {
      const row = await lockGithubToken(tx, userId);
      if (!isConnected(row)) return undefined;
      // Someone refreshed while we waited for the lock: their token is good.
      if (row.accessToken !== seenAccessToken && !needsRefresh(row, false)) {
        return { token: deps.cipher.decrypt(row.accessToken), expiresAt: row.expiresAt };
      }
      if (!row.refreshToken) {
        if (force || (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now())) {
          refusedByGithub = true;
          return undefined;
        }
        return { token: deps.cipher.decrypt(row.accessToken), expiresAt: row.expiresAt };
      }
      try {
        const { authentication } = await refreshToken({
          clientType: 'github-app',
          clientId: config.clientId,
          clientSecret: config.clientSecret,
          refreshToken: deps.cipher.decrypt(row.refreshToken),
          request: createOauthRequest(config.webUrl),
        });
        const expiresAt = toDate(authentication.expiresAt);
        await updateGithubToken(tx, userId, {
          accessToken: deps.cipher.encrypt(authentication.token),
          refreshToken: authentication.refreshToken
            ? deps.cipher.encrypt(authentication.refreshToken)
            : null,
          expiresAt,
          refreshTokenExpiresAt: toDate(authentication.refreshTokenExpiresAt),
        });
        return { token: authentication.token, expiresAt };
      } catch (error) {
        const failure = describeGithubFailure(error);
        deps.logger.warn(
          { github: true, status: failure.status, message: failure.message },
          'GitHub token refresh failed',
        );
        const data = (error as { response?: { data?: { error?: unknown } } }).response?.data;
        if (data?.error === 'bad_refresh_token' || failure.status === 401) {
          refusedByGithub = true;
          return undefined;
        }
        throw new AppError('API_GITHUB_API_ERROR', {
          message: `GitHub API Error: ${failure.message}`,
        });
      }
    });
    if (refusedByGithub) await deactivateGithubToken(deps.db, userId);
    if (!result) throw new AppError('API_GITHUB_NOT_AUTHENTICATED');
    return result;
  });
}

/** POST /api/github/refresh: a new access token from the stored refresh token; never returns a token. */
export async function refreshConnection(
  deps: GithubDeps,
  userId: string,
): Promise<{ success: true; expires_at: string | null }> {
  const { expiresAt } = await getAccessToken(deps, userId, { force: true });
  return { success: true, expires_at: expiresAt ? expiresAt.toISOString() : null };
}

/** An Octokit for the user's (fresh) token. */
export async function clientForUser(deps: GithubDeps, userId: string): Promise<GithubOctokit> {
  const config = requireConfig(deps);
  const { token } = await getAccessToken(deps, userId);
  return createGithubClient({
    apiUrl: config.apiUrl,
    token,
    logger: deps.logger,
    writeIntervalMs: deps.writeIntervalMs,
  });
}
