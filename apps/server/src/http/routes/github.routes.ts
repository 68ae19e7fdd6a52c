import {
  deployBodySchema,
  deployResultSchema,
  githubCallbackBodySchema,
  githubCallbackResultSchema,
  githubConnectionSchema,
  githubDisconnectResultSchema,
  githubRefreshResultSchema,
  githubStateBodySchema,
  githubStateResultSchema,
} from '@sitelift/shared/api/github';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import { deployProject } from '../../github/deploy.service';
import {
  completeCallback,
  createAuthorizeUrl,
  disconnect,
  getConnection,
  refreshConnection,
  type GithubDeps,
} from '../../github/github.service';
import { requireSession } from '../require-session';

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** Deploys one user may start per window (each creates a repository on GitHub). */
export const DEPLOYS_PER_WINDOW = 10;
/** Connect, callback, refresh and disconnect calls one user may make per window. */
export const GITHUB_CALLS_PER_WINDOW = 30;
const WINDOW_MS = 60_000;

/** A per-user rate limit, checked after the session (preHandler), keyed by the user id. */
function perUserLimit(auth: Auth, name: string, max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: WINDOW_MS,
      hook: 'preHandler' as const,
      keyGenerator: async (request: FastifyRequest) => {
        const { user } = await requireSession(auth, request);
        return `${name}|${user.id}`;
      },
    },
  };
}

/**
 * /api/github/* (connection, state, callback, disconnect, refresh) and POST /api/projects/:id/deploy
 * (issue 14, DESIGN.md §4). Every route needs a session; no answer carries a GitHub token.
 */
export async function registerGithubRoutes(
  app: FastifyInstance,
  options: { auth: Auth; deps: GithubDeps },
) {
  const { auth, deps } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = async (request: FastifyRequest) => {
    await requireSession(auth, request);
  };
  const userId = async (request: FastifyRequest) => (await requireSession(auth, request)).user.id;
  const tags = ['github'];

  typed.get(
    '/api/github/connection',
    {
      schema: {
        tags,
        summary: 'Whether GitHub is configured here and the connected account (never a token)',
        response: { 200: githubConnectionSchema, 401: errorSchema },
      },
      preValidation: authenticate,
    },
    async (request) => getConnection(deps, await userId(request)),
  );

  typed.post(
    '/api/github/state',
    {
      schema: {
        tags,
        summary:
          'Binds the browser-made anti-forgery state to the user (10 minutes, single use); returns the authorization URL',
        body: githubStateBodySchema,
        response: {
          200: githubStateResultSchema,
          400: errorSchema,
          401: errorSchema,
          503: errorSchema,
        },
      },
      config: perUserLimit(auth, 'github-state', GITHUB_CALLS_PER_WINDOW),
      preValidation: authenticate,
    },
    async (request) => createAuthorizeUrl(deps, await userId(request), request.body.state),
  );

  typed.post(
    '/api/github/callback',
    {
      schema: {
        tags,
        summary: 'Exchanges the authorization code (state checked) and stores the connection',
        body: githubCallbackBodySchema,
        response: {
          200: githubCallbackResultSchema,
          400: errorSchema,
          401: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
      config: perUserLimit(auth, 'github-callback', GITHUB_CALLS_PER_WINDOW),
      preValidation: authenticate,
    },
    async (request) => completeCallback(deps, await userId(request), request.body),
  );

  typed.post(
    '/api/github/disconnect',
    {
      schema: {
        tags,
        summary: 'Ends the connection: tokens wiped (and revoked on GitHub, best effort)',
        response: {
          200: githubDisconnectResultSchema,
          401: errorSchema,
          500: errorSchema,
          503: errorSchema,
        },
      },
      config: perUserLimit(auth, 'github-disconnect', GITHUB_CALLS_PER_WINDOW),
      preValidation: authenticate,
    },
    async (request) => disconnect(deps, await userId(request)),
  );

  typed.post(
    '/api/github/refresh',
    {
      schema: {
        tags,
        summary: 'Refreshes the access token with the stored refresh token; answers its new expiry',
        response: {
          200: githubRefreshResultSchema,
          400: errorSchema,
          401: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
      config: perUserLimit(auth, 'github-refresh', GITHUB_CALLS_PER_WINDOW),
      preValidation: authenticate,
    },
    async (request) => refreshConnection(deps, await userId(request)),
  );

  typed.post(
    '/api/projects/:id/deploy',
    {
      schema: {
        tags: ['projects', ...tags],
        summary:
          'Publishes a completed project as a new GitHub repository (private unless public: true), one commit',
        params: z.object({ id: z.uuid() }),
        body: deployBodySchema.optional(),
        response: {
          200: deployResultSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          500: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
      // A malformed :id answers 404 like an unknown one (error-handler.ts).
      config: {
        malformedParams: 'API_PROJECT_NOT_FOUND' as const,
        ...perUserLimit(auth, 'github-deploy', DEPLOYS_PER_WINDOW),
      },
      preValidation: authenticate,
    },
    async (request) =>
      deployProject(deps, await userId(request), request.params.id, {
        isPublic: request.body?.public === true,
      }),
  );
}
