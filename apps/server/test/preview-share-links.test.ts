import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewShareLinks, projects } from '../src/db/schema';
import {
  createAgent,
  createTestApp,
  signUpVerified,
  TEST_BASE_URL,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';
import { completedProject } from './helpers/preview-fixture';
import { TEST_DATABASE_KINDS } from './helpers/test-databases';

// Share links of the live preview (issue 22 item 3): made, listed and revoked by the owner; opened by
// anyone holding one, without an account, until it expires or is revoked.

const DAY_MS = 86_400_000;

function isHtmlPage(response: { headers: Record<string, unknown>; body: string }): boolean {
  return (
    String(response.headers['content-type']).startsWith('text/html') &&
    response.body.startsWith('<!doctype html>')
  );
}

describe.each(TEST_DATABASE_KINDS)('preview share links on %s', (kind) => {
  let testApp: TestApp;
  let owner: Agent;
  let stranger: Agent;
  let projectId: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { env: { ALLOW_PRIVATE_URLS: 'true' } });
    owner = await signUpVerified(testApp, uniqueEmail('share-owner'));
    stranger = await signUpVerified(testApp, uniqueEmail('share-stranger'));
    projectId = await completedProject(testApp, owner);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const createLink = async (days?: number) => {
    const response = await owner.post(
      `/api/projects/${projectId}/share-links`,
      days === undefined ? {} : { expires_in_days: days },
    );
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; url: string; expires_at: string; created_at: string };
  };

  it('answers anyone without a link with a readable page, not JSON', async () => {
    const guest = createAgent(testApp.app);
    const page = await guest.get(`/preview/${projectId}/`);
    expect(page.statusCode).toBe(401);
    expect(isHtmlPage(page)).toBe(true);
    expect(page.body).toContain('Sign in to see this preview');
    expect(page.body).toContain(`href="${TEST_BASE_URL}/login"`);
    expect(page.body).not.toContain('API_UNAUTHENTICATED');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts');
    const other = await stranger.get(`/preview/${projectId}/`);
    expect(other.statusCode).toBe(404);
    expect(isHtmlPage(other)).toBe(true);
    expect(other.body).toContain('This preview is not available');
  });

  it('makes an unguessable link, stored hashed, that opens the preview without an account', async () => {
    const before = Date.now();
    const link = await createLink();
    const url = new URL(link.url);
    expect(url.origin).toBe(TEST_BASE_URL);
    expect(url.pathname).toBe(`/preview/${projectId}/`);
    const token = url.searchParams.get('share') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const expires = Date.parse(link.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);

    // Only the SHA-256 of the token is in the database.
    const rows = await testApp.database.db
      .select()
      .from(previewShareLinks)
      .where(eq(previewShareLinks.id, link.id));
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const visitor = createAgent(testApp.app);
    const entry = await visitor.open(link.url);
    expect(entry.statusCode).toBe(302);
    expect(entry.headers.location).toBe(`/preview/${projectId}/`);
    const cookie = String(entry.headers['set-cookie']);
    expect(cookie).toContain(`Path=/preview/${projectId}/`);
    expect(cookie).toContain('HttpOnly');
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(7 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * 86_400);

    const page = await visitor.get(`/preview/${projectId}/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('<body>Home</body>');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await visitor.get(`/preview/${projectId}/about`)).body).toContain('About, prerendered');
    // The link opens this preview, not the visitor's way into the app.
    expect((await visitor.get('/api/me/profile')).statusCode).toBe(401);
  });

  it('offers 1, 7 and 30 days and refuses other lifetimes', async () => {
    for (const days of [1, 30]) {
      const link = await createLink(days);
      const lifetime = Date.parse(link.expires_at) - Date.parse(link.created_at);
      expect(Math.abs(lifetime - days * DAY_MS)).toBeLessThan(1000);
    }
    for (const days of [0, 3, 365, '7']) {
      const response = await owner.post(`/api/projects/${projectId}/share-links`, {
        expires_in_days: days,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('lists the live links with their expiry, to the owner only', async () => {
    const link = await createLink(30);
    const list = await owner.get(`/api/projects/${projectId}/share-links`);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<Record<string, unknown>>;
    const listed = items.find((item) => item.id === link.id);
    expect(listed).toEqual({
      id: link.id,
      created_at: link.created_at,
      expires_at: link.expires_at,
    });
    expect(items[0]?.id).toBe(link.id);

    const guest = createAgent(testApp.app);
    expect((await guest.get(`/api/projects/${projectId}/share-links`)).statusCode).toBe(401);
    expect((await stranger.get(`/api/projects/${projectId}/share-links`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/api/projects/${projectId}/share-links`, {})).json().error.code,
    ).toBe('API_PROJECT_NOT_FOUND');
    const foreignRevoke = await stranger.request({
      method: 'DELETE',
      url: `/api/projects/${projectId}/share-links/${link.id}`,
    });
    expect(foreignRevoke.statusCode).toBe(404);
    // The stranger's attempt changed nothing: the link still opens the preview.
    const visitor = createAgent(testApp.app);
    await visitor.open(link.url);
    expect((await visitor.get(`/preview/${projectId}/`)).statusCode).toBe(200);
  });

  it('stops a revoked link at once, with a page that says so', async () => {
    const link = await createLink();
    const visitor = createAgent(testApp.app);
    await visitor.open(link.url);
    expect((await visitor.get(`/preview/${projectId}/`)).statusCode).toBe(200);

    const revoke = await owner.request({
      method: 'DELETE',
      url: `/api/projects/${projectId}/share-links/${link.id}`,
    });
    expect(revoke.statusCode).toBe(204);

    const page = await visitor.get(`/preview/${projectId}/`);
    expect(page.statusCode).toBe(410);
    expect(isHtmlPage(page)).toBe(true);
    expect(page.body).toContain('This preview link was revoked');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const again = await createAgent(testApp.app).open(link.url);
    expect(again.statusCode).toBe(410);
    expect(again.headers['set-cookie']).toBeUndefined();

    const ids = (await owner.get(`/api/projects/${projectId}/share-links`)).json().items;
    expect(ids.map((item: { id: string }) => item.id)).not.toContain(link.id);
    const twice = await owner.request({
      method: 'DELETE',
      url: `/api/projects/${projectId}/share-links/${link.id}`,
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error.code).toBe('API_SHARE_LINK_NOT_FOUND');
  });

  it('ends an expired link with a page that says so', async () => {
    const link = await createLink(1);
    const visitor = createAgent(testApp.app);
    await visitor.open(link.url);
    expect((await visitor.get(`/preview/${projectId}/`)).statusCode).toBe(200);
    await testApp.database.db
      .update(previewShareLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(previewShareLinks.id, link.id));

    const page = await visitor.get(`/preview/${projectId}/`);
    expect(page.statusCode).toBe(410);
    expect(isHtmlPage(page)).toBe(true);
    expect(page.body).toContain('This preview link has expired');
    expect((await createAgent(testApp.app).open(link.url)).statusCode).toBe(410);
    const ids = (await owner.get(`/api/projects/${projectId}/share-links`)).json().items;
    expect(ids.map((item: { id: string }) => item.id)).not.toContain(link.id);
  });

  it('knows no guessed token, nor a token of another project', async () => {
    const visitor = createAgent(testApp.app);
    for (const token of ['x', 'A'.repeat(43)]) {
      const page = await visitor.get(`/preview/${projectId}/?share=${token}`);
      expect(page.statusCode).toBe(404);
      expect(isHtmlPage(page)).toBe(true);
      expect(page.body).toContain('This preview link does not exist');
    }
    const link = await createLink();
    const token = new URL(link.url).searchParams.get('share');
    const otherProject = await completedProject(testApp, stranger);
    const foreign = await visitor.get(`/preview/${otherProject}/?share=${token}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['set-cookie']).toBeUndefined();
  });

  it('shares only finished previews, and a link dies with its project', async () => {
    // Each account has one credit: a third one makes the project that gets deleted.
    const third = await signUpVerified(testApp, uniqueEmail('share-third'));
    const doomed = await completedProject(testApp, third);
    await testApp.database.db
      .update(projects)
      .set({ status: 'processing' })
      .where(eq(projects.id, doomed));
    const refused = await third.post(`/api/projects/${doomed}/share-links`, {});
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('API_PROJECT_NOT_COMPLETED');
    await testApp.database.db
      .update(projects)
      .set({ status: 'completed' })
      .where(eq(projects.id, doomed));

    const link = (await third.post(`/api/projects/${doomed}/share-links`, {})).json();
    const visitor = createAgent(testApp.app);
    await visitor.open(link.url);
    expect((await visitor.get(`/preview/${doomed}/`)).statusCode).toBe(200);
    await testApp.database.db.delete(projects).where(eq(projects.id, doomed));
    const page = await visitor.get(`/preview/${doomed}/`);
    expect(page.statusCode).toBe(404);
    expect(isHtmlPage(page)).toBe(true);
  });
});

describe('preview share links on a separate preview origin', () => {
  let testApp: TestApp;
  const previewHost = 'preview.localhost:3001';

  beforeAll(async () => {
    testApp = await createTestApp('pglite', {
      env: { ALLOW_PRIVATE_URLS: 'true', PREVIEW_URL: `http://${previewHost}` },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('points the link at the preview origin, where it opens the preview', async () => {
    const owner = await signUpVerified(testApp, uniqueEmail('share-sep'));
    const projectId = await completedProject(testApp, owner);
    const link = (await owner.post(`/api/projects/${projectId}/share-links`, {})).json();
    const url = new URL(link.url);
    expect(url.host).toBe(previewHost);
    const visitor = createAgent(testApp.app);
    const onPreview = { host: previewHost };
    expect((await visitor.get(`${url.pathname}${url.search}`, onPreview)).statusCode).toBe(302);
    const page = await visitor.get(`/preview/${projectId}/`, onPreview);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('noindex');
    // The app origin still serves no previews, links or not.
    expect((await visitor.get(`${url.pathname}${url.search}`)).statusCode).toBe(404);
  });
});
