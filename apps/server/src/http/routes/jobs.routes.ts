import { AppError } from '@sitelift/shared/error-codes';
import { jobLogsResponseSchema, jobResponseSchema } from '@sitelift/shared/schemas/job';
import { PROJECT_MESSAGES } from '@sitelift/shared/schemas/project';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import type { AppDb } from '../../db/database';
import { findJobForUser, listJobLogs } from '../../db/jobs.repository';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { openSse, parseLastEventId } from '../../realtime/sse';
import { requireSession, type SignedIn } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

async function requireLogSession(auth: Auth, request: FastifyRequest): Promise<SignedIn> {
  try {
    return await requireSession(auth, request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'API_UNAUTHENTICATED') {
      throw new AppError('API_UNAUTHENTICATED', { message: PROJECT_MESSAGES.logsUnauthenticated });
    }
    throw error;
  }
}

/** GET /api/jobs/:id, GET /api/jobs/:id/logs and the log stream GET /logs/:jobId/stream (SSE). */
export async function registerJobRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: AppDb; hub: RealtimeHub; heartbeatMs?: number },
) {
  const { auth, db, hub } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const ownedJob = async (userId: string, jobId: string) => {
    const job = await findJobForUser(db, userId, jobId);
    if (!job) throw new AppError('API_JOB_NOT_FOUND');
    return job;
  };
  // Ids are checked by z.uuid() in the params schemas; a malformed one answers 404
  // API_JOB_NOT_FOUND like an unknown one (error-handler.ts). The session is checked in
  // preValidation, before the params, so signed out it stays 401.
  const jobIdRoute = { malformedParams: 'API_JOB_NOT_FOUND' } as const;
  const authenticate = async (request: FastifyRequest) => {
    await requireSession(auth, request);
  };

  typed.get(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: "A job's status",
        params: z.object({ id: z.uuid() }),
        response: { 200: jobResponseSchema, 401: errorSchema, 404: errorSchema },
      },
      config: jobIdRoute,
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const job = await ownedJob(user.id, request.params.id);
      return { id: job.id, status: job.status };
    },
  );

  typed.get(
    '/api/jobs/:id/logs',
    {
      schema: {
        tags: ['jobs'],
        summary: "A job's log lines, oldest first",
        params: z.object({ id: z.uuid() }),
        response: { 200: jobLogsResponseSchema, 401: errorSchema, 404: errorSchema },
      },
      config: jobIdRoute,
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const job = await ownedJob(user.id, request.params.id);
      return listJobLogs(db, job.id);
    },
  );

  typed.get(
    '/logs/:jobId/stream',
    {
      schema: {
        tags: ['jobs'],
        summary:
          'SSE: the job log (`id: <line id>`, `data: <ISO time> - <LEVEL> - <message>`), then `event: end` with the final status',
        params: z.object({ jobId: z.uuid() }),
      },
      config: jobIdRoute,
      preValidation: async (request) => {
        await requireLogSession(auth, request);
      },
    },
    async (request, reply) => {
      const { user } = await requireLogSession(auth, request);
      const job = await ownedJob(user.id, request.params.jobId);
      const connection = openSse(request, reply, { heartbeatMs: options.heartbeatMs });
      connection.write('retry: 1000\n\n');
      await hub.followJobLog(job.id, connection, parseLastEventId(request) ?? 0);
    },
  );
}
