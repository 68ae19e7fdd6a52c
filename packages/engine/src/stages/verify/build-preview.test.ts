/**
 * The live preview: a generated project built for '/preview/abc/' (what runPipeline returns as
 * result.preview) works when served under that prefix — deep routes, images, downloads, favicon and
 * in-app navigation all stay under the base. One run per strategy, in Chromium.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, findChromePath } from '../../browser/chromium';
import { pipelineInputSchema } from '../../pipeline-input';
import type { RawSite, Strategy } from '../../types';
import { extractSite } from '../extract/extract-site';
import { generateProject } from '../generate/generate-project';
import { removeProject, writeTree } from '../generate/testing/build-project';
import { bakerySite } from '../generate/testing/bakery-site';
import { planSite } from '../plan/plan-site';
import { buildPreview } from './build-preview';
import { startStaticServer } from './serve-static';

const BASE = '/preview/abc/';

describe('pipelineInputSchema.previewBase', () => {
  it.each(['/preview/abc/', '/', '/preview/3f2c-9a_b.c~d/'])('accepts %s', (previewBase) => {
    expect(pipelineInputSchema.safeParse({ url: 'x', previewBase }).success).toBe(true);
  });
  it.each(['preview/abc/', '/preview/abc', '/a//b/', '/a/../b/', '/a/b c/', '/a/"x/', ''])(
    'refuses %j',
    (previewBase) => {
      expect(pipelineInputSchema.safeParse({ url: 'x', previewBase }).success).toBe(false);
    },
  );
});

describe('buildPreview', () => {
  let browser: Browser | undefined;
  let raw: RawSite;

  beforeAll(async () => {
    raw = await bakerySite();
    const chromePath = await findChromePath();
    if (chromePath !== undefined) browser = await launchChromium({ executablePath: chromePath });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a base path without its slashes instead of building', async () => {
    const result = await buildPreview({ files: {} }, 'preview/abc');
    expect(result).toMatchObject({ ok: false, ms: 0 });
  });

  // "sandboxed": served like the server's live preview, with `Content-Security-Policy: sandbox
  // allow-scripts` (an opaque origin: no history.pushState, no service worker).
  it.each<[Strategy, 'plain' | 'sandboxed']>([
    ['STYLE_MODERNIZATION', 'plain'],
    ['INCREMENTAL_UPDATE', 'sandboxed'],
    ['FULL_REBUILD', 'plain'],
    ['FULL_REBUILD', 'sandboxed'],
  ])(
    '%s (%s): a deep route works under /preview/abc/ and its links stay there',
    async (strategy, mode) => {
      if (browser === undefined) throw new Error('Chromium is needed (set CHROME_PATH)');
      const plan = planSite(extractSite(raw), { strategy });
      const team = plan.pages.find((p) => p.url.endsWith('/about/team.html'))!;
      const contact = plan.pages.find((p) => p.url.endsWith('/contact.html'))!;
      expect(team.route).not.toBe('/');
      const tree = await generateProject(plan);
      // The zip's project is unchanged by the preview: same files, built for '/' by default.
      expect(
        String(
          tree.files[strategy === 'STYLE_MODERNIZATION' ? 'vite.config.js' : 'vite.config.ts'],
        ),
      ).toContain("BASE_PATH || '/'");

      const preview = await buildPreview(tree, BASE);
      if (!preview.ok) throw new Error(preview.error);
      const index = String(preview.dist.files['index.html']);
      expect(index).toContain(`src="${BASE}assets/`);
      expect(index).toMatch(new RegExp(`<link rel="icon" href="${BASE}favicon\\.svg"`));
      // No root-relative URL escapes the base in the served HTML (prerendered pages included).
      for (const [name, content] of Object.entries(preview.dist.files)) {
        if (!name.endsWith('.html')) continue;
        expect(String(content).match(/(?:href|src)="\/(?!preview\/abc\/)[^"]*"/g), name).toBeNull();
      }
      if (strategy === 'FULL_REBUILD') {
        const prerendered = String(preview.dist.files[`${team.route.slice(1)}/index.html`]);
        expect(prerendered).toContain('Marie has baked the sourdough loaves');
        expect(prerendered).toContain(`href="${BASE.slice(0, -1)}${contact.route}"`);
        const manifest = JSON.parse(String(preview.dist.files['manifest.webmanifest'])) as {
          start_url: string;
          icons: { src: string }[];
        };
        expect(manifest.start_url).toBe('.');
        expect(manifest.icons[0]?.src).toBe('favicon.svg');
      }

      const distDir = await writeTree(preview.dist, 'sitelift-preview-test-');
      const server = await startStaticServer(distDir, { fallback: 'spa', base: BASE });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const { origin } = server;
        const problems: string[] = [];
        await context.route('**/*', async (route) => {
          if (!route.request().url().startsWith(`${origin}/`)) {
            problems.push(`request outside the server: ${route.request().url()}`);
            await route.abort();
          } else if (mode === 'sandboxed') {
            // Like the server's preview route: the page gets the sandbox, its files CORS headers
            // (module scripts from an opaque origin are cross-origin requests).
            const response = await route.fetch();
            const document = route.request().resourceType() === 'document';
            await route.fulfill({
              response,
              headers: {
                ...response.headers(),
                ...(document
                  ? { 'content-security-policy': 'sandbox allow-scripts' }
                  : {
                      'access-control-allow-origin': '*',
                      'cross-origin-resource-policy': 'cross-origin',
                    }),
              },
            });
          } else {
            await route.continue();
          }
        });
        const tab = await context.newPage();
        tab.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning')
            problems.push(`console ${message.type()}: ${message.text()}`);
        });
        tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        tab.on('response', (response) => {
          if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
        });

        const deepUrl = `${origin}${BASE.slice(0, -1)}${team.route}`;
        await tab.goto(deepUrl, { waitUntil: 'load' });
        await tab.getByRole('heading', { level: 1, name: 'Our team' }).waitFor();
        expect(await tab.locator('main').innerText()).toContain(
          'Marie has baked the sourdough loaves here for thirty-one years.',
        );
        // Every image loaded, from under the base. The page renders its images after the load
        // event (a single-page app) and lazy ones load when near the screen: each is asked to load
        // now, and the check waits until every one has finished (or failed).
        await tab.$$eval('img', (elements) => {
          for (const img of elements) img.loading = 'eager';
        });
        await tab.waitForFunction(() => [...document.images].every((img) => img.complete));
        const images = await tab.$$eval('img', (elements) =>
          elements.map((img) => ({
            src: img.currentSrc || img.src,
            ok: img.complete && img.naturalWidth > 0,
          })),
        );
        expect(images.length).toBeGreaterThan(0);
        for (const image of images) {
          expect(image.ok, image.src).toBe(true);
          expect(image.src.startsWith(`${origin}${BASE}`), image.src).toBe(true);
        }
        // The self-hosted download is under the base and served.
        const pdf = await tab.locator('main a', { hasText: 'our price list' }).getAttribute('href');
        expect(pdf).toMatch(new RegExp(`^${BASE}files/.+\\.pdf$`));
        expect((await tab.request.get(`${origin}${pdf}`)).status()).toBe(200);

        // In-app navigation stays under the base: the header's menu, or where the original had
        // none (STYLE makes none up) its own links in the page or the footer's list of its pages.
        await tab
          .locator('.desktop-nav, main, footer')
          .getByRole('link', { name: 'Contact' })
          .first()
          .click();
        await tab.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
        expect(tab.url()).toBe(`${origin}${BASE.slice(0, -1)}${contact.route}`);
        // The home link (shown only when focused where the original showed no name): as a keyboard uses it.
        await tab.locator('a.brand').focus();
        await tab.keyboard.press('Enter');
        await tab.getByRole('heading', { level: 1, name: 'Bakker Jansen' }).waitFor();
        expect(tab.url()).toBe(`${origin}${BASE}`);
        expect(await tab.locator('main').innerText()).toContain('wood-fired oven');
        // A reload of a deep route (server history fallback) renders it again.
        await tab.goto(`${origin}${BASE.slice(0, -1)}${contact.route}`, { waitUntil: 'load' });
        await tab.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
        expect(problems).toEqual([]);
      } finally {
        // A request still in its route (the favicon the last page asked for) may not outlive the context.
        await context.unrouteAll({ behavior: 'ignoreErrors' });
        await context.close();
        await server.close();
        await removeProject(distDir);
      }
    },
  );
});
