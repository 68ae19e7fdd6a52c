import { profileUpdateBodySchema } from '@sitelift/shared/schemas/auth';
import { profileResponseSchema } from '@sitelift/shared/schemas/profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import type { AppDb } from '../../db/database';
import { getProfile } from '../../services/get-profile';
import { updateProfile } from '../../services/update-profile';
import { requireSession } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** GET and PATCH /api/me/profile: the signed-in user's profile (spec §3). */
export async function registerProfileRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: AppDb },
) {
  const { auth, db } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/me/profile',
    {
      schema: {
        tags: ['me'],
        summary: "The signed-in user's profile",
        response: { 200: profileResponseSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return getProfile(db, user.id);
    },
  );

  typed.patch(
    '/api/me/profile',
    {
      schema: {
        tags: ['me'],
        summary: 'Update full name, company name and avatar URL (trimmed; empty → null)',
        body: profileUpdateBodySchema,
        response: { 200: profileResponseSchema, 400: errorSchema, 401: errorSchema },
      },
      // Authenticate before validating, so a signed-out caller learns nothing about the body rules.
      preValidation: async (request) => {
        await requireSession(auth, request);
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return updateProfile(db, user.id, request.body);
    },
  );
}
