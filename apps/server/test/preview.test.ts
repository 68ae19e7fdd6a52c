import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPreviewToken } from '../src/http/routes/preview.routes';
import {
  createAgent,
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { completedProject } from './helpers/preview-fixture';

// Preview serving without the engine: a completed project whose dist/ is written straight to the store.

describe('the preview on the app origin', () => {
  let testApp: TestApp;
  let owner: Agent;
  let projectId: string;

  beforeAll(async () => {
    testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true' } });
    owner = await signUpVerified(testApp, uniqueEmail('pv'));
    projectId = await completedProject(testApp, owner);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('serves pages with the sandbox policy, rebased assets and history fallback', async () => {
    const page = await owner.get(`/preview/${projectId}/`, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts');
    expect(page.body).toContain(`src="/preview/${projectId}/assets/app.js"`);
    expect((await owner.get(`/preview/${projectId}/about`)).body).toContain('About, prerendered');
    expect((await owner.get(`/preview/${projectId}/contact/team`)).body).toContain('Home');
    const asset = await owner.get(`/preview/${projectId}/assets/app.js`);
    expect(asset.headers['access-control-allow-origin']).toBe('*');
    expect(asset.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(asset.headers['content-security-policy']).toBe('sandbox allow-scripts');
  });

  it('enters with a signed token that becomes a path-limited cookie', async () => {
    const guest = createAgent(testApp.app);
    expect((await guest.get(`/preview/${projectId}/`)).statusCode).toBe(401);
    const entry = await owner.get(`/api/projects/${projectId}/preview`);
    const location = entry.headers.location as string;
    const withToken = await guest.get(location);
    expect(withToken.statusCode).toBe(302);
    expect(withToken.headers.location).toBe(`/preview/${projectId}/`);
    const cookie = String(withToken.headers['set-cookie']);
    expect(cookie).toContain(`Path=/preview/${projectId}/`);
    expect(cookie).toContain('HttpOnly');
    expect((await guest.get(`/preview/${projectId}/`)).statusCode).toBe(200);
  });

  it('refuses forged tokens and tokens of another project or user', async () => {
    const stranger = await signUpVerified(testApp, uniqueEmail('pv-other'));
    const strangerId = (await stranger.get('/api/me/profile')).json().id;
    const forged = signPreviewToken('not-the-secret', projectId, strangerId);
    const guest = createAgent(testApp.app);
    expect((await guest.get(`/preview/${projectId}/?preview_token=${forged}`)).statusCode).toBe(
      404,
    );
    const ownerEntry = (await owner.get(`/api/projects/${projectId}/preview`)).headers
      .location as string;
    const token = new URL(ownerEntry, 'http://x').searchParams.get('preview_token') ?? '';
    const otherProject = await completedProject(testApp, stranger);
    expect((await guest.get(`/preview/${otherProject}/?preview_token=${token}`)).statusCode).toBe(
      404,
    );
    expect((await stranger.get(`/api/projects/${projectId}/preview`)).statusCode).toBe(404);
  });
});

describe('the preview on a separate origin (PREVIEW_URL)', () => {
  let testApp: TestApp;
  let owner: Agent;
  let projectId: string;
  const previewHost = 'preview.localhost:3001';

  beforeAll(async () => {
    testApp = await createTestApp('pglite', {
      env: { ALLOW_PRIVATE_URLS: 'true', PREVIEW_URL: `http://${previewHost}` },
    });
    owner = await signUpVerified(testApp, uniqueEmail('pv-sep'));
    projectId = await completedProject(testApp, owner);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps previews and the app on their own origins', async () => {
    const entry = await owner.get(`/api/projects/${projectId}/preview`);
    expect(entry.statusCode).toBe(302);
    const location = new URL(entry.headers.location as string);
    expect(location.host).toBe(previewHost);
    // The app origin serves no previews, even to the owner.
    expect((await owner.get(`/preview/${projectId}/`)).statusCode).toBe(404);
    const visitor = createAgent(testApp.app);
    const onPreview = { host: previewHost };
    // The preview origin serves nothing but previews.
    expect((await visitor.get('/api/me/profile', onPreview)).statusCode).toBe(404);
    // Without an entry token or a share link: a page that says to sign in (no sessions there).
    const signIn = await visitor.get(`/preview/${projectId}/`, onPreview);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.headers['content-type']).toContain('text/html');
    const entered = await visitor.get(`${location.pathname}${location.search}`, onPreview);
    expect(entered.statusCode).toBe(302);
    const page = await visitor.get(`/preview/${projectId}/`, onPreview);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts');
  });
});
