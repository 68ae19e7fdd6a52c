import {
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from '@sitelift/shared/schemas/api-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../api-keys/api-keys.service';
import type { Auth } from '../../auth/build-auth';
import type { AppDb } from '../../db/database';
import { requireSession } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * /api/me/api-keys (issue 26): the signed-in user lists, creates and revokes the API keys of the
 * public API /api/v1. No id of another user can be reached: every query is scoped to the session's user.
 */
export async function registerApiKeyRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: AppDb },
) {
  const { auth, db } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = async (request: FastifyRequest) => {
    await requireSession(auth, request);
  };

  typed.get(
    '/api/me/api-keys',
    {
      schema: {
        tags: ['me'],
        summary:
          'Your active API keys (prefix, scopes, last use) and whether your plan has API access',
        response: { 200: apiKeyListSchema, 401: errorSchema },
      },
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return listApiKeys(db, user.id);
    },
  );

  typed.post(
    '/api/me/api-keys',
    {
      schema: {
        tags: ['me'],
        summary:
          'Create an API key (shown in this answer only); the Scale plan includes API access',
        body: createApiKeyBodySchema,
        response: {
          201: createdApiKeySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      return reply.status(201).send(await createApiKey(db, user.id, request.body));
    },
  );

  typed.delete(
    '/api/me/api-keys/:id',
    {
      schema: {
        tags: ['me'],
        summary: 'Revoke an API key: it stops working at once',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
      config: { malformedParams: 'API_KEY_NOT_FOUND' },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      await revokeApiKey(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
