import { STATUS_CODES } from 'node:http';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { request as octokitRequest } from '@octokit/request';
import { Octokit } from '@octokit/rest';
import { AppError } from '@sitelift/shared/error-codes';
import Bottleneck from 'bottleneck';
import type { Logger } from 'pino';

/** The GitHub REST API version every call asks for (spec §9). */
export const GITHUB_API_VERSION = '2022-11-28';

/** The headers of every REST call besides its credentials. */
const API_HEADERS = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': GITHUB_API_VERSION,
};

/** Times one request is retried after a rate limit (primary or secondary), honouring retry-after. */
export const RATE_LIMIT_RETRIES = 2;

const RetryingOctokit = Octokit.plugin(retry, throttling);
/** Octokit with the retry and throttling plugins. */
export type GithubOctokit = InstanceType<typeof RetryingOctokit>;

/** What an Octokit client needs. */
export interface GithubClientOptions {
  apiUrl: string;
  token: string;
  logger: Logger;
  /**
   * Least time between two writes (POST/PATCH/DELETE) of this client, in ms. GitHub asks for pacing of
   * content-creating requests (80 a minute): the default 750 ms stays under it; tests pass 0.
   */
  writeIntervalMs?: number;
  /** Every request of this client ends by then (ms from creation; default 5 minutes). */
  timeoutMs?: number;
}

/** A quiet Octokit log: warnings go to pino with no request details (those may hold credentials). */
function octokitLog(logger: Logger) {
  return {
    debug: () => {},
    info: () => {},
    warn: (message: string) => logger.warn({ github: true }, String(message).slice(0, 300)),
    error: (message: string) => logger.error({ github: true }, String(message).slice(0, 300)),
  };
}

/**
 * Octokit for one user's token: bearer auth, JSON accept, API version 2022-11-28; rate limits (403/429
 * with retry-after or x-ratelimit-remaining 0) are waited out and retried up to {@link RATE_LIMIT_RETRIES}
 * times; writes go at most 4 at a time, `writeIntervalMs` apart.
 */
export function createGithubClient(options: GithubClientOptions): GithubOctokit {
  const { logger } = options;
  const onLimit =
    (kind: string) =>
    (
      retryAfter: number,
      request: { method: string; url: string },
      _octokit: unknown,
      retryCount: number,
    ) => {
      logger.warn(
        { github: true, kind, retryAfter, retryCount, method: request.method, url: request.url },
        'GitHub rate limit',
      );
      return retryCount < RATE_LIMIT_RETRIES;
    };
  const octokit = new RetryingOctokit({
    baseUrl: options.apiUrl,
    userAgent: 'sitelift',
    log: octokitLog(logger),
    throttle: {
      onRateLimit: onLimit('primary'),
      onSecondaryRateLimit: onLimit('secondary'),
      // One limiter per client (not the plugin's process-wide one-write-a-second group).
      write: new Bottleneck.Group({ maxConcurrent: 4, minTime: options.writeIntervalMs ?? 750 }),
    },
    retry: { retries: 2 },
  });
  // Octokit's token auth writes `token <token>` and its `request.headers` option sets no header: every
  // call gets the spec's Bearer, JSON accept and API version here (spec §7), retries included.
  octokit.hook.before('request', (request) => {
    Object.assign(request.headers, {
      ...API_HEADERS,
      authorization: `Bearer ${options.token}`,
    });
  });
  return octokit;
}

/** A bare request for the OAuth endpoints of @octokit/oauth-methods, with `baseUrl` the GitHub web origin. */
export function createOauthRequest(webUrl: string) {
  return octokitRequest.defaults({
    baseUrl: webUrl,
    headers: { 'user-agent': 'sitelift', 'x-github-api-version': GITHUB_API_VERSION },
  });
}

/** A bare request for the REST API (app-authenticated calls such as revoking a token). */
export function createApiRequest(apiUrl: string) {
  return octokitRequest.defaults({
    baseUrl: apiUrl,
    headers: { 'user-agent': 'sitelift', ...API_HEADERS },
  });
}

/** Status and GitHub's message of a failed request (never its request, which may hold credentials). */
export interface GithubFailure {
  status: number | undefined;
  message: string;
}

/**
 * What a failed GitHub call says, for users and logs: GitHub's `message` from a JSON body (with the
 * reasons of its `errors` list, e.g. 'Repository creation failed. (name already exists on this
 * account)'), else the status text when the body is not JSON, else 'Unknown error' (spec §8
 * 'Code-hosting').
 */
export function describeGithubFailure(error: unknown): GithubFailure {
  const candidate = error as {
    status?: unknown;
    response?: { data?: unknown; status?: number };
  };
  const status =
    typeof candidate?.status === 'number' && candidate.status > 0 ? candidate.status : undefined;
  const data = candidate?.response?.data;
  if (
    data &&
    typeof data === 'object' &&
    typeof (data as { message?: unknown }).message === 'string'
  ) {
    const reasons = reasonsOf((data as { errors?: unknown }).errors);
    const message = (data as { message: string }).message;
    return { status, message: reasons ? `${message} (${reasons})` : message };
  }
  if (candidate?.response && status !== undefined) {
    return { status, message: STATUS_CODES[status] ?? 'Unknown error' };
  }
  return { status, message: 'Unknown error' };
}

/** GitHub's validation reasons (`errors: [{ message }]` or `errors: ['text']`), joined; '' when none. */
function reasonsOf(errors: unknown): string {
  if (!Array.isArray(errors)) return '';
  return errors
    .map((item: unknown) =>
      typeof item === 'string'
        ? item
        : item && typeof (item as { message?: unknown }).message === 'string'
          ? (item as { message: string }).message
          : '',
    )
    .filter((reason) => reason.trim() !== '')
    .slice(0, 3)
    .join('; ');
}

/** The HTTP status of a failed GitHub call, if it got an answer. */
export function githubStatus(error: unknown): number | undefined {
  return describeGithubFailure(error).status;
}

/** 'GitHub API Error: <GitHub's message>' as an AppError (502), logged with status and message only. */
export function toGithubApiError(error: unknown, logger: Logger, what: string): AppError {
  const failure = describeGithubFailure(error);
  logger.warn(
    { github: true, status: failure.status, message: failure.message },
    `GitHub ${what} failed`,
  );
  return new AppError('API_GITHUB_API_ERROR', { message: `GitHub API Error: ${failure.message}` });
}
