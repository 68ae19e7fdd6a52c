import { AppError } from '@sitelift/shared/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/build-auth';
import type { Config } from '../../config';
import { sessionCacheOf } from '../require-session';
import { AUTH_REQUEST_BODIES, RATE_LIMITED_AUTH_PATHS } from '../auth-request-bodies';
import { hasUnsafePathCharacter, toDecodedPath } from '../request-guards';

const AUTH_PREFIX = '/api/auth';

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
  return reply.send(body.length > 0 ? body : undefined);
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
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_PREFIX}/*`,
    schema: { hide: true },
    config: {
      rateLimit: {
        max: config.authRateLimit.max,
        timeWindow: config.authRateLimit.windowMs,
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${toAuthPath(request.url) ?? ''}`,
        allowList: (request: FastifyRequest) =>
          request.method !== 'POST' || !RATE_LIMITED_AUTH_PATHS.has(toAuthPath(request.url) ?? ''),
      },
    },
    handler: async (request, reply) => {
      const authPath = toAuthPath(request.url);
      if (authPath === null) throw new AppError('API_NOT_FOUND');
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
