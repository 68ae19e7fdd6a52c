import { PROJECTS_ERROR_CODES } from '@sitelift/shared/error-codes/projects';
import {
  createProjectBodySchema,
  projectListResponseSchema,
  projectSchema,
} from '@sitelift/shared/schemas/project';
import { siteliftReportSchema } from '@sitelift/shared/schemas/report';
import { siteCheckSchema, type SiteCheckResult } from '@sitelift/shared/schemas/site-check';
import { HttpResponse, http } from 'msw';
import { MODERNIZATION_STRATEGIES } from '@sitelift/shared/validation/create-project';
import { z } from 'zod';
import { addCreditEntry, buildMockEventStream, getSessionUser, mockDb } from '../db';
import type { MockProject } from '../db';

const error = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

const unauthenticated = () => error(401, 'API_UNAUTHENTICATED', 'Authentication required');
const notFound = () => error(404, 'API_PROJECT_NOT_FOUND', 'Project not found.');

const TERMINAL = new Set(['completed', 'failed']);
const modernizationStrategySchema = z.enum(MODERNIZATION_STRATEGIES);

/**
 * Answers with `body` checked against the schema the server answers with, so that a mock cannot
 * drift from the real API (issue 11): a test whose mock data the server could never send fails here.
 */
function json<T>(schema: z.ZodType<T>, body: T, init?: ResponseInit) {
  return HttpResponse.json(schema.parse(body) as Parameters<typeof HttpResponse.json>[0], init);
}

function matches(project: MockProject, search: string, status: string): boolean {
  const needle = search.toLowerCase();
  if (
    needle !== '' &&
    !project.name.toLowerCase().includes(needle) &&
    !project.source_url.toLowerCase().includes(needle)
  ) {
    return false;
  }
  if (status === 'completed') return project.status === 'completed';
  if (status === 'in-progress') return !TERMINAL.has(project.status);
  return true;
}

const sseHeaders = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

/**
 * Answers of POST /api/site-check by address: a result, or an error as the server sends it. An
 * address not listed is a reachable two-page site. Cleared after each test (testing/setup.ts).
 */
export const siteCheckAnswers = new Map<
  string,
  SiteCheckResult | { status: number; code: string; message: string }
>();

