import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/mocks/server';
import { ApiError, apiRequest, getErrorMessage } from './api-client';

// Only endpoints the server has (issue 11): the answers are what a failing server or proxy sends.
const PROJECT_ID = '3f2c9a1e-5b7d-4c8e-9f10-2a3b4c5d6e7f';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('apiRequest', () => {
  it('reads our error shape { error: { code, message } }', async () => {
    server.use(
      http.get('*/api/projects/:id', () =>
        HttpResponse.json(
          { error: { code: 'API_PROJECT_NOT_FOUND', message: 'Project not found.' } },
          { status: 404 },
        ),
      ),
    );
    const error = await failureOf(apiRequest(`/api/projects/${PROJECT_ID}`));
    expect([error.status, error.code, error.message]).toEqual([
      404,
      'API_PROJECT_NOT_FOUND',
      'Project not found.',
    ]);
    expect(getErrorMessage(error, 'fallback')).toBe('Project not found.');
  });

  it("reads Better Auth's shape { code, message }", async () => {
    server.use(
      http.post('*/api/auth/change-password', () =>
        HttpResponse.json(
          { code: 'INVALID_PASSWORD', message: 'Invalid password' },
          { status: 400 },
        ),
      ),
    );
    const error = await failureOf(
      apiRequest('/api/auth/change-password', { method: 'POST', body: {} }),
    );
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'INVALID_PASSWORD',
      'Invalid password',
    ]);
  });

  it('uses the fallback text when the server sent no message', async () => {
    // A proxy in front of the server answers with its own page.
    server.use(
      http.get('*/api/me/profile', () => new HttpResponse('<html>oops</html>', { status: 502 })),
    );
    const error = await failureOf(apiRequest('/api/me/profile'));
    expect(error.status).toBe(502);
    expect(getErrorMessage(error, 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
  });

  it('reports a network failure with its own message', async () => {
    server.use(http.get('*/api/me/credits', () => HttpResponse.error()));
    const error = await failureOf(apiRequest('/api/me/credits'));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(getErrorMessage(error, 'fallback')).toMatch(/Could not reach Sitelift/);
  });

  it('sends JSON with the session cookie and checks the answer with a schema', async () => {
    let seen: { credentials: RequestCredentials; type: string | null; body: unknown } | null = null;
    server.use(
      http.patch('*/api/me/profile', async ({ request }) => {
        seen = {
          credentials: request.credentials,
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ balance: 'not a number' });
      }),
    );
    const schema = {
      safeParse: (data: unknown) =>
        typeof (data as { balance?: unknown }).balance === 'number'
          ? { success: true as const, data: data as { balance: number } }
          : { success: false as const, error: new Error('bad') },
    };
    const error = await failureOf(
      apiRequest('/api/me/profile', { method: 'PATCH', body: { a: 1 }, schema }),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(seen).toEqual({ credentials: 'include', type: 'application/json', body: { a: 1 } });
  });
});
