import {
  deployResultSchema,
  githubCallbackResultSchema,
  githubConnectionSchema,
  githubStateResultSchema,
} from '@sitelift/shared/api/github';
import { GITHUB_ERROR_CODES } from '@sitelift/shared/error-codes/github';
import { HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { getSessionUser, mockDb } from '../db';

const error = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

/** One of the server's GitHub errors, with its status and message. */
const githubError = (code: keyof typeof GITHUB_ERROR_CODES) =>
  error(GITHUB_ERROR_CODES[code].status, code, GITHUB_ERROR_CODES[code].message);

/** Answers with `body` checked against the server's schema, so the mock cannot drift from the API. */
function json<T>(schema: z.ZodType<T>, body: T) {
  return HttpResponse.json(schema.parse(body) as Parameters<typeof HttpResponse.json>[0]);
}

const unauthenticated = () => error(401, 'API_UNAUTHENTICATED', 'Authentication required');

const GITHUB_USER = {
  login: 'octo-ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar_url: null,
};

/**
 * The GitHub API of the server (issue 14): connection, state, code exchange, disconnect and
 * deploy, answering like the server, backed by `mockDb.github`.
 */
export const githubHandlers = [
  http.get('*/api/github/connection', () => {
    if (!getSessionUser()) return unauthenticated();
    const { configured, user } = mockDb.github;
    return json(githubConnectionSchema, {
      configured,
      connected: configured && user !== null,
      github_user: configured ? user : null,
      install_url: configured ? 'https://github.com/apps/sitelift-test/installations/new' : null,
    });
  }),

  http.post('*/api/github/state', async ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as { state?: unknown };
    mockDb.calls.push({ method: 'POST', path: '/api/github/state', body });
    if (typeof body.state !== 'string' || !/^[0-9a-f]{64}$/.test(body.state)) {
      return error(400, 'API_VALIDATION_FAILED', 'Invalid state.');
    }
    mockDb.github.states.push(body.state);
    return json(githubStateResultSchema, {
      authorize_url: `https://github.com/login/oauth/authorize?client_id=Iv1.test&state=${body.state}`,
    });
  }),

  http.post('*/api/github/callback', async ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as { code?: string; state?: string; redirect_uri?: string };
    mockDb.calls.push({ method: 'POST', path: '/api/github/callback', body });
    if (!body.code || !body.state) {
      return githubError('API_GITHUB_CALLBACK_INCOMPLETE');
    }
    if (!mockDb.github.states.includes(body.state)) {
      return githubError('API_GITHUB_STATE_INVALID');
    }
    mockDb.github.states = mockDb.github.states.filter((state) => state !== body.state);
    if (!mockDb.github.validCodes.has(body.code)) {
      return githubError('API_GITHUB_EXCHANGE_FAILED');
    }
    mockDb.github.user = GITHUB_USER;
    return json(githubCallbackResultSchema, { success: true, github_user: GITHUB_USER });
  }),

  http.post('*/api/github/disconnect', () => {
    if (!getSessionUser()) return unauthenticated();
    mockDb.calls.push({ method: 'POST', path: '/api/github/disconnect', body: null });
    if (mockDb.github.disconnectFailure !== null) {
      return error(
        mockDb.github.disconnectFailure,
        'API_GITHUB_DISCONNECT_FAILED',
        GITHUB_ERROR_CODES.API_GITHUB_DISCONNECT_FAILED.message,
      );
    }
    mockDb.github.user = null;
    return HttpResponse.json({ success: true });
  }),

  http.post('*/api/projects/:id/deploy', async ({ params, request }) => {
    const user = getSessionUser();
    if (!user) return unauthenticated();
    const body = (await request.json()) as { public?: boolean };
    mockDb.calls.push({ method: 'POST', path: `/api/projects/${String(params.id)}/deploy`, body });
    const project = mockDb.projects.find((item) => item.id === params.id);
    if (!project) return error(404, 'API_PROJECT_NOT_FOUND', 'Project not found.');
    if (!mockDb.github.user) {
      return githubError('API_GITHUB_NOT_AUTHENTICATED');
    }
    if (project.status !== 'completed' || !project.generated_code_url) {
      return githubError('API_GITHUB_PROJECT_NOT_READY');
    }
    const failure = mockDb.github.deployFailure;
    if (failure) return error(failure.status, failure.code, failure.message);
    const name = project.name.toLowerCase().replace(/\s+/g, '-');
    const url = `https://github.com/${mockDb.github.user.login}/${name}-modernized-${String(
      100000 + mockDb.github.repositories.length,
    )}`;
    mockDb.github.repositories.push({ projectId: project.id, url, isPublic: body.public === true });
    project.github_repo_url = url;
    return json(deployResultSchema, { github_repo_url: url, project });
  }),
];
