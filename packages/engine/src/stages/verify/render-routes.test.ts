import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../browser/chromium';
import { findVerifyChromePath } from './open-browser';
import {
  openFilteredContext,
  readRunningAnimations,
  screenshotOriginal,
  type FilteredContext,
} from './render-routes';

const chromePath = await findVerifyChromePath();

/** A one-page site behind an entry screen: its link reveals the site by a hash change. */
const SPLASH_PAGE = `<!doctype html><html><head><title>Trattoria</title></head><body style="margin:0">
  <div id="splash" data-sitelift-splash="Lets begin" style="position:fixed;inset:0;background:#000;display:flex;align-items:center;justify-content:center">
    <a href="#home" style="color:#fff;font-size:32px">Lets begin</a></div>
  <main id="site" style="display:none;padding:40px"><h1>Trattoria Roma</h1><p>Fresh pasta every day, since 1968.</p></main>
  <script>
    window.addEventListener('hashchange', () => {
      if (location.hash !== '#home') return;
      document.getElementById('splash').style.display = 'none';
      setTimeout(() => { document.getElementById('site').style.display = 'block'; }, 300);
    });
  </script></body></html>`;

/** The same, whose site slides in from the right over 900 ms (text and height never change). */
const SLIDING_PAGE = `<!doctype html><html><head><title>Trattoria</title></head><body style="margin:0;overflow:hidden">
  <div id="splash" data-sitelift-splash="Lets begin" style="position:absolute;left:0;top:0;width:1440px;height:900px">
    <a href="#home" style="font-size:32px">Lets begin</a></div>
  <main id="site" style="position:absolute;left:1440px;top:0;width:1360px;padding:40px"><h1>Trattoria Roma</h1></main>
  <script>
    window.addEventListener('hashchange', () => {
      let left = 1440;
      const timer = setInterval(() => {
        left = Math.max(0, left - 80);
        document.getElementById('site').style.left = left + 'px';
        document.getElementById('splash').style.left = left - 1440 + 'px';
        if (left === 0) clearInterval(timer);
      }, 50);
    });
  </script></body></html>`;

describe.skipIf(chromePath === undefined)('screenshotOriginal past an entry screen', () => {
  let browser: Browser;
  let server: Server;
  let context: FilteredContext;
  let url = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(request.url === '/sliding' ? SLIDING_PAGE : SPLASH_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    url = `${origin}/`;
    browser = await launchChromium({ executablePath: chromePath });
    context = await openFilteredContext(browser, { origin });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('measures the entry screen as loaded, with the label the probe marked', async () => {
    const shots = await screenshotOriginal(context, url);
    expect(shots.layout?.desktop.blocks.map((block) => block.text)).toEqual(['Lets begin']);
    expect(shots.layout?.desktop.splash).toBe('Lets begin');
  });

  it('measures the site after following the entry link, as a visitor sees it', async () => {
    const shots = await screenshotOriginal(context, url, { enter: 'Lets begin' });
    const texts = shots.layout?.desktop.blocks.map((block) => block.text);
    expect(texts).toEqual(['Trattoria Roma', 'Fresh pasta every day, since 1968.']);
    expect(shots.layout?.desktop.splash).toBeUndefined();
    expect(shots.layout?.mobile.page.width).toBe(375);
  });

  it('waits until a site that slides in stands still before measuring it', async () => {
    const shots = await screenshotOriginal(context, `${url}sliding`, { enter: 'Lets begin' });
    const heading = shots.layout?.desktop.blocks.find((block) => block.text === 'Trattoria Roma');
    expect(heading?.box.x).toBe(40);
  });

  it('rejects when the page shows no such link', async () => {
    await expect(screenshotOriginal(context, url, { enter: 'Enter site' })).rejects.toThrow(
      'no link "Enter site"',
    );
  });
});

/** A page whose motion (two cards rising on load, a band fading in on scroll) respects reduced motion. */
const MOVING_PAGE = `<!doctype html><html><head><title>Studio</title><style>
  @keyframes rise { from { translate: 0 24px; } }
  @keyframes fade { from { opacity: 0.2; } }
  @media (prefers-reduced-motion: no-preference) {
    .card { animation: rise 0.8s both; }
    .band { animation: fade linear both; animation-timeline: view(); }
  }
  .still { transition: color 0.2s; }
</style></head><body style="margin:0">
  <div class="card">One</div><div class="card">Two</div><p class="still">Still</p>
  <div style="height:2000px"></div><section class="band">Band</section></body></html>`;

describe.skipIf(chromePath === undefined)('readRunningAnimations', () => {
  let browser: Browser;
  let server: Server;
  let origin = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(MOVING_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium({ executablePath: chromePath });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('lists what runs on load and on scrolling when motion is allowed, by name', async () => {
    const context = await openFilteredContext(
      browser,
      { origin },
      { reducedMotion: 'no-preference' },
    );
    try {
      expect(await readRunningAnimations(context, origin, '/')).toEqual([
        { name: 'fade', trigger: 'scroll', count: 1 },
        { name: 'rise', trigger: 'load', count: 2 },
      ]);
    } finally {
      await context.close();
    }
  });

  it('finds none where the visitor asked for reduced motion (what verify screenshots)', async () => {
    const context = await openFilteredContext(browser, { origin }, { reducedMotion: 'reduce' });
    try {
      expect(await readRunningAnimations(context, origin, '/')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
