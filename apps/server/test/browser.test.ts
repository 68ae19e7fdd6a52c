import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromePath, launchChromium } from '@sitelift/engine';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { buildLogger } from '../src/lib/logger';
import { startServer, type RunningServer } from '../src/start-server';
import { copyPgliteTemplate, GOOD_PASSWORD, REPO_ROOT, uniqueEmail } from './helpers/test-app';

// CHROME_PATH, an installed Chromium, or the one npm install brings (the engine's discovery).
const CHROME_PATH = await findChromePath();

async function getFreePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// A real browser sends the headers the Origin check and the cookies depend on (Origin, Sec-Fetch-Site,
// SameSite, Referrer-Policy); inject() cannot prove those work together.
describe.skipIf(CHROME_PATH === undefined)('in Chromium', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  let attacker: Server;
  let attackerOrigin: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sitelift-browser-'));
    const distDir = path.join(dataDir, 'dist');
    await mkdir(path.join(distDir, 'assets'), { recursive: true });
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><link rel="icon" href="data:,"><script type="module" src="/assets/app.js"></script></head><body>SPA</body></html>',
    );
    await writeFile(
      path.join(distDir, 'assets', 'app.js'),
      'document.body.dataset.booted = "yes";',
    );
    const port = await getFreePort();
    const config = parseConfig(
      {
        DATA_DIR: dataDir,
        PORT: String(port),
        BASE_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
      },
      { repoRoot: REPO_ROOT },
    );
    await copyPgliteTemplate(dataDir);
    server = await startServer({ config, logger: buildLogger('silent'), webDistDir: distDir });
    attacker = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    // "localhost" is another site than "127.0.0.1" for the browser's cookie and Origin rules.
    attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
    browser = await launchChromium({ executablePath: CHROME_PATH });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the SPA under the CSP and lets its same-origin requests through; cookies stay httpOnly', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${server.url}/dashboard`);
    await page.waitForSelector('body[data-booted="yes"]');

    const email = uniqueEmail('browser');
    const result = await page.evaluate(
      async ({ email, password }) => {
        const post = (url: string, body: unknown, method = 'POST') =>
          fetch(url, {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        const signUp = await post('/api/auth/sign-up/email', {
          email,
          password,
          name: '',
          callbackURL: '/auth/callback',
        });
        const signIn = await post('/api/auth/sign-in/email', { email, password });
        const patch = await post('/api/me/profile', { full_name: ' Browser User ' }, 'PATCH');
        return {
          statuses: [signUp.status, signIn.status, patch.status],
          profile: (await patch.json()) as { full_name: string | null },
          documentCookie: (globalThis as unknown as { document: { cookie: string } }).document
            .cookie,
        };
      },
      { email, password: GOOD_PASSWORD },
    );
    expect(result.statuses).toEqual([200, 200, 200]);
    expect(result.profile.full_name).toBe('Browser User');
    expect(result.documentCookie).not.toContain('session_token');
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(consoleErrors).toEqual([]);

    // Another site cannot change the profile with the user's cookies.
    const elsewhere = await context.newPage();
    await elsewhere.goto(attackerOrigin);
    const status = await elsewhere.evaluate(async (target) => {
      try {
        const response = await fetch(`${target}/api/me/profile`, {
          method: 'PATCH',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ full_name: 'Mallory' }),
        });
        return response.status;
      } catch {
        return 'blocked';
      }
    }, server.url);
    expect(status).not.toBe(200);
    // A plain cross-site form post (no CORS involved) reaches the server and is refused by the Origin check.
    await elsewhere.evaluate((target) => {
      const doc = (globalThis as unknown as { document: any }).document; // eslint-disable-line @typescript-eslint/no-explicit-any
      const form = doc.createElement('form');
      form.method = 'POST';
      form.action = `${target}/api/auth/sign-out`;
      form.enctype = 'text/plain';
      doc.body.appendChild(form);
      form.submit();
    }, server.url);
    await elsewhere.waitForURL(`${server.url}/api/auth/sign-out`);
    expect(await elsewhere.textContent('body')).toContain('API_CSRF_REJECTED');
    const after = await page.evaluate(
      async () => (await (await fetch('/api/me/profile')).json()) as { full_name: string | null },
    );
    expect(after.full_name).toBe('Browser User');
    await context.close();
  });
});
