import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../../db/database';
import { deleteExpiredIdempotencyKeys } from '../../../db/idempotency.repository';
import type { ProjectServiceDeps } from '../../../services/projects.service';
import { buildApiKeyAuth } from './api-key-auth';
import { registerV1BatchRoutes } from './batches.v1.routes';
import { buildIdempotentRunner } from './idempotency';
import { registerV1ProjectRoutes } from './projects.v1.routes';
import { registerV1Reference } from './v1-reference';

/** Where the public API lives; its routes are registered under this prefix. */
export const V1_PREFIX = '/api/v1';

/** How often expired idempotency keys are deleted. */
const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** What the public API needs. */
export interface V1Options {
  deps: ProjectServiceDeps;
  db: AppDb;
  rateLimit: { max: number; windowSeconds: number };
  baseUrl: string;
  /** How long a repeat waits for the first request of its Idempotency-Key (default 30 s). */
  idempotencyWaitMs?: number;
}

/**
 * The public, versioned API /api/v1 (issue 26), authenticated by API key (`Authorization: Bearer`),
 * with its OpenAPI 3.1 document at /api/v1/openapi.json and a reference page at /api/v1/docs. A
 * feature adds its routes inside the scope below: each route names its `config.apiScope`, and its
 * POSTs run through `runIdempotent`.
 */
export async function registerV1Routes(app: FastifyInstance, options: V1Options): Promise<void> {
  const authenticateApiKey = buildApiKeyAuth({ db: options.db, rateLimit: options.rateLimit });
  const runIdempotent = buildIdempotentRunner({
    db: options.db,
    waitMs: options.idempotencyWaitMs,
  });
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', authenticateApiKey);
      await registerV1ProjectRoutes(v1, { deps: options.deps, runIdempotent });
      await registerV1BatchRoutes(v1, { deps: options.deps, runIdempotent });
      await registerV1Reference(v1, { baseUrl: options.baseUrl, prefix: V1_PREFIX });
    },
    { prefix: V1_PREFIX },
  );
  const purge = setInterval(() => {
    deleteExpiredIdempotencyKeys(options.db).catch((error: unknown) =>
      options.deps.logger.warn({ err: error }, 'could not delete expired idempotency keys'),
    );
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
  });
}
