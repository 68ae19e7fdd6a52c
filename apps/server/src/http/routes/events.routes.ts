import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth/build-auth';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { openSse, parseLastEventId } from '../../realtime/sse';
import { isSessionStillValid, requireSession } from '../require-session';

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * GET /api/events (SSE): the signed-in user's project INSERT/UPDATE/DELETE (`event: project`) and job
 * status changes (`event: job`), each with an `id:`; `event: ready` (with the id the stream is caught up
 * to) once subscribed. A reconnect with Last-Event-ID first gets the changes it missed, like the log
 * stream. The stream closes when its session ends (sign-out, revocation, expiry). Data shapes:
 * shared/schemas/job.ts.
 */
export async function registerEventRoutes(
  app: FastifyInstance,
  options: { auth: Auth; hub: RealtimeHub; heartbeatMs?: number },
) {
  const { auth, hub } = options;
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['realtime'],
        summary:
          "SSE of the user's project and job changes (event: project | job | ready, each with an id); resumes after Last-Event-ID",
      },
    },
    async (request, reply) => {
      const { user, session } = await requireSession(auth, request);
      const connection = openSse(request, reply, { heartbeatMs: options.heartbeatMs });
      connection.write('retry: 1000\n\n');
      // The stream ends with its session: at its expiry, and when a sign-out or a revocation is seen
      // (the hub checks again on every batch and on every session change).
      const expiry = setTimeout(
        () => connection.close(),
        Math.min(MAX_TIMER_MS, Math.max(0, new Date(session.expiresAt).getTime() - Date.now())),
      );
      expiry.unref();
      connection.onClose(() => clearTimeout(expiry));
      await hub.followUser(user.id, connection, (message) => connection.send(message), {
        lastEventId: parseLastEventId(request),
        isSessionAlive: () => isSessionStillValid(auth, request, session.id),
      });
    },
  );
}
