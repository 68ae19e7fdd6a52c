import { findBrowser } from '@sitelift/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const isRoot = process.getuid?.() === 0;

describe('GET /api/health: the browser', () => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('tells an operator on this machine the browser in use, where it comes from and whether it is sandboxed', async () => {
    testApp = await createTestApp('pglite');
    // app.inject comes from 127.0.0.1 with no proxy header: an operator on this machine.
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { browser, warnings } = await findBrowser();
    expect(browser).toBeDefined();
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'pglite',
      browser: true,
      ai: 'offline',
      details: {
        browser_name: browser!.name,
        browser_path: browser!.path,
        browser_source: browser!.source,
        browser_sandbox: browser!.sandbox,
        database_reachable: true,
        realtime: { state: 'embedded', since: null, attempts: 0 },
        storage: { writable: true, error: null },
        warnings,
      },
    });
    expect(response.json().details.browser_name).toMatch(/Chrom|Edge/u);
    if (isRoot) {
      // Chromium refuses its sandbox for root: the fallback is visible to the operator.
      expect(response.json().details.browser_sandbox).toBe(false);
      expect(response.json().details.warnings.join('\n')).toMatch(
        /Chromium runs without its sandbox: this process runs as root/u,
      );
    }
  });

  it('tells anyone else only ok or not, unless they bring the operators’ token', async () => {
    const token = 'health-token-for-operators-0123456789';
    testApp = await createTestApp('pglite', { env: { HEALTH_TOKEN: token } });
    const anonymous = [
      { remoteAddress: '203.0.113.7' },
      // Forwarded by a proxy on this machine: the client is elsewhere.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
      { remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${token}x` } },
    ];
    for (const request of anonymous) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health', ...request });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        database: 'pglite',
        browser: true,
        ai: 'offline',
      });
      expect(response.body).not.toMatch(/chrom|sandbox|root|\/usr\//iu);
    }
    const operator = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${token}` },
    });
    expect(operator.json().details.browser_path).toEqual(expect.any(String));
  });

  it('a CHROME_PATH that is not executable: no browser, and a warning that says so', async () => {
    testApp = await createTestApp('pglite', { env: { CHROME_PATH: '/nonexistent/chromium' } });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({
      browser: false,
      details: {
        browser_name: null,
        browser_path: null,
        browser_source: null,
        browser_sandbox: null,
        warnings: [
          'CHROME_PATH (/nonexistent/chromium) is not an executable file: no browser is used.',
          expect.stringMatching(/^No browser: /u),
        ],
      },
    });
  });
});

describe('the worker at start', () => {
  it.skipIf(!isRoot)(
    'logs a WARNING naming the fallback when Chromium runs without its sandbox',
    async () => {
      const logLines: string[] = [];
      const testApp = await createTestApp('pglite', { logLines });
      try {
        await testApp.startWorker();
        // Logged once the discovery (in the background) is done.
        await expect
          .poll(() => logLines.some((line) => line.includes('without its sandbox')))
          .toBe(true);
        const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
        expect(entries).toContainEqual(
          expect.objectContaining({
            level: 30,
            msg: expect.stringMatching(/^Browser: .*NOT sandboxed/u),
          }),
        );
        expect(entries).toContainEqual(
          expect.objectContaining({
            level: 40,
            msg: expect.stringMatching(
              /^Chromium runs without its sandbox: this process runs as root/u,
            ),
          }),
        );
      } finally {
        await testApp.close();
      }
    },
  );
});
