import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgent,
  createTestApp,
  GOOD_PASSWORD,
  signUp,
  TEST_BASE_URL,
  uniqueEmail,
  type TestApp,
} from './helpers/test-app';
import { pathSpellingsOf, splitRoute } from './helpers/path-spellings';

// Issue 10, item 2: the auth rate limit and the strict body rules were keyed on the path as spelled, while
// the URL parser on the way to Better Auth trims, drops tabs and newlines and resolves dot segments, so
// `/sign-in/email%20` reached `/sign-in/email` unlimited and unchecked.

/** Dot segments and backslashes as a real client sends them (inject() resolves them before Fastify). */
function rawSpellingsOf(route: string): string[] {
  const { dir, leaf } = splitRoute(route);
  return [
    `/api/auth/${dir}x/../${leaf}`,
    `/api/auth/x/../${route}`,
    `/api/auth/${route}/.`,
    `/api/auth/${dir}./${leaf}`,
    `/api/auth/x/%2e%2e/${route}`,
    `/api/auth/x\\..\\${route}`,
  ];
}

/** POSTs JSON over a real socket, path byte for byte. */
function postRaw(
  baseUrl: string,
  path: string,
  json: unknown,
): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_BASE_URL,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(json));
  });
}

describe('auth routes whatever the spelling of their path', () => {
  let testApp: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses API paths with encoded whitespace or control characters with 400 in the error shape', async () => {
    const urls = [
      '/api/auth/sign-in/email%20',
      '/api/auth/sign-in/email%09',
      '/api/auth/sign-in/email%0A',
      '/api/auth/sign-in/email%0D',
      '/api/auth/sign-in/e%09mail',
      '/api/projects%00',
      '/api/projects/%0Aabc',
      '/api/health%20',
      '/logs/x%09/stream',
    ];
    for (const url of urls) {
      const response = await createAgent(testApp.app).request({
        method: url.startsWith('/api/auth') ? 'POST' : 'GET',
        url,
        json: url.startsWith('/api/auth') ? { email: 'a@example.com', password: 'x' } : undefined,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: {
          code: 'API_INVALID_PATH',
          message: 'The request path must not contain spaces, control characters or backslashes.',
        },
      });
    }
    const undecodable = await createAgent(testApp.app).post('/api/auth/sign-in/e%ZZmail', {});
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({
      error: { code: 'API_INVALID_PATH', message: 'The request path is not valid.' },
    });
  });

  it('checks no password once the normal path answered 429, whatever the spelling', async () => {
    const agent = createAgent(testApp.app);
    const wrong = { email: 'nobody@example.com', password: 'Wrong-1234' };
    for (let attempt = 0; attempt < testApp.config.authRateLimit.max; attempt += 1) {
      expect((await agent.post('/api/auth/sign-in/email', wrong)).statusCode).toBe(401);
    }
    expect((await agent.post('/api/auth/sign-in/email', wrong)).statusCode).toBe(429);
    for (const url of pathSpellingsOf('sign-in/email')) {
      const response = await agent.post(url, wrong);
      // 429 (same route, same budget), or refused before Better Auth: never a password check (401).
      expect([400, 404, 429], `${url} answered ${response.statusCode}`).toContain(
        response.statusCode,
      );
      expect(response.json().error.code, url).toMatch(/^API_/);
    }
  });

  it('never lets a raw dot segment or backslash reach a route past its limit', async () => {
    // Every raw request comes from 127.0.0.1: use up that address's sign-in budget first.
    const wrong = { email: 'nobody@example.com', password: 'Wrong-1234' };
    let status = 0;
    for (
      let attempt = 0;
      status !== 429 && attempt <= testApp.config.authRateLimit.max;
      attempt += 1
    ) {
      status = (await postRaw(baseUrl, '/api/auth/sign-in/email', wrong)).status;
    }
    expect(status).toBe(429);
    for (const path of rawSpellingsOf('sign-in/email')) {
      const response = await postRaw(baseUrl, path, wrong);
      expect([400, 404, 429], `${path} answered ${response.status}`).toContain(response.status);
      expect(JSON.parse(response.body).error.code, path).toMatch(/^API_/);
    }
  });

  it('applies the sign-up body rules whatever the spelling', async () => {
    for (const [index, url] of pathSpellingsOf('sign-up/email').entries()) {
      for (const body of [
        { email: uniqueEmail(`weak-${index}`), password: 'abcdef', name: '' },
        { email: uniqueEmail(`long-${index}`), password: GOOD_PASSWORD, name: 'n'.repeat(50_000) },
      ]) {
        // A fresh client each time: this test is about the body rules, not the rate limit.
        const response = await createAgent(testApp.app).post(url, body);
        expect([400, 404], `${url} answered ${response.statusCode}`).toContain(response.statusCode);
        expect(response.json().error.code).toMatch(
          /^API_(VALIDATION_FAILED|INVALID_PATH|NOT_FOUND)$/,
        );
        // Nobody was registered: the address can still sign up properly.
        const proper = await createAgent(testApp.app).post('/api/auth/sign-up/email', {
          ...body,
          password: GOOD_PASSWORD,
          name: '',
        });
        expect(proper.statusCode, `${url} created ${body.email}`).toBe(200);
      }
    }
    for (const path of rawSpellingsOf('sign-up/email')) {
      const email = uniqueEmail('raw');
      const response = await postRaw(baseUrl, path, {
        email,
        password: 'abcdef',
        name: 'n'.repeat(50_000),
      });
      expect([400, 404, 429], `${path} answered ${response.status}`).toContain(response.status);
    }
  });

  it('sends no more password-reset mail than the limit allows, whatever the spelling', async () => {
    const email = uniqueEmail('reset-spelling');
    await signUp(testApp.app, email);
    const agent = createAgent(testApp.app);
    const urls = ['/api/auth/request-password-reset', ...pathSpellingsOf('request-password-reset')];
    const limit = testApp.config.authRateLimit.max;
    for (let round = 0; round < 3; round += 1) {
      for (const url of urls) {
        await agent.post(url, { email, redirectTo: '/auth/reset-password' });
      }
    }
    const resetMails = (await testApp.getOutbox()).filter(
      (message) =>
        message.to === email &&
        message.links.some((link) => link.includes('/api/auth/reset-password/')),
    );
    expect(resetMails.length).toBeGreaterThan(0);
    expect(resetMails.length).toBeLessThanOrEqual(limit);
  });
});
