import { AppError } from '@sitelift/shared/error-codes';
import {
  HOSTING_PROVIDERS,
  hostingConnectBodySchema,
  hostingDeployBodySchema,
  hostingDeploySchema,
  hostingSettingsSchema,
  projectHostingSchema,
  type HostingDeploy,
} from '@sitelift/shared/schemas/hosting';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/build-auth';
import {
  findHostingDeploy,
  findProjectHosting,
  listHostingDeploys,
  type HostingDeployRow,
} from '../../db/hosting.repository';
import {
  connectHosting,
  disconnectHosting,
  getHostingSettings,
  startHostingRun,
  toProjectHostingJson,
  type HostingDeps,
} from '../../hosting/hosting.service';
import { requireSession } from '../require-session';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const providerParams = z.object({ provider: z.enum(HOSTING_PROVIDERS) });
const idParams = z.object({ id: z.uuid() });

/** Token checks and deploys per user and minute: each reaches a host with the user's token. */
const CONNECTS_PER_MINUTE = 10;
const RUNS_PER_MINUTE = 10;

function perUserLimit(auth: Auth, name: string, max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: async (request: FastifyRequest) => {
        const { user } = await requireSession(auth, request);
        return `${name}|${user.id}`;
      },
    },
  };
}

function toDeployJson(row: HostingDeployRow): HostingDeploy {
  return {
    id: row.id,
    project_id: row.projectId,
    provider: row.provider as HostingDeploy['provider'],
    action: row.action as HostingDeploy['action'],
    status: row.status as HostingDeploy['status'],
    error: row.error,
    logs: row.logs,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const runAnswerSchema = z.object({ deploy: hostingDeploySchema });

/**
 * One-click deploy (issue 27). Settings → Hosting: GET /api/me/hosting, PUT|DELETE
 * /api/me/hosting/:provider (a token checked with the provider, stored encrypted, never answered).
 * A project's site: GET /api/projects/:id/hosting (the site and its latest runs with their logs),
 * POST (deploy, or deploy again to the same site), DELETE (remove the site at the host), GET
 * /api/projects/:id/hosting/deploys/:deployId. Runs go through the worker's `deploy-site` queue;
 * their progress reaches the card through the project's UPDATE events.
 */
export async function registerHostingRoutes(
  app: FastifyInstance,
  options: { auth: Auth; deps: HostingDeps },
) {
  const { auth, deps } = options;
  const { db, config } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = async (request: FastifyRequest) => {
    await requireSession(auth, request);
  };

  typed.get(
    '/api/me/hosting',
    {
      schema: {
        tags: ['hosting'],
        summary: 'The hosting providers offered and your connection to each (never its token)',
        response: { 200: hostingSettingsSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return getHostingSettings(db, config, user.id);
    },
  );

  typed.put(
    '/api/me/hosting/:provider',
    {
      schema: {
        tags: ['hosting'],
        summary: 'Connect a provider with your token: checked with the provider, stored encrypted',
        params: providerParams,
        body: hostingConnectBodySchema,
        response: {
          200: hostingSettingsSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
      preValidation: authenticate,
      config: perUserLimit(auth, 'hosting-connect', CONNECTS_PER_MINUTE),
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      await connectHosting(deps, user.id, request.params.provider, request.body);
      request.log.info({ provider: request.params.provider }, 'hosting connected');
      return getHostingSettings(db, config, user.id);
    },
  );

  typed.delete(
    '/api/me/hosting/:provider',
    {
      schema: {
        tags: ['hosting'],
        summary: 'Forget your token for a provider (deployed sites stay at the host)',
        params: providerParams,
        response: { 200: hostingSettingsSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      await disconnectHosting(db, config, user.id, request.params.provider);
      return getHostingSettings(db, config, user.id);
    },
  );

  typed.get(
    '/api/projects/:id/hosting',
    {
      schema: {
        tags: ['hosting'],
        summary: "The project's hosted site and its latest deploys with their logs",
        params: idParams,
        response: {
          200: z.object({
            hosting: projectHostingSchema.nullable(),
            deploys: z.array(hostingDeploySchema),
          }),
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const project = await findProjectHosting(db, user.id, request.params.id);
      if (!project) throw new AppError('API_PROJECT_NOT_FOUND');
      const deploys = await listHostingDeploys(db, user.id, request.params.id, 5);
      return { hosting: toProjectHostingJson(project.hosting), deploys: deploys.map(toDeployJson) };
    },
  );

  typed.get(
    '/api/projects/:id/hosting/deploys/:deployId',
    {
      schema: {
        tags: ['hosting'],
        summary: 'One deploy or removal of the project, with its log',
        params: z.object({ id: z.uuid(), deployId: z.uuid() }),
        response: { 200: hostingDeploySchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      const row = await findHostingDeploy(db, user.id, request.params.id, request.params.deployId);
      if (!row) throw new AppError('API_PROJECT_NOT_FOUND');
      return toDeployJson(row);
    },
  );

  typed.post(
    '/api/projects/:id/hosting',
    {
      schema: {
        tags: ['hosting'],
        summary:
          'Deploy the built site (again, to the same site) with your token or as a claimable site',
        params: idParams,
        body: hostingDeployBodySchema,
        response: {
          202: runAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
      preValidation: authenticate,
      config: perUserLimit(auth, 'hosting-run', RUNS_PER_MINUTE),
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const row = await startHostingRun(deps, user.id, request.params.id, {
        action: 'deploy',
        provider: request.body.provider,
        mode: request.body.mode,
      });
      return reply.code(202).send({ deploy: toDeployJson(row) });
    },
  );

  typed.delete(
    '/api/projects/:id/hosting',
    {
      schema: {
        tags: ['hosting'],
        summary: 'Remove the hosted site: deleted at the host, then forgotten here',
        params: idParams,
        response: {
          202: runAnswerSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
      config: perUserLimit(auth, 'hosting-run', RUNS_PER_MINUTE),
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const row = await startHostingRun(deps, user.id, request.params.id, { action: 'remove' });
      return reply.code(202).send({ deploy: toDeployJson(row) });
    },
  );
}
