import { text } from 'node:stream/consumers';
import { AppError } from '@sitelift/shared/error-codes';
import {
  createProjectBodySchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectSchema,
  updateProjectBodySchema,
} from '@sitelift/shared/schemas/project';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MODERNIZATION_STRATEGIES } from '@sitelift/shared/validation/create-project';
import { ARTIFACT_NAMES } from '../../artifacts/artifact-store';
import type { Auth } from '../../auth/build-auth';
import {
  createProject,
  deleteProject,
  getCompletedProject,
  getProject,
  listProjects,
  rerunProject,
  retryProject,
  updateProject,
  type ProjectServiceDeps,
} from '../../services/projects.service';
import { requireSession } from '../require-session';

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * Route ids are UUIDs; anything else is simply not found (no 400 that reveals the rule). The routes
 * here check `:id` with `z.uuid()` in their params schema (`projectIdRoute`); the pattern and
 * `assertProjectId` remain for the preview routes, which check in the handler.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws API_PROJECT_NOT_FOUND unless `id` is a UUID. */
export function assertProjectId(id: string): void {
  if (!UUID_PATTERN.test(id)) throw new AppError('API_PROJECT_NOT_FOUND');
}

// WebP since decision record 039; runs before it stored PNG.
const SCREENSHOT_NAME = /^(before|after)\/[a-z0-9][a-z0-9._-]{0,200}\.(png|webp)$/;

/**
 * `{name or project}.zip` for Content-Disposition (DESIGN §4). The `content-disposition` package
 * quotes and escapes `filename` and writes the RFC 6266 / 8187 `filename*`. Two rules stay here:
 * slashes become `_` first, because the package keeps only a path's basename and a project name is
 * not a path ("AC/DC" must not become "DC.zip"); and the plain `filename` is given as an ASCII
 * fallback, because the package's default keeps Latin-1 bytes there, which clients that read
 * header bytes as UTF-8 garble (the full name is in `filename*`).
 */
export function contentDispositionFor(name: string): string {
  const base = name.trim().replace(/[/\\]/g, '_') || 'project';
  return contentDisposition(`${base}.zip`, {
    fallback: `${base.replace(/[^\x20-\x7e]/g, '_')}.zip`,
  });
}

/** Streams one stored artifact of the project (404 API_PROJECT_NOT_COMPLETED when it is missing). */
export async function sendArtifact(
  deps: ProjectServiceDeps,
  reply: FastifyReply,
  projectId: string,
  name: string,
  contentType: string,
) {
  const opened = await deps.artifacts.open(projectId, name);
  if (!opened) throw new AppError('API_PROJECT_NOT_COMPLETED');
  return reply
    .header('content-type', contentType)
    .header('content-length', opened.size)
    .header('cache-control', 'private, no-cache')
    .send(opened.stream);
}

/** Sends the run report; Lighthouse measured after delivery (decision record 042) joins it. */
export async function sendReport(
  deps: ProjectServiceDeps,
  reply: FastifyReply,
  project: Awaited<ReturnType<typeof getCompletedProject>>,
) {
  const lighthouse = project.reportSummary?.lighthouse;
  if (lighthouse === undefined) {
    return sendArtifact(
      deps,
      reply,
      project.id,
      ARTIFACT_NAMES.report,
      'application/json; charset=utf-8',
    );
  }
  const opened = await deps.artifacts.open(project.id, ARTIFACT_NAMES.report);
  if (!opened) throw new AppError('API_PROJECT_NOT_COMPLETED');
  const report = JSON.parse(await text(opened.stream)) as Record<string, unknown>;
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'private, no-cache')
    .send(JSON.stringify({ ...report, lighthouse: report.lighthouse ?? lighthouse }));
}

