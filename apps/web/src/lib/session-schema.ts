// The session check runs on every first load, so it uses zod/mini (a few kB) rather than the full
// zod of the form screens. It mirrors `sessionResponseSchema` of @sitelift/shared/schemas/auth.
import * as z from 'zod/mini';
import type { SessionResponse } from '@sitelift/shared/schemas/auth';

const sessionUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.nullish(z.string()),
  image: z.nullish(z.string()),
  avatarUrl: z.nullish(z.string()),
  fullName: z.nullish(z.string()),
  emailVerified: z.boolean(),
  createdAt: z.coerce.date(),
});

/** `GET /api/auth/get-session`: the session and its user, or null when signed out. */
export const sessionResponseMiniSchema: z.ZodMiniType<SessionResponse> = z.nullable(
  z.looseObject({
    session: z.looseObject({ id: z.optional(z.string()) }),
    user: sessionUserSchema,
  }),
) as unknown as z.ZodMiniType<SessionResponse>;
