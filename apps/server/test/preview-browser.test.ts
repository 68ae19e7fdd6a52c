import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findChromePath, launchChromium } from '@sitelift/engine';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFixtureSite, type FixtureSite } from './helpers/fixture-site';
import {
  createTestApp,
  signUpVerified,
  uniqueEmail,
  type Agent,
  type TestApp,
} from './helpers/test-app';

// CHROME_PATH, an installed Chromium, or the one npm install brings (the engine's discovery).
const CHROME_PATH = await findChromePath();

// A page of the preview that tries what a hostile rebuilt site would: read the cookies, call the API
// with the user's credentials, and report what it got.
const PROBE_HTML = `<!doctype html><html><head><title>probe</title></head><body><script>
const out = { origin: self.origin };
try { out.cookie = document.cookie; } catch (error) { out.cookie = 'blocked:' + error.name; }
try { localStorage.setItem('x', '1'); out.storage = 'open'; } catch (error) { out.storage = 'blocked:' + error.name; }
fetch('/api/me/profile', { credentials: 'include' })
  .then((response) => response.text().then((text) => { out.status = response.status; out.body = text; }))
  .catch((error) => { out.fetch = 'error:' + error.name; })
  .finally(() => { document.body.textContent = JSON.stringify(out); document.title = 'done'; });
</script></body></html>`;

describe.skipIf(CHROME_PATH === undefined)('preview in Chromium', () => {
  let testApp: TestApp;
  let site: FixtureSite;
  let browser: Browser;
  let baseUrl: string;
  let agent: Agent;
  let projectId: string;

  beforeAll(async () => {
    site = await startFixtureSite();
    testApp = await createTestApp('pglite', { env: { ALLOW_PRIVATE_URLS: 'true' } });
    baseUrl = await testApp.listen();
    await testApp.startWorker({
      engineOptions: { loopbackOnly: true, fetchOptions: { respectRobots: false } },
    });
    agent = await signUpVerified(testApp, uniqueEmail('preview'));
    const created = await agent.post('/api/projects', {
      name: 'Preview shop',
      sourceUrl: `${site.url}/shop/`,
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      targetFramework: 'React',
    });
    projectId = created.json().id;
    await vi.waitFor(
      async () => {
        const { status } = (await agent.get(`/api/projects/${projectId}`)).json();
        expect(['completed', 'failed']).toContain(status);
      },
      { timeout: 150_000, interval: 250 },
    );
    await writeFile(
      path.join(testApp.dataDir, 'artifacts', projectId, 'dist', 'probe.html'),
      PROBE_HTML,
    );
    browser = await launchChromium({ executablePath: CHROME_PATH });
  });
  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
    await site?.close();
  });

  async function signedInPage() {
    const context = await browser.newContext();
    await context.addCookies(
      [...agent.cookies].map(([name, value]) => ({ name, value, url: baseUrl })),
    );
    return { context, page: await context.newPage() };
  }

  it('renders the rebuilt site from the preview link', async () => {
    expect((await agent.get(`/api/projects/${projectId}`)).json().status).toBe('completed');
    const { context, page } = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${baseUrl}/api/projects/${projectId}/preview`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/preview/${projectId}/`);
    await page
      .locator('main')
      .getByText('Repairs and rentals in the old town since 1979.')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the preview’s scripts away from the session and the API', async () => {
    const { context, page } = await signedInPage();
    const apiRequests: Array<Record<string, string>> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/me/profile')) {
        void request.allHeaders().then((headers) => apiRequests.push(headers));
      }
    });
    await page.goto(`${baseUrl}/preview/${projectId}/probe.html`);
    await page.waitForFunction(() => document.title === 'done');
    const out = JSON.parse((await page.textContent('body')) ?? '{}');
    expect(out.origin).toBe('null');
    expect(out.cookie).toBe('blocked:SecurityError');
    expect(out.storage).toBe('blocked:SecurityError');
    expect(out.fetch).toBe('error:TypeError');
    expect(out.body).toBeUndefined();
    for (const headers of apiRequests) expect(headers.cookie).toBeUndefined();
    await context.close();
  });

  it('refuses the preview to a browser without the owner’s session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/preview/${projectId}/`);
    expect(response?.status()).toBe(401);
    await context.close();
  });
});
