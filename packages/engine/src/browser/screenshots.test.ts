import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVerifyChromePath } from '../stages/verify/open-browser';
import { launchChromium } from './chromium';
import { DESKTOP_VIEWPORT, measureLayout } from './screenshots';

const chromePath = await findVerifyChromePath();

/** A page that fades its lower part in when it is scrolled into view (as AOS or WOW.js do). */
const REVEAL_PAGE = `<!doctype html><html><head><style>
  .reveal { opacity: 0; transform: translateY(20px); transition: opacity 0.4s, transform 0.4s; }
  .reveal.shown { opacity: 1; transform: none; }
  @keyframes spin { to { transform: rotate(360deg); } }
  .spinner { width: 10px; height: 10px; animation: spin 1s linear infinite; }
</style></head><body>
  <h1>At the top</h1><div class="spinner"></div>
  <div class="menu" style="opacity: 0">A closed menu</div><div style="height: 2400px"></div>
  <p class="reveal">Shown once scrolled to.</p>
  <div class="wow"><img src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='80' height='80'/%3E" width="80" height="80"><p>Held until scrolled to.</p></div>
  <p class="menu" style="visibility: hidden">A hidden state</p>
  <script>
    // As WOW.js does: boxes below the first screen hidden, their animation held until scrolled to.
    for (const box of document.querySelectorAll('.wow')) {
      box.style.visibility = 'hidden';
      box.style.animationName = 'none';
    }
    const observer = new IntersectionObserver((entries) => {
      // Staggered, as reveal scripts do: the fade starts a moment after the element shows.
      for (const entry of entries)
        if (entry.isIntersecting) setTimeout(() => entry.target.classList.add('shown'), 250);
    });
    document.querySelectorAll('.reveal').forEach((element) => observer.observe(element));
  </script></body></html>`;

describe.skipIf(chromePath === undefined)('measureLayout', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium({ executablePath: chromePath });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('counts the text a page reveals on scrolling, never what the first screen keeps transparent', async () => {
    const page = await browser.newPage({ viewport: DESKTOP_VIEWPORT });
    await page.setContent(REVEAL_PAGE);
    const layout = await measureLayout(page, 'desktop');
    expect(layout?.blocks.map((block) => block.text)).toEqual([
      'At the top',
      'Shown once scrolled to.',
      'Held until scrolled to.',
    ]);
    expect(layout?.identity?.pictures?.map((picture) => picture.box.width)).toEqual([80]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('lists the pictures of items a gallery filter hid at load, not those of a slider', async () => {
    const item = (name: string, shown: boolean) =>
      `<div class="photo" style="display: ${shown ? 'block' : 'none'}"><a href="#"><img src="http://127.0.0.1:9/img/${name}.jpg" width="200" height="150" alt=""></a></div>`;
    const page = await browser.newPage({ viewport: DESKTOP_VIEWPORT });
    await page.setContent(`<!doctype html><html><body>
      <ul><li>Events</li><li>Graduations</li></ul>
      <div class="gallery">${item('stage', true)}${item('hall', true)}${item('gown', false)}${item('cap', false)}</div>
      <div class="slider">${item('slide-1', true)}${item('slide-2', false)}${item('slide-3', false)}</div>
    </body></html>`);
    const layout = await measureLayout(page, 'desktop');
    expect(layout?.identity?.filtered).toEqual([
      'http://127.0.0.1:9/img/gown.jpg',
      'http://127.0.0.1:9/img/cap.jpg',
    ]);
    await page.close();
  });

  it("measures a frameset's frames where they show: their text is the page's", async () => {
    const documents: Record<string, string> = {
      '/': '<html><frameset cols="25%,75%"><frame src="/toc.html"><frame src="/cover.html"></frameset></html>',
      '/toc.html': '<html><body style="margin:0"><p>Table of contents</p></body></html>',
      '/cover.html': `<html><body style="margin:0"><h1>User manual</h1><div style="height:1500px"></div><p>Last line</p></body></html>`,
    };
    const server: Server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(documents[request.url ?? '/'] ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const page = await browser.newPage({ viewport: DESKTOP_VIEWPORT });
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const layout = await measureLayout(page, 'desktop');
      const byText = new Map(layout?.blocks.map((block) => [block.text, block.box]));
      expect([...byText.keys()]).toEqual(['Table of contents', 'User manual', 'Last line']);
      expect(byText.get('Table of contents')?.x).toBeLessThan(DESKTOP_VIEWPORT.width * 0.25);
      // The second frame starts a quarter of the way across; its whole document counts.
      expect(byText.get('User manual')?.x).toBeGreaterThanOrEqual(DESKTOP_VIEWPORT.width * 0.25);
      expect(byText.get('Last line')?.y).toBeGreaterThan(1500);
      expect(layout?.page.height).toBeGreaterThan(1500);
      await page.close();
    } finally {
      server.close();
    }
  });
});
