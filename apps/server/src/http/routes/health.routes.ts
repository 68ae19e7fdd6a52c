import { existsSync } from 'node:fs';
import { healthSchema, type Health } from '@sitelift/shared/schemas/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseKind } from '../../db/database';

/** GET /api/health (DESIGN.md §4). */
export async function registerHealthRoutes(
  app: FastifyInstance,
  options: { databaseKind: DatabaseKind; chromePath: string },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and capabilities',
        response: { 200: healthSchema },
      },
    },
    async (): Promise<Health> => ({
      status: 'ok',
      database: options.databaseKind,
      browser: existsSync(options.chromePath),
      ai: 'offline',
    }),
  );
}
