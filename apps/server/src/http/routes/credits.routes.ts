import { creditsResponseSchema } from '@sitelift/shared/schemas/credits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import type { AppDb } from '../../db/database';
import { getCredits } from '../../services/credits.service';
import { requireSession } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** GET /api/me/credits: `{ balance }`, with `?entries=true` also the newest ledger entries. */
export async function registerCreditRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: AppDb },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/me/credits',
    {
      schema: {
        tags: ['me'],
        summary: "The signed-in user's credit balance (and ledger entries with ?entries=true)",
        querystring: z.object({
          entries: z.enum(['true', 'false']).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          before: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: creditsResponseSchema, 401: errorSchema },
      },
      preValidation: async (request) => {
        await requireSession(options.auth, request);
      },
    },
    async (request) => {
      const { user } = await requireSession(options.auth, request);
      return getCredits(options.db, user.id, {
        entries: request.query.entries === 'true',
        limit: request.query.limit,
        before: request.query.before,
      });
    },
  );
}
