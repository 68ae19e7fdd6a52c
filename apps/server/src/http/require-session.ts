import { AppError } from '@sitelift/shared/error-codes';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/build-auth';

/** The signed-in user and session of a request. */
export type SignedIn = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

const sessionsByRequest = new WeakMap<FastifyRequest, SignedIn>();

/** Returns the request's session or throws 401 API_UNAUTHENTICATED (looked up once per request). */
export async function requireSession(auth: Auth, request: FastifyRequest): Promise<SignedIn> {
  const known = sessionsByRequest.get(request);
  if (known) return known;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) throw new AppError('API_UNAUTHENTICATED');
  sessionsByRequest.set(request, session);
  return session;
}
