import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteCheckSchema } from '@sitelift/shared/schemas/site-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgent,
  createTestApp,
  signIn,
  signUp,
  uniqueEmail,
  type TestApp,
} from './helpers/test-app';

const PAGE = `<!doctype html><html><head><title>Corner Bakery</title></head><body>
  <p>${'Bread, cakes and coffee since 1998, baked every morning in our own oven. '.repeat(5)}</p>
  <a href="/menu.html">Menu</a> <a href="/about.html">About</a></body></html>`;

/** The site under test: a small old site on loopback, and a page behind a login. */
async function startSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    } else if (request.url === '/members') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<title>Sign in</title><form><input type="password" name="p"></form>');
    } else {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('POST /api/site-check', () => {
  let testApp: TestApp;
  let strictApp: TestApp;
  let site: { origin: string; server: Server };

  beforeAll(async () => {
    site = await startSite();
    testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true' } });
    strictApp = await createTestApp('pglite');
  });
  afterAll(async () => {
    await testApp?.close();
    await strictApp?.close();
    await new Promise((resolve) => site?.server.close(resolve));
  });

  it('answers with the pages, the title and no warning for a plain site', async () => {
    const email = uniqueEmail('check');
    await signUp(testApp.app, email);
    const agent = await signIn(testApp.app, email);
    const response = await agent.post('/api/site-check', { source_url: `${site.origin}/` });
    expect(response.statusCode).toBe(200);
    const body = siteCheckSchema.parse(response.json());
    expect(body).toMatchObject({
      final_url: `${site.origin}/`,
      title: 'Corner Bakery',
      robots_allowed: true,
      estimated_pages: 3,
      pages_found: 3,
      paths: ['/', '/menu.html', '/about.html'],
      robots_excluded: [],
      // The test server's ceiling (MAX_PAGES 3) is below the free plan's 25.
      page_limit: 3,
      needs_javascript: false,
      warnings: [],
    });
  });

  it('warns of a login wall, and refuses a broken address with the catalogue message only', async () => {
    const agent = await signIn(testApp.app, await signUpEmail(testApp));
    const members = await agent.post('/api/site-check', { source_url: `${site.origin}/members` });
    expect(siteCheckSchema.parse(members.json()).warnings.map((w) => w.code)).toEqual([
      'login_wall',
    ]);
    const gone = await agent.post('/api/site-check', { source_url: `${site.origin}/gone` });
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toEqual({
      error: {
        code: 'ENGINE_FETCH_HTTP_STATUS',
        message: 'The site answered with an error status.',
      },
    });
    const empty = await agent.post('/api/site-check', { source_url: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it('needs a session, and passes every address through the SSRF guard', async () => {
    const anonymous = await createAgent(testApp.app).post('/api/site-check', {
      source_url: `${site.origin}/`,
    });
    expect(anonymous.statusCode).toBe(401);
    const agent = await signIn(strictApp.app, await signUpEmail(strictApp));
    const refused = await agent.post('/api/site-check', { source_url: `${site.origin}/` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('ENGINE_FETCH_URL_REFUSED');
    expect(refused.body).not.toContain('127.0.0.1');
  });
});

async function signUpEmail(testApp: TestApp): Promise<string> {
  const email = uniqueEmail('check');
  await signUp(testApp.app, email);
  return email;
}
