import { AppError } from '@sitelift/shared/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/build-auth';
import type { Config } from '../../config';
import { toClientGroup } from '../client-group';
import { sessionCacheOf } from '../require-session';
import {
  AUTH_REQUEST_BODIES,
  RATE_LIMITED_AUTH_GET_PATHS,
  RATE_LIMITED_AUTH_PATHS,
  TWO_FACTOR_PATHS,
  UNREACHABLE_AUTH_PATHS,
} from '../auth-request-bodies';
import { hasUnsafePathCharacter, toDecodedPath } from '../request-guards';

const AUTH_PREFIX = '/api/auth';

/** Routes limited per account as well as per client: password guesses and mails to one address. */
const ACCOUNT_LIMITED_AUTH_PATHS = new Set([
  '/sign-in/email',
  '/request-password-reset',
  '/send-verification-email',
]);

/** The account a request names (its e-mail, case-insensitive), or '' when it names none. */
function toAccountKey(body: unknown): string {
  if (!body || typeof body !== 'object' || !('email' in body)) return '';
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * The Better Auth path of a request (`/sign-in/email`): without prefix and query, percent-decoded, with
 * repeated and trailing slashes removed. The request is forwarded with exactly this path, so the body rules
 * and rate limits below apply to what Better Auth routes (`/sign-in/email/` cannot slip past them).
 * Returns null for a path that does not decode, holds whitespace, control characters or a backslash, or
 * that the URL parser would rewrite on the way to Better Auth (dot segments, `?` or `#` once decoded,
 * characters it percent-encodes): the URL parser trims spaces and controls, drops tabs and newlines and
 * resolves `..`, so `/sign-in/email%20`, `/sign-in/e%09mail` or `/x/../sign-in/email` would otherwise reach
 * `/sign-in/email` under a name no rule was keyed on (issue 10).
 */
export function toAuthPath(url: string): string | null {
  const decoded = toDecodedPath(url);
  if (decoded === null || hasUnsafePathCharacter(decoded)) return null;
  const normalized = decoded.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  if (!normalized.startsWith(`${AUTH_PREFIX}/`)) return null;
  if (new URL(normalized, 'http://localhost').pathname !== normalized) return null;
  return normalized.slice(AUTH_PREFIX.length);
}

function toQueryString(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index);
}

function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    // The body is re-serialised below; forwarded-for is replaced by the address Fastify trusts.
    if (name === 'content-length' || name === 'transfer-encoding' || name === 'x-forwarded-for')
      continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, value);
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return reply.send(body.length > 0 ? (isJson ? withoutSessionTokens(body) : body) : undefined);
}

/** Removes every `token` member from a JSON value (sessions, sign-in and change-password answers). */
function stripTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTokens);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, member]) => [key, stripTokens(member)]),
  );
}

/**
 * Better Auth repeats the session token of the HttpOnly cookie in JSON answers (sign-in, get-session,
 * list-sessions, change-password). The web app authenticates with the cookie only, so a body that
 * script can read never carries it (issue 22).
 */
function withoutSessionTokens(body: string): string {
  try {
    return JSON.stringify(stripTokens(JSON.parse(body)));
  } catch {
    return body;
  }
}

/**
 * Mounts Better Auth's Fetch handler at /api/auth/*: validates the body of the routes the product uses
 * (strict, bounded), rate-limits the sensitive ones, and copies status, headers and cookies back.
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  options: { auth: Auth; config: Config },
) {
  const { auth, config } = options;
  // The same budget per account (e-mail address) as per client: guesses at one password, or reset
  // mails to one inbox, spread over many addresses are stopped too.
  const accountLimit = app.createRateLimit({
    max: config.authRateLimit.max,
    timeWindow: config.authRateLimit.windowMs,
    keyGenerator: (request: FastifyRequest) =>
      `account|${toAuthPath(request.url) ?? ''}|${toAccountKey(request.body)}`,
  });
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_PREFIX}/*`,
    schema: { hide: true },
    config: {
      rateLimit: {
        max: config.authRateLimit.max,
        timeWindow: config.authRateLimit.windowMs,
        keyGenerator: (request: FastifyRequest) =>
          `${toClientGroup(request.ip)}|${toAuthPath(request.url) ?? ''}`,
        allowList: (request: FastifyRequest) =>
          !(request.method === 'POST' ? RATE_LIMITED_AUTH_PATHS : RATE_LIMITED_AUTH_GET_PATHS).has(
            toAuthPath(request.url) ?? '',
          ),
      },
    },
    handler: async (request, reply) => {
      const authPath = toAuthPath(request.url);
      if (authPath === null) throw new AppError('API_NOT_FOUND');
      // Only the two-factor routes the product uses are reachable (no e-mail codes, no code listing).
      if (
        (authPath.startsWith('/two-factor/') && !TWO_FACTOR_PATHS.includes(authPath)) ||
        UNREACHABLE_AUTH_PATHS.has(authPath)
      ) {
        throw new AppError('API_NOT_FOUND');
      }
      let body: unknown = request.body;
      if (request.method === 'POST') {
        const schema = AUTH_REQUEST_BODIES[authPath];
        if (schema) {
          const parsed = schema.safeParse(body);
          if (!parsed.success) {
            const messages = parsed.error.issues.map((issue) =>
              issue.code === 'unrecognized_keys'
                ? `Unknown field(s): ${issue.keys.join(', ')}`
                : issue.message,
            );
            throw new AppError('API_VALIDATION_FAILED', {
              message: [...new Set(messages)].join('; '),
            });
          }
          body = parsed.data;
        }
        if (ACCOUNT_LIMITED_AUTH_PATHS.has(authPath) && toAccountKey(body) !== '') {
          const limit = await accountLimit(request);
          if (!limit.isAllowed && limit.isExceeded) {
            reply.header('retry-after', String(limit.ttlInSeconds));
            throw new AppError('API_RATE_LIMITED');
          }
        }
      }
      const headers = toFetchHeaders(request);
      let payload: string | undefined;
      if (request.method === 'POST') {
        payload = JSON.stringify(body ?? {});
        headers.set('content-type', 'application/json');
      }
      const url = new URL(`${AUTH_PREFIX}${authPath}${toQueryString(request.url)}`, config.baseUrl);
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body: payload }),
      );
      // Better Auth's router answers an unknown path with an empty 404; give it the API error shape.
      if (response.status === 404 && response.headers.get('content-type') === null) {
        await response.body?.cancel();
        throw new AppError('API_NOT_FOUND');
      }
      // Anything but reading the session may have signed out, revoked or changed a session or its user.
      if (authPath !== '/get-session' && response.status < 400) {
        await sessionCacheOf(auth)
          ?.clear()
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'could not tell other processes to clear sessions');
          });
      }
      return sendFetchResponse(reply, response);
    },
  });
}
