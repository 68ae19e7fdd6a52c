import { AppError } from '@sitelift/shared/error-codes';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.fixture';
import { withDefaultScheme } from '@sitelift/shared/validation/create-project';
import { checkSite } from './check-site';

const LOCAL = { allowPrivateUrls: true, timeoutMs: 5_000 };
const html = (body: string, head = '') =>
  `<!doctype html><html><head><title>Old Bakery</title>${head}</head><body>${body}</body></html>`;
const WORDS = 'Fresh bread every morning from our wood-fired oven. '.repeat(10);

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('withDefaultScheme', () => {
  it('gives a bare host https:// and keeps a typed scheme', () => {
    expect(withDefaultScheme('example.com')).toBe('https://example.com');
    expect(withDefaultScheme('  example.com/menu ')).toBe('https://example.com/menu');
    expect(withDefaultScheme('localhost:8080/x')).toBe('https://localhost:8080/x');
    expect(withDefaultScheme('//example.com')).toBe('https://example.com');
    expect(withDefaultScheme('http://example.com')).toBe('http://example.com');
    expect(withDefaultScheme('ftp://example.com')).toBe('ftp://example.com');
    expect(withDefaultScheme('')).toBe('');
  });
});

describe('checkSite', () => {
  it('counts the same-site pages a plain site links to, with no warning', async () => {
    server = await startTestServer({
      '/': {
        body: html(
          `<p>${WORDS}</p><a href="/menu.html">Menu</a><a href="about.html#team">About</a>
           <a href="/menu.html">Menu again</a><a href="https://elsewhere.example/">Elsewhere</a>
           <a href="/price-list.pdf">Prices</a>`,
        ),
      },
    });
    const check = await checkSite(`${server.origin}/`, LOCAL);
    expect(check).toMatchObject({
      finalUrl: `${server.origin}/`,
      title: 'Old Bakery',
      robotsAllowed: true,
      estimatedPages: 3,
      pagesCapped: false,
      needsJavaScript: false,
      warnings: [],
    });
  });

  it('follows a redirect and reports where the site really is', async () => {
    server = await startTestServer({
      '/': { status: 301, headers: { location: '/home/' } },
      '/home/': { body: html(`<p>${WORDS}</p>`) },
    });
    const check = await checkSite(`${server.origin}/`, LOCAL);
    expect(check.finalUrl).toBe(`${server.origin}/home/`);
  });

  it('warns when robots.txt refuses us', async () => {
    server = await startTestServer({
      '/': { body: html(`<p>${WORDS}</p>`) },
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: Sitelift\nDisallow: /\n',
      },
    });
    const check = await checkSite(`${server.origin}/`, LOCAL);
    expect(check.robotsAllowed).toBe(false);
    expect(check.warnings.map((warning) => warning.code)).toEqual(['robots_disallowed']);
  });

  it('tells a page built by JavaScript, a login wall and a canvas app', async () => {
    server = await startTestServer({
      '/spa': { body: html('<div id="root"></div><script src="/app.js"></script>') },
      '/members': { status: 302, headers: { location: '/login?next=/members' } },
      '/login': {
        body: html(`<p>${WORDS}</p><form><input name="u"><input type="password" name="p"></form>`),
      },
      '/game': {
        body: html(
          '<canvas id="c"></canvas><script>document.getElementById("c").getContext("webgl")</script>',
        ),
      },
    });
    const codes = async (path: string) =>
      (await checkSite(`${server!.origin}${path}`, LOCAL)).warnings.map((warning) => warning.code);
    expect(await codes('/spa')).toEqual(['needs_javascript']);
    expect((await checkSite(`${server.origin}/spa`, LOCAL)).needsJavaScript).toBe(true);
    expect(await codes('/members')).toEqual(['login_wall']);
    expect(await codes('/game')).toEqual(['app_like']);
  });

  it('does not flag a static page of pictures with a script as built by JavaScript (issue 22)', async () => {
    server = await startTestServer({
      '/': {
        body: html(
          `<h1>Gallery</h1><img src="/a.jpg" alt="Bread"><img src="/b.jpg" alt="Cakes">
           <a href="/menu.html">Menu</a><script src="/jquery.js"></script>
           <script>$(function () { $('img').fadeIn(); });</script>`,
        ),
      },
      '/frames': {
        body: `<html><head><title>Old</title><script src="/x.js"></script></head>
          <frameset cols="20%,80%"><frame src="/nav.html"><frame src="/main.html"></frameset></html>`,
      },
    });
    const gallery = await checkSite(`${server.origin}/`, LOCAL);
    expect(gallery.needsJavaScript).toBe(false);
    expect(gallery.warnings).toEqual([]);
    expect((await checkSite(`${server.origin}/frames`, LOCAL)).needsJavaScript).toBe(false);
  });

  it('counts the pages behind an entry screen and a frameset, as the job reads them (issue 22)', async () => {
    const menu = ['about', 'menu', 'prices', 'contact', 'team', 'news']
      .map((name) => `<a href="/${name}.html">${name}</a>`)
      .join(' ');
    server = await startTestServer({
      // An entry screen: one link, to the page with the site's menu.
      '/': { body: html(`<p>${WORDS}</p><a href="/home.html">Enter the site</a>`) },
      '/home.html': { body: html(`<p>${WORDS}</p>${menu}`) },
      '/frames': {
        body: `<html><head><title>Old</title></head><frameset cols="20%,80%">
          <frame src="/nav.html"><frame src="/home.html"></frameset></html>`,
      },
      '/nav.html': { body: html(menu) },
    });
    // The start page, home and its six pages: the job's 7+ pages, not "one page" or two.
    expect((await checkSite(`${server.origin}/`, LOCAL)).estimatedPages).toBe(8);
    // The frameset, its two frames and the six pages of its menu.
    expect((await checkSite(`${server.origin}/frames`, LOCAL)).estimatedPages).toBe(9);
  });

  it('tries a bare host:port over http when https does not connect (issue 22)', async () => {
    server = await startTestServer({ '/': { body: html(`<p>${WORDS}</p>`) } });
    const bare = server.origin.replace(/^http:\/\//, '');
    const check = await checkSite(bare, LOCAL);
    expect(check.url).toBe(`http://${bare}`);
    expect(new URL(check.finalUrl).href).toBe(`${server.origin}/`);
    expect(check.title).toBe('Old Bakery');
    // A scheme the user typed is kept: https:// that does not connect stays a failure.
    await expect(checkSite(`https://${bare}`, LOCAL)).rejects.toBeInstanceOf(AppError);
  });

  it('says how many pages it found when one run reads fewer', async () => {
    const links = Array.from(
      { length: 520 },
      (_, index) => `<a href="/p${index}.html">${index}</a>`,
    );
    server = await startTestServer({ '/': { body: html(`<p>${WORDS}</p>${links.join('')}`) } });
    const check = await checkSite(`${server.origin}/`, LOCAL);
    // Counted, not capped at the run's limit: the 5000-page cap is a safety net.
    expect(check).toMatchObject({ pagesFound: 521, estimatedPages: 521, pagesCapped: false });
    expect(check.warnings).toEqual([
      {
        code: 'many_pages',
        message: expect.stringContaining(
          'We found 521 pages on this site. One run reads up to 500',
        ),
      },
    ]);
  });

  it('counts up to its safety cap of 5000 pages and lists at most 2000 paths', async () => {
    const links = Array.from({ length: 5200 }, (_, index) => `<a href="/p${index}">${index}</a>`);
    server = await startTestServer({ '/': { body: html(`<p>${WORDS}</p>${links.join('')}`) } });
    const check = await checkSite(`${server.origin}/`, LOCAL);
    expect(check).toMatchObject({ pagesFound: 5000, estimatedPages: 5000, pagesCapped: true });
    expect(check.paths).toHaveLength(2000);
    expect(check.paths.slice(0, 3)).toEqual(['/', '/p0', '/p1']);
    expect(check.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('We found more than 5000 pages on this site.'),
    ]);
  });

  it('refuses what cannot be modernized with the catalogue codes', async () => {
    server = await startTestServer({
      '/gone': { status: 404 },
      '/file': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' },
    });
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
    expect(await codeOf(checkSite(`${server.origin}/gone`, LOCAL))).toBe(
      'ENGINE_FETCH_HTTP_STATUS',
    );
    expect(await codeOf(checkSite(`${server.origin}/file`, LOCAL))).toBe('ENGINE_FETCH_NOT_HTML');
    // The SSRF guard: without the opt-in, a loopback address is not public.
    expect(await codeOf(checkSite(`${server.origin}/`, { timeoutMs: 5_000 }))).toBe(
      'ENGINE_FETCH_URL_REFUSED',
    );
  });
});
