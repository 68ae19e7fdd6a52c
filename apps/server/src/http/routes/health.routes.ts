import { findBrowser } from '@sitelift/engine';
import { healthSchema, type Health } from '@sitelift/shared/schemas/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseKind } from '../../db/database';

/**
 * GET /api/health (DESIGN.md §4). The browser is the one this process would use (CHROME_PATH, an
 * installed one, or the npm-shipped one), found on the first request and remembered.
 */
export async function registerHealthRoutes(
  app: FastifyInstance,
  options: { databaseKind: DatabaseKind; chromePath: string | undefined },
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
    async (): Promise<Health> => {
      const { browser, warnings } = await findBrowser({ chromePath: options.chromePath });
      return {
        status: 'ok',
        database: options.databaseKind,
        browser: browser !== undefined,
        browser_name: browser?.name ?? null,
        browser_path: browser?.path ?? null,
        browser_source: browser?.source ?? null,
        browser_sandbox: browser?.sandbox ?? null,
        ai: 'offline',
        warnings,
      };
    },
  );
}
