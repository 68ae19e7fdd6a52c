import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/http/app';
import {
  createAgent,
  createTestApp,
  getMailLink,
  GOOD_PASSWORD,
  signIn,
  signUp,
  TEST_BASE_URL,
  uniqueEmail,
  type TestApp,
} from './helpers/test-app';

describe('HTTP hardening', () => {
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp('pglite', { logLines });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers malformed JSON with 400 API_MALFORMED_JSON', async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/me/profile']) {
      const response = await testApp.app.inject({
        method: url.startsWith('/api/me') ? 'PATCH' : 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: TEST_BASE_URL },
        payload: '{"email": "a@example.com",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'API_MALFORMED_JSON', message: 'The request body is not valid JSON.' },
      });
    }
  });

  it('answers an oversize body with 413 and a non-JSON body with 415', async () => {
    const big = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: TEST_BASE_URL },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('API_BODY_TOO_LARGE');

    const text = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'text/plain', origin: TEST_BASE_URL },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('API_UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    [
      'an unknown field',
      { email: uniqueEmail('x'), password: GOOD_PASSWORD, name: '', role: 'admin' },
      /role/,
    ],
    [
      'an overlong e-mail',
      { email: `${'a'.repeat(250)}@example.com`, password: GOOD_PASSWORD, name: '' },
      /at most 254/,
    ],
    [
      'an invalid e-mail',
      { email: 'not an email', password: GOOD_PASSWORD, name: '' },
      /valid email/,
    ],
    [
      'an overlong name',
      { email: uniqueEmail('x'), password: GOOD_PASSWORD, name: 'n'.repeat(101) },
      /at most 100/,
    ],
    [
      'an overlong password',
      { email: uniqueEmail('x'), password: `Aa1${'x'.repeat(200)}`, name: '' },
      /at most 128/,
    ],
    ['a missing password', { email: uniqueEmail('x'), name: '' }, /Password is required/],
  ])('refuses sign-up with %s (400)', async (_label, body, message) => {
    const response = await createAgent(testApp.app).post('/api/auth/sign-up/email', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('API_VALIDATION_FAILED');
    expect(response.json().error.message).toMatch(message);
  });

  it('refuses cross-site state-changing requests (403) and lets same-origin ones through', async () => {
    const email = uniqueEmail('csrf');
    await signUp(testApp.app, email);
    const agent = await signIn(testApp.app, email);

    const foreignOrigin = await agent.patch(
      '/api/me/profile',
      { full_name: 'Mallory' },
      { origin: 'https://evil.example' },
    );
    expect(foreignOrigin.statusCode).toBe(403);
    expect(foreignOrigin.json()).toEqual({
      error: { code: 'API_CSRF_REJECTED', message: 'Cross-site request refused.' },
    });

    const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const originless = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(originless.statusCode).toBe(403);

    const foreignReferer = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie, referer: 'https://evil.example/page', 'content-type': 'application/json' },
      payload: JSON.stringify({ full_name: 'Mallory' }),
    });
    expect(foreignReferer.statusCode).toBe(403);

    const sameOriginReferer = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: {
        cookie,
        referer: `${TEST_BASE_URL}/profile/edit`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ full_name: 'Alice' }),
    });
    expect(sameOriginReferer.statusCode).toBe(200);
    expect((await agent.get('/api/me/profile')).json().full_name).toBe('Alice');
    expect((await agent.get('/api/auth/get-session')).json()).not.toBeNull();
  });

  it('rate-limits sign-in attempts per client with 429 in the API error shape', async () => {
    const agent = createAgent(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < testApp.config.authRateLimit.max + 1; attempt += 1) {
      const response = await agent.post('/api/auth/sign-in/email', {
        email: 'nobody@example.com',
        password: 'Wrong-1234',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          error: {
            code: 'API_RATE_LIMITED',
            message: 'Too many requests. Please wait a moment and try again.',
          },
        });
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client (at another account: accounts have a limit of their own) is not affected;
    // session reads are not limited.
    const other = createAgent(testApp.app);
    expect(
      (
        await other.post('/api/auth/sign-in/email', {
          email: 'somebody-else@example.com',
          password: 'Wrong-1234',
        })
      ).statusCode,
    ).toBe(401);
    for (let attempt = 0; attempt < testApp.config.authRateLimit.max + 2; attempt += 1) {
      expect((await agent.get('/api/auth/get-session')).statusCode).toBe(200);
    }
  });

  it('applies body rules and rate limits to path variants of the same auth route', async () => {
    const agent = createAgent(testApp.app);
    const variant = await agent.post('/api/auth//sign-up/email/', {
      email: uniqueEmail('variant'),
      password: 'weak',
      name: '',
    });
    expect(variant.statusCode).toBe(400);
    expect(variant.json().error.message).toBe('Password must be at least 8 characters');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < testApp.config.authRateLimit.max + 1; attempt += 1) {
      const url = attempt % 2 === 0 ? '/api/auth/sign-in/email/' : '/api/auth/sign-in/%65mail';
      statuses.push(
        (await agent.post(url, { email: `variant-${attempt}@example.com`, password: 'Wrong-1234' }))
          .statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps passwords, tokens and cookies out of the logs', async () => {
    const email = uniqueEmail('logs');
    const password = 'Secret-Log-Pass1';
    await signUp(testApp.app, email, password);
    const link = await getMailLink(testApp, email, '/api/auth/verify-email');
    const verifyToken = new URL(link).searchParams.get('token') ?? '';
    const browser = createAgent(testApp.app);
    await browser.open(link);
    const agent = await signIn(testApp.app, email, password);
    await agent.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/reset-password',
    });
    const resetLink = await getMailLink(testApp, email, '/api/auth/reset-password/');
    await agent.open(resetLink);
    const resetToken = new URL(resetLink).pathname.split('/').pop() ?? '';
    await agent.get('/api/me/profile');

    const log = logLines.join('');
    expect(log).toContain('/api/auth/verify-email?token=[REDACTED]');
    expect(log).toContain('/api/auth/reset-password/[REDACTED]');
    const cookieValues = [...agent.cookies.values(), ...browser.cookies.values()];
    expect(cookieValues.length).toBeGreaterThan(0);
    for (const secret of [password, verifyToken, resetToken, ...cookieValues]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
    }
  });

  it('sends security headers and a CSP that lets the SPA load its own scripts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'pglite',
      browser: expect.any(Boolean),
      ai: 'offline',
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('API_NOT_FOUND');
  });

  it('tells browsers to build the SPA when apps/web/dist is missing', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/me/profile', '/api/health']),
    );
  });
});

describe('SPA serving', () => {
  let testApp: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'sitelift-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><div id="root"></div><script src="/assets/app-1.js"></script>',
    );
    await writeFile(path.join(distDir, 'assets', 'app-1.js'), 'console.log("app")');
    testApp = await createTestApp('pglite', { webDistDir: distDir });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html for client routes and files from dist, but never for /api or /dev', async () => {
    const inject = (url: string, accept = 'text/html') =>
      testApp.app.inject({ method: 'GET', url, headers: { accept } });
    for (const url of ['/', '/dashboard', '/project/123/edit?tab=1']) {
      const response = await inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await inject('/assets/app-1.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await inject('/assets/missing.js', '*/*')).statusCode).toBe(404);
    expect((await inject('/api/unknown')).statusCode).toBe(404);
    expect((await inject('/dev/unknown')).statusCode).toBe(404);
  });
});
