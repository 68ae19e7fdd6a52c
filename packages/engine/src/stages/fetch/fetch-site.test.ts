import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnginePorts } from '../../ports';
import { DEFAULT_FETCH_OPTIONS, fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestRoute,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const html = (body: string, head = ''): TestRoute => ({
  body: `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`,
});

function buildPorts(
  signal?: AbortSignal,
): EnginePorts & { logger: ReturnType<typeof buildRecordingLogger> } {
  return { logger: buildRecordingLogger(), clock: { now: () => Date.now() }, signal };
}

const STATIC = { allowPrivateUrls: true, browser: 'never' as const };

// A 1x1 transparent PNG.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let other: TestServer;
let site: TestServer;

beforeAll(async () => {
  other = await startTestServer({ '/': html('<p>another site</p>') });
  site = await startTestServer({
    '/robots.txt': {
      headers: { 'content-type': 'text/plain' },
      body: 'User-agent: *\nDisallow: /\n\nUser-agent: Sitelift\nDisallow: /private.html\nDisallow: /members/\n',
    },
    '/': html(
      `<a href="/a.html">A</a> <a href="b.html#part">B</a> <a href="/a.html#again">A again</a>
       <a href="${other.origin}/direct.html">elsewhere</a> <a href="mailto:wouter@example.com">mail</a>
       <a href="/brochure.pdf">pdf</a> <a href="javascript:void(0)">js</a> <a href="/frames.html">frames</a>`,
    ),
    '/a.html': html('<a href="/c.html">C</a><a href="deep/d.html">D</a><a href="/">home</a>'),
    '/b.html': html(
      `<a href="/a.html">A</a><a href="/broken.html">broken</a><a href="/slow.html">slow</a>
       <a href="/private.html">private</a><a href="/members/x.html">members</a><a href="/off-site">off</a>
       <a href="/picture">picture</a><a href="/index.html">index</a>`,
    ),
    '/index.html': html(
      `<a href="/a.html">A</a> <a href="b.html#part">B</a> <a href="/a.html#again">A again</a>
       <a href="${other.origin}/direct.html">elsewhere</a> <a href="mailto:wouter@example.com">mail</a>
       <a href="/brochure.pdf">pdf</a> <a href="javascript:void(0)">js</a> <a href="/frames.html">frames</a>`,
    ),
    '/frames.html': {
      body: '<html><frameset cols="20%,*"><frame src="left.html"><frame src="main.html"></frameset></html>',
    },
    '/left.html': html('<p>menu</p>'),
    '/refresh.html': {
      body: '<html><head><meta http-equiv="refresh" content="0; url=/c.html"></head></html>',
    },
    '/main.html': html('<p>main frame</p>'),
    '/c.html': html('<p>C</p>'),
    '/deep/d.html': html('<p>D</p>'),
    '/private.html': html('<p>private</p>'),
    '/slow.html': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => response.write('<p>.</p>'), 50);
      response.on('close', () => clearInterval(timer));
    },
    '/off-site': { status: 302, headers: { location: `${other.origin}/` } },
    '/picture': { headers: { 'content-type': 'image/png' }, body: PNG_1X1 },
  });
});

afterAll(async () => {
  await site.close();
  await other.close();
});

