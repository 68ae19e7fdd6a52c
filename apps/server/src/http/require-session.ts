import { AppError } from '@sitelift/shared/error-codes';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/build-auth';
import type { SessionCache } from '../auth/session-cache';

/** The signed-in user and session of a request. */
export type SignedIn = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

const sessionsByRequest = new WeakMap<FastifyRequest, SignedIn>();
const caches = new WeakMap<
  Auth,
  {
    cache: SessionCache<SignedIn>;
    cookieName: Promise<string>;
    onActive?: (sessionId: string) => void;
  }
>();

/**
 * Puts a session cache in front of `auth` for requireSession (app.ts does this once per app). The
 * caller clears it when sessions may have changed (see auth/session-cache.ts). `onActive` hears of
 * every request a session made (the device list's "last active").
 */
export function attachSessionCache(
  auth: Auth,
  cache: SessionCache<SignedIn>,
  onActive?: (sessionId: string) => void,
): void {
  const cookieName = auth.$context.then((context) => context.authCookies.sessionToken.name);
  caches.set(auth, { cache, cookieName, onActive });
}

/** The session cache attached to `auth`, if any. */
export function sessionCacheOf(auth: Auth): SessionCache<SignedIn> | undefined {
  return caches.get(auth)?.cache;
}

async function lookUp(auth: Auth, request: FastifyRequest): Promise<SignedIn | null> {
  const lookup = () => auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  const cached = caches.get(auth);
  if (!cached) return lookup();
  // @fastify/cookie (registered in app.ts) has parsed the Cookie header.
  const token = request.cookies[await cached.cookieName];
  if (!token) return null;
  return cached.cache.resolve(token, lookup);
}

/** Returns the request's session or throws 401 API_UNAUTHENTICATED (looked up once per request). */
export async function requireSession(auth: Auth, request: FastifyRequest): Promise<SignedIn> {
  const known = sessionsByRequest.get(request);
  if (known) return known;
  const session = await lookUp(auth, request);
  if (!session) throw new AppError('API_UNAUTHENTICATED');
  sessionsByRequest.set(request, session);
  caches.get(auth)?.onActive?.(session.session.id);
  return session;
}

/**
 * True while the session `sessionId` that `request` was signed in with is still valid (not signed out,
 * revoked or expired): long-lived responses such as event streams ask again as they go.
 */
export async function isSessionStillValid(
  auth: Auth,
  request: FastifyRequest,
  sessionId: string,
): Promise<boolean> {
  const session = await lookUp(auth, request);
  return (
    session !== null &&
    session.session.id === sessionId &&
    new Date(session.session.expiresAt).getTime() > Date.now()
  );
}
