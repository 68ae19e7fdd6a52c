import { API_ACCESS_PRODUCT_IDS } from '@sitelift/shared/billing/plans';
import { AppError } from '@sitelift/shared/error-codes';
import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '@sitelift/shared/schemas/api-keys';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashApiKey } from '../../../api-keys/api-keys.service';
import { useApiKey } from '../../../db/api-keys.repository';
import type { AppDb } from '../../../db/database';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope a /api/v1 route needs from the request's API key (issue 26); `public` routes (the
     * OpenAPI document and its reference page) need no key.
     */
    apiScope?: ApiKeyScope | 'public';
  }
}

/** The caller of a /api/v1 request: the key's owner as the project services need them. */
export interface ApiCaller {
  id: string;
  emailVerified: boolean;
  keyId: string;
}

const callers = new WeakMap<FastifyRequest, ApiCaller>();

/** The caller that `authenticateApiKey` found for `request` (throws when the route skipped it). */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  const caller = callers.get(request);
  if (!caller) throw new AppError('API_KEY_INVALID');
  return caller;
}

// Key characters are base64url; anything else in the header cannot be a key of ours.
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i;

/** Scopes that grant `needed`: the projects scope also reads projects. */
function grants(scopes: readonly string[], needed: ApiKeyScope): boolean {
  return scopes.includes(needed) || (needed === 'read' && scopes.includes('projects'));
}

/**
 * The onRequest check of every /api/v1 route: the `Authorization: Bearer <key>` of an active key
 * (401 API_KEY_INVALID), one request counted in the key's window with the IETF draft's
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers (429 with `Retry-After` past the
 * limit), a plan that includes API access (403 API_PLAN_REQUIRED) and the route's scope (403).
 */
export function buildApiKeyAuth(options: {
  db: AppDb;
  rateLimit: { max: number; windowSeconds: number };
}) {
  const { db, rateLimit } = options;
  return async function authenticateApiKey(request: FastifyRequest, reply: FastifyReply) {
    const scope = request.routeOptions.config.apiScope;
    if (scope === 'public') return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('API_KEY_INVALID');
    }
    const use = await useApiKey(db, hashApiKey(match[1]), {
      windowSeconds: rateLimit.windowSeconds,
      productIds: API_ACCESS_PRODUCT_IDS,
    });
    if (!use) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new AppError('API_KEY_INVALID');
    }
    const elapsedMs = Date.now() - use.windowStart.getTime();
    const resetSeconds = Math.max(
      0,
      Math.min(rateLimit.windowSeconds, Math.ceil(rateLimit.windowSeconds - elapsedMs / 1000)),
    );
    reply.header('ratelimit-limit', rateLimit.max);
    reply.header('ratelimit-remaining', Math.max(0, rateLimit.max - use.count));
    reply.header('ratelimit-reset', resetSeconds);
    if (use.count > rateLimit.max) {
      reply.header('retry-after', Math.max(1, resetSeconds));
      throw new AppError('API_KEY_RATE_LIMITED');
    }
    if (!use.hasApiAccess) throw new AppError('API_PLAN_REQUIRED');
    if (scope === undefined) throw new AppError('API_FORBIDDEN');
    if (!grants(use.scopes, scope)) {
      throw new AppError('API_KEY_SCOPE_MISSING', {
        message: `This API key does not have the "${scope}" scope (${API_KEY_SCOPE_LABELS[scope].label}). Create a key with it in Profile → API keys.`,
      });
    }
    callers.set(request, { id: use.userId, emailVerified: use.emailVerified, keyId: use.id });
  };
}
