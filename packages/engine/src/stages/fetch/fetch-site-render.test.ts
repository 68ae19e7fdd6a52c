import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath } from '../../browser/chromium';
import { getAddressRefusal } from '../../net/ip-policy';
import type { EnginePorts } from '../../ports';
import { fetchSite } from './fetch-site';
import {
  buildRecordingLogger,
  failOnConsoleOutput,
  startTestServer,
  type TestServer,
} from './test-server.fixture';

failOnConsoleOutput();

const chromePath = await findChromePath();
if (!chromePath) {
  console.info(
    'Skipping the rendered-read tests: no Chromium found (set CHROME_PATH or install chromium).',
  );
}

const ports = (): EnginePorts & { logger: ReturnType<typeof buildRecordingLogger> } => ({
  logger: buildRecordingLogger(),
  clock: { now: () => Date.now() },
});
/** 127.0.0.1 plays the public site; 127.0.0.2 is "internal" and refused like any private address. */
const addressRefusal = (address: string): string | undefined =>
  address === '127.0.0.1' ? undefined : getAddressRefusal(address);

let site: TestServer;
let internal: TestServer;
let upgrades = 0;

beforeAll(async () => {
  internal = await startTestServer(
    { '/secret': { headers: { 'access-control-allow-origin': '*' }, body: 'internal secret' } },
    '127.0.0.2',
  );
  site = await startTestServer({
    '/': {
      body: `<!doctype html><html><head><title>Shell</title></head><body><main id="app">Loading…</main>
        <script>
          fetch('/data.json').then((r) => r.json()).then((data) => {
            document.getElementById('app').innerHTML =
              '<h1>' + data.title + '</h1><nav><a href="/js-page.html">Made by script</a>' +
              '<a href="/frames-1.html">1</a><a href="/frames-2.html">2</a><a href="/frames-3.html">3</a></nav>';
            setTimeout(() => {
              const p = document.createElement('p');
              p.textContent = 'Inserted later';
              document.body.appendChild(p);
            }, 150);
          });
          fetch('/redirected').then((r) => r.text()).then((text) => {
            const p = document.createElement('p');
            p.textContent = 'After redirect: ' + text;
            document.body.appendChild(p);
          });
          fetch('${internal.origin}/secret').then((r) => r.text()).then(
            (text) => { document.body.insertAdjacentHTML('beforeend', '<p>' + text + '</p>'); },
            () => { document.body.insertAdjacentHTML('beforeend', '<p>internal request blocked</p>'); },
          );
          try { new WebSocket('ws://' + location.host + '/socket'); } catch (error) {}
        </script>
        <img src="${internal.origin}/secret"><iframe src="http://169.254.169.254/latest/meta-data/"></iframe>
        </body></html>`,
    },
    '/data.json': {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hello from JavaScript' }),
    },
    '/redirected': { status: 302, headers: { location: '/target.txt' } },
    '/target.txt': { headers: { 'content-type': 'text/plain' }, body: 'landed' },
    ...Object.fromEntries(
      [1, 2, 3].map((index) => [
        `/frames-${index}.html`,
        {
          // Content inserted two animation frames after load: tabs rendered side by side must all run them.
          body: `<html><body><h1>Page ${index}</h1><main></main><script>
            addEventListener('load', () => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => {
              document.querySelector('main').textContent = 'Two frames later ' + document.visibilityState;
            })), 50));
          </script></body></html>`,
        },
      ]),
    ),
    '/js-page.html': { body: '<html><body><p>A page only scripts link to</p></body></html>' },
    '/dutch.html': {
      headers: { 'content-type': 'text/html' },
      body: Buffer.from(
        '<html><body><p id="x">\xe9\xe9n idee\xebn</p><script>document.title = "script"</script></body></html>',
        'latin1',
      ),
    },
    '/stalled.html': {
      // Each picture, once failed, asks for the next one: pictures added before `load` hold it
      // back, so `load` never comes, as with a host that never answers or a busy machine.
      body: `<html><head><title>Stalled</title></head><body><h1>Shown though load never came</h1>
        <script>
          const next = (n) => {
            const img = document.createElement('img');
            img.onerror = () => n < 100 && next(n + 1);
            img.src = '/slow.png?' + n;
            document.body.appendChild(img);
          };
          next(0);
          document.body.insertAdjacentHTML('beforeend', '<p>Written by its script</p>');
        </script></body></html>`,
    },
    '/slow.png': (_request, response) => {
      setTimeout(() => response.writeHead(404).end(), 300);
    },
    '/hang.html': {
      body: '<html><body><p>Static text of a hanging page</p><script>while (true) {}</script></body></html>',
    },
  });
  site.server.on('upgrade', (_request, socket) => {
    upgrades += 1;
    socket.destroy();
  });
});

