/**
 * runPipeline with screenshots, on a real site served on loopback: the "before" screenshots of an
 * original with scripts come from the fetch stage's render, so it is loaded once, not twice.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline, type PipelineResult } from './pipeline';
import { findUnsoundEntries } from './stages/package/read-zip';
import { findVerifyChromePath } from './stages/verify/open-browser';

const hasChromium = (await findVerifyChromePath()) !== undefined;

const PAGES: Record<string, string> = {
  '/index.html': `<html><head><title>Corner Bakery</title></head><body>
    <h1>Corner Bakery</h1><p>Fresh bread every morning since 1987.</p>
    <p><a href="/about.html">About us</a></p></body></html>`,
  '/about.html': `<html><head><title>About</title></head><body>
    <h1>About us</h1><main></main><p><a href="/index.html">Home</a></p>
    <script>document.querySelector('main').textContent = 'We bake with flour, water and time.';</script>
    </body></html>`,
};

describe.skipIf(!hasChromium)('runPipeline with screenshots', () => {
  let server: Server;
  let origin: string;
  const requests: string[] = [];
  let result: PipelineResult;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      requests.push(path);
      const page = PAGES[path];
      response.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html' });
      response.end(page ?? 'Not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    result = await runPipeline(
      { url: `${origin}/index.html`, screenshots: true, loopbackOnly: true },
      { logger: { log: () => undefined }, clock: { now: () => Date.now() } },
    );
  });

  afterAll(() => {
    server?.close();
  });

  it('delivers before and after screenshots of every page', () => {
    const routes = result.plan.pages.map((page) => page.route);
    expect(routes).toHaveLength(2);
    const names = Object.keys(result.verify.screenshots).sort();
    // The pages' screenshots; the fidelity crops of their worst sections are named `-section-N`.
    const pageShots = names.filter((name) => !name.includes('-section-'));
    expect(pageShots.filter((name) => name.startsWith('before/'))).toHaveLength(4);
    expect(pageShots.filter((name) => name.startsWith('after/'))).toHaveLength(4);
    // Compressed WebP (decision record 039), in the zip as in the report.
    expect(names).toContain('before/index-desktop.webp');
    expect(names).toContain('before/index-mobile.webp');
    for (const bytes of Object.values(result.verify.screenshots))
      expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe('WEBP');
    expect(result.archive.entries).toContain(
      'sitelift-report/screenshots/before/index-desktop.webp',
    );
    expect(findUnsoundEntries(result.archive.zip)).toEqual([]);
  });

  it('loads an original with scripts once: the fetch stage took its screenshots', () => {
    expect(requests.filter((path) => path === '/about.html')).toHaveLength(1);
    // Read as served by fetch (no scripts), shown in Chromium by verify for its screenshots.
    expect(requests.filter((path) => path === '/index.html')).toHaveLength(2);
  });
});
