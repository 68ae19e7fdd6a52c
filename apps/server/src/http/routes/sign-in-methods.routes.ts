import { signInMethodsSchema } from '@sitelift/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * GET /api/sign-in-methods: what the sign-in and register screens offer besides e-mail and password
 * ("Continue with GitHub" only where the GitHub App is configured). Public, no account details.
 */
export async function registerSignInMethodRoutes(
  app: FastifyInstance,
  options: { githubConfigured: boolean },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sign-in-methods',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in methods offered besides e-mail and password',
        response: { 200: signInMethodsSchema },
      },
    },
    async () => ({ github: options.githubConfigured }),
  );
}