afterAll(async () => {
  await site?.close();
  await internal?.close();
});

describe.skipIf(!chromePath)('fetchSite rendered with Chromium', () => {
  it('captures content inserted by JavaScript and crawls links that only scripts create', async () => {
    const logger = ports();
    const raw = await fetchSite(`${site.origin}/`, { browser: 'always', maxPages: 5 }, logger, {
      addressRefusal,
    });
    const home = raw.pages[0];
    expect(home?.renderedWith).toBe('browser');
    expect(home?.html).toContain('<h1>Hello from JavaScript</h1>');
    expect(home?.html).toContain('Inserted later');
    expect(home?.html).toContain('After redirect: landed');
    expect(raw.pages.map((page) => page.url)).toContain(`${site.origin}/js-page.html`);
    const framePages = raw.pages.filter((page) => page.url.includes('/frames-'));
    expect(framePages).toHaveLength(3);
    for (const page of framePages) expect(page.html).toContain('Two frames later visible');
    expect(logger.logger.lines).toContainEqual({
      level: 'INFO',
      message: expect.stringMatching(/^Rendered with Chromium \(\d+\.\d s\)$/),
    });
  });

  it("waits for a content loader's data that outlasts the quiet wait (issue 23)", async () => {
    // The data arrives 6 s after the request: past the 3 s wait for the network to go quiet.
    const slow = await startTestServer({
      '/': {
        body: `<!doctype html><html><head><title>Service</title></head><body><main id="app"></main>
          <script>
            fetch('/content.json').then((r) => r.json()).then((data) => {
              document.getElementById('app').innerHTML = '<h1>' + data.title + '</h1>';
            });
          </script></body></html>`,
      },
      '/content.json': (_request, response) => {
        setTimeout(() => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ title: 'Professional service' }));
        }, 6_000);
      },
    });
    try {
      const raw = await fetchSite(`${slow.origin}/`, { browser: 'always', maxPages: 1 }, ports(), {
        addressRefusal,
      });
      expect(raw.pages[0]?.html).toContain('<h1>Professional service</h1>');
    } finally {
      await slow.close();
    }
  }, 30_000);

  it('sends every request of the page through the SSRF guard', async () => {
    const before = internal.requests.length;
    const raw = await fetchSite(`${site.origin}/`, { browser: 'always', maxPages: 1 }, ports(), {
      addressRefusal,
    });
    expect(internal.requests.length).toBe(before);
    expect(raw.pages[0]?.html).toContain('internal request blocked');
    expect(raw.pages[0]?.html).not.toContain('internal secret');
    expect(upgrades).toBe(0);
  });

  it('renders a windows-1252 page with the charset the static read found', async () => {
    const raw = await fetchSite(
      `${site.origin}/dutch.html`,
      { browser: 'always', maxPages: 1, allowPrivateUrls: true },
      ports(),
    );
    expect(raw.pages[0]).toMatchObject({ renderedWith: 'browser', charset: 'windows-1252' });
    expect(raw.pages[0]?.html).toContain('één ideeën');
    expect(raw.pages[0]?.html).toContain('<title>script</title>');
  });

  it('reads a parsed page whose `load` never comes (pictures keep it back)', async () => {
    const logger = buildRecordingLogger();
    const raw = await fetchSite(
      `${site.origin}/stalled.html`,
      { browser: 'always', maxPages: 1, allowPrivateUrls: true, pageTimeoutMs: 2_000 },
      { ...ports(), logger },
    );
    expect(raw.pages[0]).toMatchObject({ renderedWith: 'browser' });
    expect(raw.pages[0]?.html).toContain('Written by its script');
    expect(raw.pages[0]?.probe).toBeDefined();
    expect(raw.diagnostics).not.toContainEqual(
      expect.objectContaining({ code: 'ENGINE_FETCH_RENDER_FAILED' }),
    );
  });

  it('falls back to the served HTML when a page cannot be rendered', async () => {
    const raw = await fetchSite(
      `${site.origin}/hang.html`,
      { browser: 'always', maxPages: 1, allowPrivateUrls: true, pageTimeoutMs: 2_000 },
      ports(),
    );
    expect(raw.pages[0]).toMatchObject({ renderedWith: 'static' });
    expect(raw.pages[0]?.html).toContain('Static text of a hanging page');
    expect(raw.diagnostics).toContainEqual(
      expect.objectContaining({ level: 'warning', code: 'ENGINE_FETCH_RENDER_FAILED' }),
    );
  });
});

