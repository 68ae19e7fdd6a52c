import {
  batchCheckBodySchema,
  batchCheckSchema,
  batchListSchema,
  batchSchema,
  createBatchBodySchema,
} from '@sitelift/shared/schemas/batches';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import {
  checkBatch,
  createBatch,
  getBatch,
  listBatches,
  openBatchArchive,
  type BatchServiceDeps,
} from '../../services/batches.service';
import { requireSession } from '../require-session';
import { contentDispositionFor } from './projects.routes';

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** Checks and batches per user and minute: each reads up to 500 remote pages. */
const BATCH_CHECKS_PER_MINUTE = 6;

/**
 * /api/batches... (issue 26): pre-check a list of URLs, start a batch (credits taken up front for the
 * sites accepted), list batches, one batch with its sites, and the combined download.
 */
export async function registerBatchRoutes(
  app: FastifyInstance,
  options: { auth: Auth; deps: BatchServiceDeps },
) {
  const { auth, deps } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = async (request: FastifyRequest) => {
    await requireSession(auth, request);
  };
  const userOf = async (request: FastifyRequest) => (await requireSession(auth, request)).user;
  const idParams = z.object({ id: z.uuid() });
  const batchRoute = { malformedParams: 'API_BATCH_NOT_FOUND' } as const;
  const tags = ['batches'];
  const rateLimit = {
    max: BATCH_CHECKS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `batches|${request.ip}`,
  };

  typed.post(
    '/api/batches/check',
    {
      schema: {
        tags,
        summary:
          'Pre-check a list of URLs (up to 500): each line accepted or why not; nothing charged',
        body: batchCheckBodySchema,
        response: { 200: batchCheckSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
      config: { rateLimit },
      preValidation: authenticate,
    },
    async (request) => {
      const user = await userOf(request);
      return checkBatch(
        deps,
        { id: user.id, emailVerified: user.emailVerified },
        request.body.urls,
      );
    },
  );

  typed.post(
    '/api/batches',
    {
      schema: {
        tags,
        summary:
          'Start a batch: one project per accepted URL, one credit each taken now (402 when short)',
        body: createBatchBodySchema,
        response: {
          201: batchSchema,
          400: errorSchema,
          401: errorSchema,
          402: errorSchema,
          403: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
      config: { rateLimit },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const user = await userOf(request);
      const batch = await createBatch(
        deps,
        { id: user.id, emailVerified: user.emailVerified },
        request.body,
      );
      return reply.status(201).send(batch);
    },
  );

  typed.get(
    '/api/batches',
    {
      schema: {
        tags,
        summary: "The signed-in user's batches, newest first, with their progress",
        response: { 200: batchListSchema, 401: errorSchema },
      },
      preValidation: authenticate,
    },
    async (request) => ({ items: await listBatches(deps, (await userOf(request)).id) }),
  );

  typed.get(
    '/api/batches/:id',
    {
      schema: {
        tags,
        summary: 'One batch: progress, each site and the rejected lines',
        params: idParams,
        response: { 200: batchSchema, 401: errorSchema, 404: errorSchema },
      },
      config: batchRoute,
      preValidation: authenticate,
    },
    async (request) => getBatch(deps, (await userOf(request)).id, request.params.id),
  );

  typed.get(
    '/api/batches/:id/download',
    {
      schema: {
        tags,
        summary: 'One zip: a zip per completed site under sites/, and summary.csv of every line',
        params: idParams,
      },
      config: batchRoute,
      preValidation: authenticate,
    },
    async (request, reply) => {
      const archive = await openBatchArchive(deps, (await userOf(request)).id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDispositionFor(archive.name))
        .header('cache-control', 'private, no-cache')
        .send(archive.stream);
    },
  );
}