describe('fetchSite crawl', () => {
  it('reads same-origin pages breadth-first, with frames, skipping broken and disallowed pages', async () => {
    const ports = buildPorts();
    const raw = await fetchSite(`${site.origin}/`, { ...STATIC, pageTimeoutMs: 2_000 }, ports);
    const paths = raw.pages.map((page) => new URL(page.url).pathname);
    expect(paths).toEqual([
      '/',
      '/a.html',
      '/b.html',
      '/frames.html',
      // A frameset's frames are read with it: they are its content.
      '/left.html',
      '/main.html',
      '/c.html',
      '/deep/d.html',
    ]);
    expect(raw.pages.map((page) => page.depth)).toEqual([0, 1, 1, 1, 2, 2, 2, 2]);
    expect(raw.pages.every((page) => page.renderedWith === 'static' && page.status === 200)).toBe(
      true,
    );
    const frames = raw.pages.find((page) => page.url.endsWith('/frames.html'));
    expect(frames?.frames).toEqual([`${site.origin}/left.html`, `${site.origin}/main.html`]);
    // Links to the other origin, mail/js links and the PDF are never followed.
    expect(other.requests).not.toContain('/direct.html');
    expect(site.requests).not.toContain('/brochure.pdf');
    expect(site.requests).not.toContain('/private.html');

    const skipped = raw.diagnostics.filter(
      (diagnostic) => diagnostic.code === 'ENGINE_FETCH_PAGE_SKIPPED',
    );
    const byPath = Object.fromEntries(
      skipped.map((diagnostic) => [new URL(diagnostic.url ?? '').pathname, diagnostic]),
    );
    expect(byPath['/broken.html']).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('404'),
    });
    expect(byPath['/slow.html']).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('too long'),
    });
    expect(byPath['/picture']).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('image/png'),
    });
    expect(byPath['/private.html']).toMatchObject({
      level: 'info',
      message: expect.stringContaining('robots.txt'),
    });
    expect(byPath['/members/x.html']).toMatchObject({
      level: 'info',
      message: expect.stringContaining('robots.txt'),
    });
    expect(byPath['/off-site']).toMatchObject({ message: expect.stringContaining('another site') });
    // /index.html is the same document as /: read once.
    expect(paths).not.toContain('/index.html');
    // Every page of the site found and not read is listed once with why (issue 24); the duplicate
    // and the page that leads to another site are not.
    expect(
      raw.notRead.map(({ url, reason, detail }) => [new URL(url).pathname, reason, detail]),
    ).toEqual([
      ['/broken.html', 'error', byPath['/broken.html']?.message.replace(/^Skipped \S+: /, '')],
      ['/slow.html', 'error', expect.stringContaining('too long')],
      ['/private.html', 'robots', undefined],
      ['/members/x.html', 'robots', undefined],
      ['/picture', 'error', expect.stringContaining('image/png')],
    ]);

    const messages = ports.logger.lines.map((line) => `${line.level} ${line.message}`);
    expect(messages[0]).toBe(`INFO Fetching ${site.origin}/`);
    expect(messages).toContainEqual(
      expect.stringMatching(/^WARNING Skipped .*\/broken\.html: .*404/),
    );
    expect(messages.at(-1)).toMatch(/^INFO Read 8 pages, 0 assets \(\d+(\.\d)? KB\)/);
    const progress = ports.logger.progressEvents;
    expect(progress.every((event) => event.stage === 'fetch' && event.done <= event.total)).toBe(
      true,
    );
    expect(progress.at(-1)).toMatchObject({ done: 9, total: 9 }); // 8 pages + the /favicon.ico probe
  });

  it('follows a start page that forwards with <meta http-equiv="refresh">', async () => {
    const raw = await fetchSite(`${site.origin}/refresh.html`, STATIC, buildPorts());
    expect(raw.pages.map((page) => new URL(page.url).pathname)).toEqual([
      '/refresh.html',
      '/c.html',
    ]);
  });

  it('stops at maxPages', async () => {
    const raw = await fetchSite(`${site.origin}/`, { ...STATIC, maxPages: 3 }, buildPorts());
    expect(raw.pages.map((page) => new URL(page.url).pathname)).toEqual([
      '/',
      '/a.html',
      '/b.html',
    ]);
  });

  it("reads a frameset's frames with it, before the pages after it: they are its content", async () => {
    const paths = async (maxPages: number) =>
      (await fetchSite(`${site.origin}/`, { ...STATIC, maxPages }, buildPorts())).pages.map(
        (page) => new URL(page.url).pathname,
      );
    const withFrames = ['/', '/a.html', '/b.html', '/frames.html', '/left.html', '/main.html'];
    // Otherwise /c.html and /deep/d.html (the next level) would take the last two places.
    expect(await paths(6)).toEqual(withFrames);
    // All of them, past the limit: a frameset without its main frame would be an empty page.
    expect(await paths(4)).toEqual(withFrames);
  });

  it('clamps maxPages to 1..MAX_PAGES_LIMIT', async () => {
    const raw = await fetchSite(`${site.origin}/`, { ...STATIC, maxPages: 0 }, buildPorts());
    expect(raw.pages).toHaveLength(1);
    // An option passed as undefined keeps its default.
    const defaults = await fetchSite(
      `${site.origin}/`,
      { ...STATIC, maxPages: undefined, pageTimeoutMs: 2_000 },
      buildPorts(),
    );
    expect(defaults.pages).toHaveLength(8);
    expect(DEFAULT_FETCH_OPTIONS).toMatchObject({
      maxPages: 20,
      maxRedirects: 5,
      pageTimeoutMs: 30_000,
    });
  });
});