/** The projects and jobs API (issue 4), answering like the server, backed by `mockDb`. */
export const projectHandlers = [
  http.post('*/api/site-check', async ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as { source_url: string };
    mockDb.calls.push({ method: 'POST', path: '/api/site-check', body });
    // As the server does: a bare host is tried as https:// (which these fixtures answer).
    const url = /^https?:\/\//i.test(body.source_url)
      ? body.source_url
      : `https://${body.source_url}`;
    const answer = siteCheckAnswers.get(url);
    if (answer && 'status' in answer) return error(answer.status, answer.code, answer.message);
    return json(
      siteCheckSchema,
      answer ?? {
        url,
        final_url: url,
        title: 'Old site',
        robots_allowed: true,
        estimated_pages: 2,
        pages_capped: false,
        pages_found: 2,
        paths: ['/', '/about.html'],
        robots_excluded: [],
        page_limit: 25,
        needs_javascript: false,
        warnings: [],
      },
    );
  }),
  http.get('*/api/projects', ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const url = new URL(request.url);
    mockDb.listQueries.push(url.search);
    const search = url.searchParams.get('search') ?? '';
    const status = url.searchParams.get('status') ?? 'all';
    const limit = Number(url.searchParams.get('limit') ?? '5');
    const cursor = url.searchParams.get('cursor');
    const all = mockDb.projects.filter((project) => matches(project, search, status));
    const start = cursor ? Number(cursor) : 0;
    const items = all.slice(start, start + limit);
    const end = start + items.length;
    return json(projectListResponseSchema, {
      items,
      total: all.length,
      nextCursor: end < all.length ? String(end) : null,
      counts: {
        total: mockDb.projects.length,
        completed: mockDb.projects.filter((p) => p.status === 'completed').length,
        in_progress: mockDb.projects.filter((p) => !TERMINAL.has(p.status)).length,
      },
    });
  }),
  http.post('*/api/projects', async ({ request }) => {
    const user = getSessionUser();
    if (!user) return unauthenticated();
    const parsed = createProjectBodySchema.safeParse(await request.json());
    if (!parsed.success) {
      return error(400, 'API_VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid body');
    }
    const body = parsed.data;
    mockDb.calls.push({ method: 'POST', path: '/api/projects', body });
    if (mockDb.createFailure) {
      const { status, code, message } = mockDb.createFailure;
      return error(status, code, message);
    }
    const now = new Date().toISOString();
    const project: MockProject = {
      id: `project-new-${mockDb.projects.length + 1}`,
      user_id: user.id,
      name: body.name ?? '',
      description: body.description ?? null,
      source_url: body.sourceUrl ?? '',
      modernization_strategy: body.modernizationStrategy,
      target_framework: 'React',
      status: 'queued',
      job_id: `job-new-${mockDb.projects.length + 1}`,
      job_status: 'QUEUED',
      generated_code_url: null,
      github_repo_url: null,
      include_paths: body.includePaths,
      exclude_paths: body.excludePaths,
      unbuilt_links: body.unbuiltLinks,
      ai_additions: body.aiAdditions,
      error_message: null,
      created_at: now,
      updated_at: now,
      report_summary: null,
      report_url: null,
      preview_url: null,
      thumbnails: null,
    };
    mockDb.projects.unshift(project);
    mockDb.credits -= 1;
    return json(projectSchema, project, { status: 201 });
  }),
  http.get('*/api/projects/:id/report', ({ params }) => {
    const report = mockDb.reports.get(String(params.id));
    return report ? json(siteliftReportSchema, report) : notFound();
  }),
  http.get('*/api/projects/:id', ({ params }) => {
    if (!getSessionUser()) return unauthenticated();
    const project = mockDb.projects.find((p) => p.id === params.id);
    return project ? json(projectSchema, project) : notFound();
  }),
  http.patch('*/api/projects/:id', async ({ params, request }) => {
    const project = mockDb.projects.find((p) => p.id === params.id);
    if (!project) return notFound();
    const body = (await request.json()) as { name: string; description: string | null };
    mockDb.calls.push({ method: 'PATCH', path: `/api/projects/${project.id}`, body });
    project.name = body.name;
    project.description = body.description;
    return json(projectSchema, project);
  }),
  http.delete('*/api/projects/:id', ({ params }) => {
    const index = mockDb.projects.findIndex((p) => p.id === params.id);
    if (index === -1) return notFound();
    mockDb.calls.push({ method: 'DELETE', path: `/api/projects/${String(params.id)}`, body: null });
    mockDb.projects.splice(index, 1);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/projects/:id/retry', ({ params }) => {
    const project = mockDb.projects.find((p) => p.id === params.id);
    if (!project) return notFound();
    mockDb.calls.push({ method: 'POST', path: `/api/projects/${project.id}/retry`, body: null });
    project.status = 'queued';
    return json(projectSchema, project, { status: 202 });
  }),
  http.post('*/api/projects/:id/rerun', async ({ params, request }) => {
    if (!getSessionUser()) return unauthenticated();
    const project = mockDb.projects.find((p) => p.id === params.id);
    if (!project) return notFound();
    const body = (await request.json()) as { modernizationStrategy?: string };
    mockDb.calls.push({ method: 'POST', path: `/api/projects/${project.id}/rerun`, body });
    if (!TERMINAL.has(project.status)) {
      const { status, message } = PROJECTS_ERROR_CODES.API_PROJECT_BUSY;
      return error(status, 'API_PROJECT_BUSY', message);
    }
    if (mockDb.credits <= 0) {
      const { status, message } = PROJECTS_ERROR_CODES.API_NO_CREDITS;
      return error(status, 'API_NO_CREDITS', message);
    }
    addCreditEntry(-1, 'rerun', null, project.id);
    // Like the server: the previous result (generated_code_url) stays until the new run completes.
    project.status = 'queued';
    project.job_id = `job-rerun-${project.id}`;
    project.job_status = 'QUEUED';
    if (body.modernizationStrategy) {
      project.modernization_strategy = modernizationStrategySchema.parse(
        body.modernizationStrategy,
      );
    }
    return json(projectSchema, project);
  }),
  http.get('*/api/jobs/:id/logs', ({ params }) => {
    const job = mockDb.jobs.get(String(params.id));
    return job
      ? HttpResponse.json(job.logs.map((log) => ({ ...log, job_id: job.id })))
      : notFound();
  }),
  http.get('*/api/jobs/:id', ({ params }) => {
    const job = mockDb.jobs.get(String(params.id));
    return job ? HttpResponse.json({ id: job.id, status: job.status }) : notFound();
  }),
  http.get('*/api/events', () => {
    if (!getSessionUser()) return unauthenticated();
    const { body, stream } = buildMockEventStream();
    mockDb.eventStreams.push(stream);
    stream.send('retry: 1000\n\n');
    return new HttpResponse(body, { headers: sseHeaders });
  }),
  http.get('*/logs/:jobId/stream', ({ params }) => {
    if (mockDb.logStreamStatus) {
      return new HttpResponse(null, {
        status: mockDb.logStreamStatus,
        statusText: mockDb.logStreamStatus === 401 ? 'Unauthorized' : 'Service Unavailable',
      });
    }
    const job = mockDb.jobs.get(String(params.jobId));
    if (!job) return notFound();
    const { body, stream } = buildMockEventStream();
    mockDb.logStreams.set(job.id, stream);
    stream.send('retry: 1000\n\n');
    for (const log of job.logs) {
      stream.send(`id: ${log.id}\ndata: ${log.created_at} - ${log.level} - ${log.message}\n\n`);
    }
    if (job.status === 'COMPLETED' || job.status === 'FAILED') {
      stream.send('event: end\ndata: {}\n\n');
      stream.close();
    }
    return new HttpResponse(body, { headers: sseHeaders });
  }),
];
