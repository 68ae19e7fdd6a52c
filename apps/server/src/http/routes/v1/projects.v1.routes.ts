import { creditsResponseSchema } from '@sitelift/shared/schemas/credits';
import { jobLogsResponseSchema } from '@sitelift/shared/schemas/job';
import {
  createProjectBodySchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectSchema,
} from '@sitelift/shared/schemas/project';
import { MODERNIZATION_STRATEGIES } from '@sitelift/shared/validation/create-project';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARTIFACT_NAMES } from '../../../artifacts/artifact-store';
import { listJobLogs } from '../../../db/jobs.repository';
import { cancelProjectJob } from '../../../services/cancel-project-job';
import { getCredits } from '../../../services/credits.service';
import {
  createProject,
  deleteProject,
  getCompletedProject,
  getProject,
  listProjects,
  rerunProject,
  type ProjectServiceDeps,
} from '../../../services/projects.service';
import { contentDispositionFor, sendArtifact, sendReport } from '../projects.routes';
import { apiCallerOf } from './api-key-auth';
import type { buildIdempotentRunner } from './idempotency';

/** The error body of every /api/v1 answer that is not 2xx. */
export const v1ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, v1ErrorSchema]));

/** Every key-authenticated answer may also be 401 (key), 403 (plan, scope) or 429 (rate limit). */
const AUTH_ERRORS = [401, 403, 429];

const idParams = z.object({ id: z.uuid() });

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Any unique string up to 255 characters (a UUID is best). A repeat with the same key and body gets the first answer; the same key with another body is 422. Keys are kept 24 hours.',
    ),
});

/** GET /api/v1/projects/:id/logs answer: the lines of the project's current job. */
const projectLogsSchema = z.object({
  job_id: z.string().nullable(),
  items: jobLogsResponseSchema,
});

/**
 * The project routes of the public API (issue 26): a thin layer over the same services as
 * /api/projects (credits, the SSRF guard, owner scoping), authenticated by API key. Each route's
 * `config.apiScope` is checked by the v1 plugin's onRequest hook (api-key-auth.ts).
 */
