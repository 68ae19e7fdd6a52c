import { HttpResponse, http } from 'msw';
import { createMockUser, getSessionUser, mockDb } from '../db';
import type { MockUser } from '../db';

function toSessionUser(user: MockUser) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    // As the server sends it: the profile's picture and name are Better Auth additional fields.
    image: null,
    avatarUrl: user.avatarUrl,
    fullName: user.fullName,
    companyName: user.companyName,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    updatedAt: user.createdAt,
  };
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const body = (await request.json()) as Record<string, unknown>;
  mockDb.calls.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
}

/** Better Auth's routes as the web app uses them (`{ code, message }` errors). */
export const authHandlers = [
  // "Continue with GitHub" is off unless a test turns it on (server.use).
  http.get('*/api/sign-in-methods', () => HttpResponse.json({ github: false })),
  http.get('*/api/auth/list-accounts', () =>
    HttpResponse.json(
      getSessionUser()
        ? [{ id: 'account-password', providerId: 'credential', createdAt: '2026-01-01T00:00:00Z' }]
        : [],
    ),
  ),
  http.get('*/api/auth/get-session', () => {
    const user = getSessionUser();
    return HttpResponse.json(user ? { session: { id: 's1' }, user: toSessionUser(user) } : null);
  }),
  http.post('*/api/auth/sign-in/email', async ({ request }) => {
    const body = await readBody(request);
    const user = mockDb.users.get(String(body.email));
    if (!user || user.password !== body.password) {
      return HttpResponse.json(
        { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        { status: 401 },
      );
    }
    mockDb.sessionEmail = user.email;
    return HttpResponse.json({ redirect: false, token: 't', user: toSessionUser(user) });
  }),
  http.post('*/api/auth/sign-up/email', async ({ request }) => {
    const body = await readBody(request);
    if (mockDb.users.has(String(body.email))) {
      return HttpResponse.json(
        { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' },
        { status: 422 },
      );
    }
    const user = createMockUser({
      email: String(body.email),
      password: String(body.password),
      emailVerified: false,
    });
    return HttpResponse.json({ token: null, user: toSessionUser(user) });
  }),
  http.post('*/api/auth/sign-out', async ({ request }) => {
    await readBody(request);
    mockDb.sessionEmail = null;
    return HttpResponse.json({ success: true });
  }),
  http.post('*/api/auth/change-password', async ({ request }) => {
    const body = await readBody(request);
    const user = getSessionUser();
    if (!user)
      return HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, { status: 401 });
    if (user.password !== body.currentPassword) {
      return HttpResponse.json(
        { code: 'INVALID_PASSWORD', message: 'Invalid password' },
        { status: 400 },
      );
    }
    user.password = String(body.newPassword);
    return HttpResponse.json({ token: 't2', user: toSessionUser(user) });
  }),
  http.post('*/api/auth/change-email', async ({ request }) => {
    await readBody(request);
    return HttpResponse.json({ status: true });
  }),
  http.post('*/api/auth/send-verification-email', async ({ request }) => {
    await readBody(request);
    return HttpResponse.json({ status: true });
  }),
  http.post('*/api/auth/request-password-reset', async ({ request }) => {
    await readBody(request);
    return HttpResponse.json({
      status: true,
      message: 'If this email exists, a reset link was sent.',
    });
  }),
  http.post('*/api/auth/reset-password', async ({ request }) => {
    const body = await readBody(request);
    if (body.token !== 'good-token') {
      return HttpResponse.json(
        { code: 'INVALID_TOKEN', message: 'Invalid token' },
        { status: 400 },
      );
    }
    return HttpResponse.json({ status: true });
  }),
  http.post('*/api/auth/update-user', async ({ request }) => {
    const body = await readBody(request);
    const user = getSessionUser();
    if (!user)
      return HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, { status: 401 });
    user.name = String(body.name ?? '');
    return HttpResponse.json({ status: true });
  }),
];