describe.skipIf(!chromePath)('fetchSite with screenshots', () => {
  it('screenshots each page it renders, pictures included, at 1440 px and 375 px', async () => {
    const red = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 255, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const pictured = await startTestServer({
      '/': {
        body: '<html><body style="margin:0"><img src="/red.png" alt="" style="display:block;width:100%;height:100vh"><main></main><a href="/static.html">Next</a><script>document.querySelector("main").textContent = "From script"</script></body></html>',
      },
      '/red.png': { headers: { 'content-type': 'image/png' }, body: red },
      // No scripts: read as served, not shown in Chromium (verify screenshots it).
      '/static.html': { body: '<html><body><p>Plain</p></body></html>' },
    });
    try {
      const options = { browser: 'always', maxPages: 5, allowPrivateUrls: true } as const;
      const raw = await fetchSite(
        `${pictured.origin}/`,
        { ...options, screenshots: true },
        ports(),
      );
      const [home, plain] = raw.pages;
      expect(home).toMatchObject({ renderedWith: 'browser' });
      expect(home?.html).toContain('<main>From script</main>');
      expect(await pngSize(home?.screenshots?.desktop)).toBe('1440x900');
      expect(await pngSize(home?.screenshots?.mobile)).toBe('375x812');
      // The picture loaded: the start page's screenshots are red at the top left.
      for (const png of [home!.screenshots!.desktop, home!.screenshots!.mobile]) {
        const { data } = await sharp(png)
          .extract({ left: 4, top: 4, width: 1, height: 1 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
      }
      expect(plain).toMatchObject({ renderedWith: 'static' });
      expect(plain?.screenshots).toBeUndefined();
      // Without the option (the default) nothing is screenshotted.
      const unshot = await fetchSite(`${pictured.origin}/`, options, ports());
      expect(unshot.pages[0]).toMatchObject({ renderedWith: 'browser' });
      expect(unshot.pages.every((page) => page.screenshots === undefined)).toBe(true);
    } finally {
      await pictured.close();
    }
  });
});

/** A PNG's width x height, as sharp reads it. */
async function pngSize(png: Uint8Array | undefined): Promise<string> {
  if (png === undefined) return 'missing';
  const { width, height, format } = await sharp(png).metadata();
  return format === 'png' ? `${width}x${height}` : `not a PNG (${format})`;
}

describe('fetchSite without Chromium', () => {
  it('falls back to the static read and says so', async () => {
    const logger = ports();
    const raw = await fetchSite(
      `${site.origin}/`,
      { browser: 'auto', chromePath: '/nonexistent/chromium', maxPages: 1, allowPrivateUrls: true },
      logger,
    );
    expect(raw.pages[0]).toMatchObject({ renderedWith: 'static' });
    expect(raw.pages[0]?.html).toContain('Loading…');
    expect(raw.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'ENGINE_FETCH_NO_BROWSER' }),
    );
    expect(logger.logger.lines).toContainEqual({
      level: 'INFO',
      message: expect.stringContaining('No browser available'),
    });
    // The job log is the customer's: no browser path of the server in it (issue 22).
    expect(JSON.stringify(logger.logger.lines)).not.toContain('/nonexistent');
  });
});

describe.skipIf(!chromePath)('fetchSite on a site without scripts', () => {
  it("keeps the start page's probe (its shown colours) with its served HTML", async () => {
    // A blog of static pages whose stylesheet names a code highlighter's red more often than the
    // blue its links are drawn in: only the rendered page tells which colour the visitor sees.
    const css =
      'body{color:#111;background:#fdfdfd} a{color:#2a7ae2} .site-footer{background:#eee}' +
      ' .hl .s{color:#dd1144} .hl .s1{color:#dd1144} .hl .s2{color:#dd1144} .hl .sb{color:#dd1144}';
    const blog = await startTestServer({
      '/': {
        body: `<html><head><title>Notes</title><link rel="stylesheet" href="/main.css"></head><body>
          <h1>Posts</h1><ul><li><a href="/post.html">A first post</a></li></ul>
          <footer class="site-footer"><p>Working on networks</p></footer></body></html>`,
      },
      '/main.css': { headers: { 'content-type': 'text/css' }, body: css },
      '/post.html': {
        body: '<html><head><link rel="stylesheet" href="/main.css"></head><body><p>Text</p></body></html>',
      },
    });
    try {
      const raw = await fetchSite(
        `${blog.origin}/`,
        { browser: 'always', maxPages: 2, allowPrivateUrls: true },
        ports(),
      );
      const [home, post] = raw.pages;
      expect(home).toMatchObject({ renderedWith: 'static' });
      expect(home?.html).not.toContain('data-sitelift');
      expect(home?.typography).toEqual(home?.probe?.typography);
      expect(home?.probe?.links.map((entry) => entry.color)).toContain('rgb(42, 122, 226)');
      expect(home?.probe?.footer?.background).toBe('rgb(238, 238, 238)');
      // Only the start page is measured: the others are read as served, as before.
      expect(post).toMatchObject({ renderedWith: 'static' });
      expect(post?.probe).toBeUndefined();
    } finally {
      await blog.close();
    }
  });
});
