import { projectSchema } from '@sitelift/shared/schemas/project';
import { HttpResponse, http } from 'msw';
import { getSessionUser, mockDb } from '../db';

const error = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

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
    return HttpResponse.json({
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
    return HttpResponse.json({
      authorize_url: `https://github.com/login/oauth/authorize?client_id=Iv1.test&state=${body.state}`,
    });
  }),

  http.post('*/api/github/callback', async ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as { code?: string; state?: string; redirect_uri?: string };
    mockDb.calls.push({ method: 'POST', path: '/api/github/callback', body });
    if (!body.code || !body.state) {
      return error(
        400,
        'API_GITHUB_CALLBACK_INCOMPLETE',
        'Missing authorization code or state parameter',
      );
    }
    if (!mockDb.github.states.includes(body.state)) {
      return error(
        400,
        'API_GITHUB_STATE_INVALID',
        'Invalid state parameter. Please try connecting again.',
      );
    }
    mockDb.github.states = mockDb.github.states.filter((state) => state !== body.state);
    if (!mockDb.github.validCodes.has(body.code)) {
      return error(
        502,
        'API_GITHUB_EXCHANGE_FAILED',
        'Failed to exchange code for token or missing user data.',
      );
    }
    mockDb.github.user = GITHUB_USER;
    return HttpResponse.json({ success: true, github_user: GITHUB_USER });
  }),

  http.post('*/api/github/disconnect', () => {
    if (!getSessionUser()) return unauthenticated();
    mockDb.calls.push({ method: 'POST', path: '/api/github/disconnect', body: null });
    if (mockDb.github.disconnectFailure !== null) {
      return error(
        mockDb.github.disconnectFailure,
        'API_GITHUB_DISCONNECT_FAILED',
        'Failed to disconnect GitHub account. Please try again.',
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
      return error(400, 'API_GITHUB_NOT_AUTHENTICATED', 'User not authenticated with GitHub.');
    }
    if (project.status !== 'completed') {
      return error(
        409,
        'API_GITHUB_PROJECT_NOT_READY',
        'Only a completed project with generated code can be deployed to GitHub.',
      );
    }
    const failure = mockDb.github.deployFailure;
    if (failure) return error(failure.status, failure.code, failure.message);
    const name = project.name.toLowerCase().replace(/\s+/g, '-');
    const url = `https://github.com/${mockDb.github.user.login}/${name}-modernized-${String(
      100000 + mockDb.github.repositories.length,
    )}`;
    mockDb.github.repositories.push({ projectId: project.id, url, isPublic: body.public === true });
    project.github_repo_url = url;
    return HttpResponse.json({ github_repo_url: url, project: projectSchema.parse(project) });
  }),
];
