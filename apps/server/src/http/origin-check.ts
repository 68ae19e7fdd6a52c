import { AppError } from '@sitelift/shared/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function toOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence on top of SameSite=Lax cookies (see README, "CSRF defence"). For POST, PUT, PATCH and DELETE:
 * - an Origin header must be one of `allowedOrigins`;
 * - without Origin, a Referer must be from one of `allowedOrigins`;
 * - with neither, a request that carries cookies and says `Sec-Fetch-Site: cross-site` (or same-site,
 *   a sibling subdomain) is refused. Requests without cookies cannot act as a signed-in user.
 */
export function isRequestFromAllowedOrigin(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  if (!STATE_CHANGING_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const parsed = toOrigin(origin);
    return parsed !== null && allowedOrigins.has(parsed);
  }
  const referer = request.headers.referer;
  if (referer !== undefined) {
    const parsed = toOrigin(referer);
    return parsed !== null && allowedOrigins.has(parsed);
  }
  const site = request.headers['sec-fetch-site'];
  const hasCookies =
    typeof request.headers.cookie === 'string' && request.headers.cookie.length > 0;
  return !(hasCookies && (site === 'cross-site' || site === 'same-site'));
}

/** Refuses state-changing requests from other origins with 403 API_CSRF_REJECTED. */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { allowedOrigins: Iterable<string>; exemptPathPrefixes?: string[] },
): void {
  const allowed = new Set(options.allowedOrigins);
  const exempt = options.exemptPathPrefixes ?? [];
  app.addHook('onRequest', async (request) => {
    if (exempt.some((prefix) => request.url.startsWith(prefix))) return;
    if (!isRequestFromAllowedOrigin(request, allowed)) {
      throw new AppError('API_CSRF_REJECTED');
    }
  });
}
