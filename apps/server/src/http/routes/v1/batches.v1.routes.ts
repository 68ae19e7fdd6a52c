import {
  batchListSchema,
  batchSchema,
  createBatchBodySchema,
} from '@sitelift/shared/schemas/batches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBatch,
  getBatch,
  listBatches,
  openBatchArchive,
  type BatchServiceDeps,
} from '../../../services/batches.service';
import { contentDispositionFor } from '../projects.routes';
import { apiCallerOf } from './api-key-auth';
import type { buildIdempotentRunner } from './idempotency';
import { v1ErrorSchema } from './projects.v1.routes';

const errorsFor = (...statuses: number[]) =>
  Object.fromEntries([...statuses, 401, 403, 429].map((status) => [status, v1ErrorSchema]));

/**
 * The batch routes of the public API (issue 26): start a batch from an array of up to 500 URLs (one
 * credit per accepted site, taken up front), read it, list batches, download the combined zip. The
 * same service as the web app's /api/batches.
 */
export async function registerV1BatchRoutes(
  app: FastifyInstance,
  options: { deps: BatchServiceDeps; runIdempotent: ReturnType<typeof buildIdempotentRunner> },
) {
  const { deps, runIdempotent } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.uuid() });
  const read = { apiScope: 'read', malformedParams: 'API_BATCH_NOT_FOUND' } as const;

  typed.post(
    '/batches',
    {
      schema: {
        tags: ['batches'],
        summary: 'Start a batch: one project per accepted URL (up to 500), one credit each',
        description:
          'Every URL is checked first (reachable, public); rejected lines cost nothing and are listed with their reason. When the balance does not cover every accepted site the answer is 402 with `details.needed` and `details.balance`, and nothing is charged — unless `allow_partial` is true, which starts as many as the balance covers, in list order. Scope: projects. Takes an `Idempotency-Key` header.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: createBatchBodySchema,
        response: { 201: batchSchema, ...errorsFor(400, 402, 409, 422) },
      },
      config: { apiScope: 'projects' },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async () => ({
        status: 201,
        body: await createBatch(deps, apiCallerOf(request), request.body),
      })),
  );

  typed.get(
    '/batches',
    {
      schema: {
        tags: ['batches'],
        summary: 'Your newest batches (50) with their progress counts',
        description: 'Scope: read.',
        response: { 200: batchListSchema, ...errorsFor() },
      },
      config: { apiScope: 'read' },
    },
    async (request) => ({ items: await listBatches(deps, apiCallerOf(request).id) }),
  );

  typed.get(
    '/batches/:id',
    {
      schema: {
        tags: ['batches'],
        summary: 'One batch: progress, each site with its project and state, the rejected lines',
        description: 'Scope: read.',
        params: idParams,
        response: { 200: batchSchema, ...errorsFor(404) },
      },
      config: read,
    },
    async (request) => getBatch(deps, apiCallerOf(request).id, request.params.id),
  );

  typed.get(
    '/batches/:id/download',
    {
      schema: {
        tags: ['batches'],
        summary: 'One zip: a zip per completed site under sites/ and summary.csv of every line',
        description: 'Scope: read. A stream (application/zip); errors as JSON (404 unknown batch).',
        params: idParams,
      },
      config: read,
    },
    async (request, reply) => {
      const archive = await openBatchArchive(deps, apiCallerOf(request).id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDispositionFor(archive.name))
        .send(archive.stream);
    },
  );
}
