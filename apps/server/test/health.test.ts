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

  it('names the browser in use, where it comes from and whether it is sandboxed', async () => {
    testApp = await createTestApp('pglite');
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { browser, warnings } = await findBrowser();
    expect(browser).toBeDefined();
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'pglite',
      browser: true,
      browser_name: browser!.name,
      browser_path: browser!.path,
      browser_source: browser!.source,
      browser_sandbox: browser!.sandbox,
      ai: 'offline',
      warnings,
    });
    expect(response.json().browser_name).toMatch(/Chrom|Edge/u);
    if (isRoot) {
      // Chromium refuses its sandbox for root: the fallback is visible to the operator.
      expect(response.json().browser_sandbox).toBe(false);
      expect(response.json().warnings.join('\n')).toMatch(
        /Chromium runs without its sandbox: this process runs as root/u,
      );
    }
  });

  it('a CHROME_PATH that is not executable: no browser, and a warning that says so', async () => {
    testApp = await createTestApp('pglite', { env: { CHROME_PATH: '/nonexistent/chromium' } });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({
      browser: false,
      browser_name: null,
      browser_path: null,
      browser_source: null,
      browser_sandbox: null,
      warnings: [
        'CHROME_PATH (/nonexistent/chromium) is not an executable file: no browser is used.',
        expect.stringMatching(/^No browser: /u),
      ],
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
