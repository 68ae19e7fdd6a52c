import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGuardedAgent } from '../../net/guarded-agent';
import type { Diagnostic } from '../../types';
import { CrawlFrontier, siteOrigins } from './crawl-frontier';
import { createPageReader, toBodyHash, type PageReader } from './page-reader';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const HOME = '<html><body><h1>Home</h1><a href="/about.html">About</a></body></html>';

describe('the page reader', () => {
  let site: TestServer;
  let other: TestServer;
  const dispatcher = buildGuardedAgent({ allowPrivateUrls: true, connections: 2 });

  beforeAll(async () => {
    other = await startTestServer({ '/': { body: '<p>Another site</p>' } });
    site = await startTestServer({
      '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: HOME },
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: *\nDisallow: /private/\n',
      },
      '/index.html': { headers: { 'content-type': 'text/html' }, body: HOME },
      '/away.html': { status: 302, headers: { location: `${other.origin}/` } },
      '/latin.html': {
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: new Uint8Array([
          ...new TextEncoder().encode(`<html><body><p>Caf`),
          0xe9,
          ...new TextEncoder().encode(
            `</p><iframe src="/map.html"></iframe><iframe src="${other.origin}/ad.html"></iframe></body></html>`,
          ),
        ]),
      },
    });
  });

  afterAll(async () => {
    await site.close();
    await other.close();
    await dispatcher.close();
  });

  function setUp(): {
    reader: PageReader;
    diagnostics: Diagnostic[];
    frontier: Promise<CrawlFrontier>;
  } {
    const diagnostics: Diagnostic[] = [];
    const logger = buildRecordingLogger();
    const reader = createPageReader({
      settings: {
        browser: 'never',
        pageTimeoutMs: 5_000,
        maxRedirects: 5,
        maxHtmlBytes: 1_000_000,
        respectRobots: true,
      },
      request: { allowPrivateUrls: true, dispatcher, userAgent: 'SiteliftTest/1.0' },
      getRenderer: async () => undefined,
      ports: { logger, clock: { now: () => 0 } },
      diagnostics,
      throwIfCancelled: () => undefined,
    });
    const start = `${site.origin}/`;
    const frontier = reader.read(start).then(async (read) => {
      const origins = siteOrigins(start, read.response.url);
      return new CrawlFrontier(origins, {
        requestedUrl: start,
        page: await reader.toCrawledPage(start, 0, read, origins),
        bodyHash: toBodyHash(read.response.body),
      });
    });
    return { reader, diagnostics, frontier };
  }

  it('reads a page as served, with its references, frames on the site only, and bad bytes reported', async () => {
    const { reader, diagnostics, frontier } = setUp();
    const result = await reader.crawl(`${site.origin}/latin.html`, 1, await frontier);
    expect(result).toMatchObject({
      url: `${site.origin}/latin.html`,
      finalUrl: `${site.origin}/latin.html`,
    });
    if (!('crawledPage' in result)) throw new Error('not read');
    expect(result.crawledPage.page).toMatchObject({
      requestedUrl: `${site.origin}/latin.html`,
      status: 200,
      charset: 'utf-8',
      renderedWith: 'static',
      depth: 1,
      frames: [`${site.origin}/map.html`],
    });
    expect(result.crawledPage.references.frames).toContain(`${other.origin}/ad.html`);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'ENGINE_FETCH_INVALID_ENCODING',
        url: `${site.origin}/latin.html`,
      }),
    ]);
  });

  it('skips what robots.txt disallows, pages that lead to another site and broken ones; knows duplicates', async () => {
    const robotsBefore = site.requests.filter((path) => path === '/robots.txt').length;
    const { reader, frontier } = setUp();
    const crawl = await frontier;
    expect(await reader.crawl(`${site.origin}/private/a.html`, 1, crawl)).toEqual({
      url: `${site.origin}/private/a.html`,
      skipped: 'disallowed by robots.txt',
      level: 'info',
      cause: 'robots',
    });
    expect(await reader.crawl(`${site.origin}/away.html`, 1, crawl)).toEqual({
      url: `${site.origin}/away.html`,
      skipped: `redirects to another site (${other.origin}/)`,
      level: 'info',
      cause: 'off_site',
    });
    expect(await reader.crawl(`${site.origin}/missing.html`, 1, crawl)).toMatchObject({
      url: `${site.origin}/missing.html`,
      level: 'warning',
      cause: 'error',
    });
    // / and /index.html serve the same document: one page.
    expect(await reader.crawl(`${site.origin}/index.html`, 1, crawl)).toEqual({
      url: `${site.origin}/index.html`,
      duplicateOf: `${site.origin}/`,
    });
    // robots.txt was read once for the five pages (this reader's own cache).
    expect(site.requests.filter((path) => path === '/robots.txt').length - robotsBefore).toBe(1);
  });
});