export async function registerV1ProjectRoutes(
  app: FastifyInstance,
  options: {
    deps: ProjectServiceDeps;
    runIdempotent: ReturnType<typeof buildIdempotentRunner>;
  },
) {
  const { deps, runIdempotent } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = { apiScope: 'read', malformedParams: 'API_PROJECT_NOT_FOUND' } as const;
  const write = { apiScope: 'projects', malformedParams: 'API_PROJECT_NOT_FOUND' } as const;

  typed.post(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Create a project and queue its rebuild (one credit)',
        description:
          'Checks the URL (no private or loopback addresses), takes one credit and queues the job. `includePaths`/`excludePaths` choose the pages, `aiAdditions` lets a model write what the original lacks. Scope: projects.',
        headers: idempotencyHeaders,
        body: createProjectBodySchema,
        response: { 201: projectSchema, ...errors(400, 402, 409, 422, ...AUTH_ERRORS) },
      },
      config: { apiScope: 'projects' },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async () => ({
        status: 201,
        body: await createProject(deps, apiCallerOf(request), request.body),
      })),
  );

  typed.get(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Your projects, newest first, a page at a time',
        description:
          "Pass the answer's `nextCursor` as `cursor` for the next page (null on the last). `status` filters (all, completed, in-progress), `search` matches name and URL. Scope: read.",
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, ...errors(400, ...AUTH_ERRORS) },
      },
      config: { apiScope: 'read' },
    },
    async (request) => listProjects(deps, apiCallerOf(request).id, request.query),
  );

  typed.get(
    '/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'One project with its status and, once completed, its report summary',
        params: idParams,
        response: { 200: projectSchema, ...errors(404, ...AUTH_ERRORS) },
      },
      config: read,
    },
    async (request) => getProject(deps, apiCallerOf(request).id, request.params.id),
  );

  typed.get(
    '/projects/:id/logs',
    {
      schema: {
        tags: ['projects'],
        summary: "The log lines of the project's current job, oldest first",
        description: '`after` (a line id) returns only newer lines, for polling. Scope: read.',
        params: idParams,
        querystring: z.object({ after: z.coerce.number().int().nonnegative().optional() }),
        response: { 200: projectLogsSchema, ...errors(404, ...AUTH_ERRORS) },
      },
      config: read,
    },
    async (request) => {
      const project = await getProject(deps, apiCallerOf(request).id, request.params.id);
      const items = project.job_id
        ? await listJobLogs(deps.db, project.job_id, { afterId: request.query.after })
        : [];
      return { job_id: project.job_id, items };
    },
  );

  typed.get(
    '/projects/:id/report',
    {
      schema: {
        tags: ['projects'],
        summary: 'The run report (sitelift-report.json); 404 until completed',
        params: idParams,
        response: { ...errors(404, ...AUTH_ERRORS) },
      },
      config: read,
    },
    async (request, reply) => {
      const project = await getCompletedProject(deps, apiCallerOf(request).id, request.params.id);
      return sendReport(deps, reply, project);
    },
  );

  typed.get(
    '/projects/:id/download',
    {
      schema: {
        tags: ['projects'],
        summary: 'The rebuilt project as a zip; 404 until completed',
        params: idParams,
        response: { ...errors(404, ...AUTH_ERRORS) },
      },
      config: read,
    },
    async (request, reply) => {
      const project = await getCompletedProject(deps, apiCallerOf(request).id, request.params.id);
      reply.header('content-disposition', contentDispositionFor(project.name));
      return sendArtifact(deps, reply, project.id, ARTIFACT_NAMES.zip, 'application/zip');
    },
  );

  typed.post(
    '/projects/:id/rerun',
    {
      schema: {
        tags: ['projects'],
        summary: 'Run a completed or failed project again, same or another strategy (one credit)',
        description:
          'The previous result stays downloadable until the new run completes; a failed run refunds its credit. Scope: projects.',
        params: idParams,
        headers: idempotencyHeaders,
        body: z
          .strictObject({ modernizationStrategy: z.enum(MODERNIZATION_STRATEGIES).optional() })
          .optional(),
        response: { 200: projectSchema, ...errors(400, 402, 404, 409, 422, ...AUTH_ERRORS) },
      },
      config: write,
    },
    async (request, reply) =>
      runIdempotent(request, reply, async () => ({
        status: 200,
        body: await rerunProject(deps, apiCallerOf(request), request.params.id, request.body ?? {}),
      })),
  );

  typed.post(
    '/projects/:id/cancel',
    {
      schema: {
        tags: ['projects'],
        summary: "Cancel the project's queued or running job (its credit comes back)",
        description:
          'The job ends FAILED and the project `failed`; 409 when no job is queued or running. Scope: projects.',
        params: idParams,
        headers: idempotencyHeaders,
        response: { 200: projectSchema, ...errors(404, 409, 422, ...AUTH_ERRORS) },
      },
      config: write,
    },
    async (request, reply) =>
      runIdempotent(request, reply, async () => ({
        status: 200,
        body: await cancelProjectJob(deps, apiCallerOf(request).id, request.params.id),
      })),
  );

  typed.delete(
    '/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'Delete a project with its jobs, logs and files (a running job is cancelled)',
        params: idParams,
        response: { 204: z.null(), ...errors(404, ...AUTH_ERRORS) },
      },
      config: write,
    },
    async (request, reply) => {
      await deleteProject(deps, apiCallerOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/credits',
    {
      schema: {
        tags: ['billing'],
        summary: 'Your credit balance',
        description: 'Scope: billing-read.',
        response: { 200: creditsResponseSchema, ...errors(...AUTH_ERRORS) },
      },
      config: { apiScope: 'billing-read' },
    },
    async (request) => getCredits(deps.db, apiCallerOf(request).id, { entries: false }),
  );
}
