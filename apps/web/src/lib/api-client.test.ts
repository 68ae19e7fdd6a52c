import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/mocks/server';
import { ApiError, apiRequest, getErrorMessage } from './api-client';

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
      http.get('*/api/x', () =>
        HttpResponse.json(
          { error: { code: 'API_NOT_FOUND', message: 'Not found.' } },
          { status: 404 },
        ),
      ),
    );
    const error = await failureOf(apiRequest('/api/x'));
    expect([error.status, error.code, error.message]).toEqual([404, 'API_NOT_FOUND', 'Not found.']);
    expect(getErrorMessage(error, 'fallback')).toBe('Not found.');
  });

  it("reads Better Auth's shape { code, message }", async () => {
    server.use(
      http.post('*/api/y', () =>
        HttpResponse.json(
          { code: 'INVALID_PASSWORD', message: 'Invalid password' },
          { status: 400 },
        ),
      ),
    );
    const error = await failureOf(apiRequest('/api/y', { method: 'POST', body: {} }));
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'INVALID_PASSWORD',
      'Invalid password',
    ]);
  });

  it('uses the fallback text when the server sent no message', async () => {
    server.use(http.get('*/api/z', () => new HttpResponse('<html>oops</html>', { status: 502 })));
    const error = await failureOf(apiRequest('/api/z'));
    expect(error.status).toBe(502);
    expect(getErrorMessage(error, 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
  });

  it('reports a network failure with its own message', async () => {
    server.use(http.get('*/api/down', () => HttpResponse.error()));
    const error = await failureOf(apiRequest('/api/down'));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(getErrorMessage(error, 'fallback')).toMatch(/Could not reach Sitelift/);
  });

  it('sends JSON with the session cookie and checks the answer with a schema', async () => {
    let seen: { credentials: RequestCredentials; type: string | null; body: unknown } | null = null;
    server.use(
      http.post('*/api/echo', async ({ request }) => {
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
      apiRequest('/api/echo', { method: 'POST', body: { a: 1 }, schema }),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(seen).toEqual({ credentials: 'include', type: 'application/json', body: { a: 1 } });
  });
});