/** /api/projects...: list, create, read, edit, delete, retry, download, report, screenshots. */
export async function registerProjectRoutes(
  app: FastifyInstance,
  options: { auth: Auth; deps: ProjectServiceDeps },
) {
  const { auth, deps } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = async (request: Parameters<typeof requireSession>[1]) => {
    await requireSession(auth, request);
  };
  const idParams = z.object({ id: z.uuid() });
  // A malformed :id answers 404 API_PROJECT_NOT_FOUND like an unknown one (error-handler.ts).
  const projectIdRoute = { malformedParams: 'API_PROJECT_NOT_FOUND' } as const;

  typed.get(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        summary: "The signed-in user's projects, newest first (search, filter, cursor pages)",
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, 400: errorSchema, 401: errorSchema },
      },
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return listProjects(deps, user.id, request.query);
    },
  );

  typed.post(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Create a project and queue its modernization (one credit; verified e-mail)',
        body: createProjectBodySchema,
        response: {
          201: projectSchema,
          400: errorSchema,
          401: errorSchema,
          402: errorSchema,
          403: errorSchema,
          422: errorSchema,
        },
      },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const project = await createProject(
        deps,
        { id: user.id, emailVerified: user.emailVerified },
        request.body,
      );
      return reply.status(201).send(project);
    },
  );

  typed.get(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'One project',
        params: idParams,
        response: { 200: projectSchema, 401: errorSchema, 404: errorSchema },
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return getProject(deps, user.id, request.params.id);
    },
  );

  typed.patch(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'Edit name and description',
        params: idParams,
        body: updateProjectBodySchema,
        response: { 200: projectSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return updateProject(deps, user.id, request.params.id, request.body);
    },
  );

  typed.delete(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'Delete a project with its jobs, logs and artifacts (a running job is cancelled)',
        params: idParams,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      await deleteProject(deps, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/projects/:id/retry',
    {
      schema: {
        tags: ['projects'],
        summary: 'Run the modernization again (one credit)',
        params: idParams,
        response: {
          200: projectSchema,
          401: errorSchema,
          402: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return retryProject(
        deps,
        { id: user.id, emailVerified: user.emailVerified },
        request.params.id,
      );
    },
  );

  typed.post(
    '/api/projects/:id/rerun',
    {
      schema: {
        tags: ['projects'],
        summary:
          'Run a completed or failed project again, with the same or another strategy (one credit)',
        params: idParams,
        body: z
          .strictObject({ modernizationStrategy: z.enum(MODERNIZATION_STRATEGIES).optional() })
          .optional(),
        response: {
          200: projectSchema,
          401: errorSchema,
          402: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request) => {
      const { user } = await requireSession(auth, request);
      return rerunProject(
        deps,
        { id: user.id, emailVerified: user.emailVerified },
        request.params.id,
        request.body ?? {},
      );
    },
  );

  typed.get(
    '/api/projects/:id/download',
    {
      schema: {
        tags: ['projects'],
        summary: 'The generated project as a zip (`{name or project}.zip`); 404 until completed',
        params: idParams,
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const project = await getCompletedProject(deps, user.id, request.params.id);
      reply.header('content-disposition', contentDispositionFor(project.name));
      return sendArtifact(deps, reply, project.id, ARTIFACT_NAMES.zip, 'application/zip');
    },
  );

  typed.get(
    '/api/projects/:id/report',
    {
      schema: {
        tags: ['projects'],
        summary: 'The run report (sitelift-report.json, DESIGN.md §4); 404 until completed',
        params: idParams,
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const project = await getCompletedProject(deps, user.id, request.params.id);
      return sendReport(deps, reply, project);
    },
  );

  typed.get(
    '/api/projects/:id/screenshots/*',
    {
      schema: {
        tags: ['projects'],
        summary:
          'A before/after screenshot (WebP; PNG for older runs), e.g. before/index-desktop.webp',
        params: idParams.extend({ '*': z.string() }),
      },
      config: projectIdRoute,
      preValidation: authenticate,
    },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      const name = request.params['*'];
      if (!SCREENSHOT_NAME.test(name)) throw new AppError('API_NOT_FOUND');
      const project = await getCompletedProject(deps, user.id, request.params.id);
      return sendArtifact(
        deps,
        reply,
        project.id,
        `${ARTIFACT_NAMES.screenshotsDir}/${name}`,
        name.endsWith('.webp') ? 'image/webp' : 'image/png',
      );
    },
  );
}
