/**
 * The generated Tabs component in a real browser: projects with tabs are built with the engine's own
 * packages, served, and driven in Chromium (click, arrow keys, Home/End, links to a panel's id).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strategy } from '../../types';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { generateProject } from './generate-project';
import { buildTree, removeProject, runScript } from './testing/build-project';
import { loadFixture } from './testing/load-fixture';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves a dist folder with the hosts' SPA fallback. */
async function serve(dist: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    for (const file of [
      join(dist, path),
      join(dist, path, 'index.html'),
      join(dist, 'index.html'),
    ]) {
      if (existsSync(file) && statSync(file).isFile()) {
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
        response.end(readFileSync(file));
        return;
      }
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const projects: string[] = [];
const servers: Server[] = [];
let browser: Browser;

async function buildFixture(
  name: string,
  strategy: Strategy,
): Promise<{ dir: string; dist: string; origin: string }> {
  const fixture = loadFixture(name);
  const tree = await generateProject(planSite(extractSite(fixture.raw), { strategy }));
  const result = await buildTree(tree);
  projects.push(result.dir);
  expect(result.ok, result.output).toBe(true);
  const dist = join(result.dir, 'dist');
  const { server, origin } = await serve(dist);
  servers.push(server);
  return { dir: result.dir, dist, origin };
}

/** Opens a page and collects its console errors. */
async function open(url: string, width = 1440): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  return { page, errors };
}

async function selectedTab(page: Page): Promise<string | null> {
  return page.locator('[role="tab"][aria-selected="true"]').textContent();
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  for (const server of servers) server.close();
  for (const dir of projects) await removeProject(dir);
});

describe('generated tabs', () => {
  it('INCREMENTAL_UPDATE: a click, the arrow keys, Home/End and a link to #tab-2 switch the panel', async () => {
    const { dir, origin } = await buildFixture('tabs-restaurant', 'INCREMENTAL_UPDATE');
    // The content module with tabs passes the project's strict type check.
    const typecheck = runScript(dir, 'typecheck');
    expect(typecheck.ok, typecheck.output).toBe(true);
    const { page, errors } = await open(`${origin}/`);
    const tablist = page.getByRole('tablist', { name: 'Our menu' });
    await expect(tablist.getByRole('tab').allTextContents()).resolves.toEqual([
      'Chowders',
      'Salads & Greens',
      'Grill Plates',
    ]);
    const chowders = page.locator('#tab-1');
    const salads = page.locator('#tab-2');
    expect(await chowders.isVisible()).toBe(true);
    expect(await salads.isVisible()).toBe(false);
    // Hidden panels stay in the page with their content.
    expect(await salads.getAttribute('hidden')).not.toBeNull();
    expect(await salads.textContent()).toContain('Warm goat cheese salad - $8.90');

    await page.getByRole('tab', { name: 'Salads & Greens' }).click();
    expect(await salads.isVisible()).toBe(true);
    expect(await chowders.isVisible()).toBe(false);
    expect(await selectedTab(page)).toBe('Salads & Greens');
    const saladTab = page.getByRole('tab', { name: 'Salads & Greens' });
    expect(await saladTab.getAttribute('tabindex')).toBe('0');
    expect(await page.getByRole('tab', { name: 'Chowders' }).getAttribute('tabindex')).toBe('-1');
    // The panel is labelled by its tab, and the tab controls the panel.
    expect(await saladTab.getAttribute('aria-controls')).toBe('tab-2');
    expect(await salads.getAttribute('aria-labelledby')).toBe(await saladTab.getAttribute('id'));

    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('Grill Plates');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Grill Plates');
    expect(await page.locator('#tab-3').isVisible()).toBe(true);
    expect(await salads.isVisible()).toBe(false);
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('Chowders');
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page)).toBe('Grill Plates');
    await page.keyboard.press('Home');
    expect(await selectedTab(page)).toBe('Chowders');
    await page.keyboard.press('End');
    expect(await selectedTab(page)).toBe('Grill Plates');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Grill Plates');

    // The original's link to #tab-2 ("See the salads") opens that tab.
    await page.getByRole('link', { name: 'See the salads' }).click();
    await expect.poll(() => selectedTab(page)).toBe('Salads & Greens');
    expect(errors).toEqual([]);
    await page.close();

    // So does an address with the hash, and at 375 px the tab list does not overflow the page.
    const phone = await open(`${origin}/#tab-3`, 375);
    await expect.poll(() => selectedTab(phone.page)).toBe('Grill Plates');
    expect(await phone.page.locator('#tab-3').isVisible()).toBe(true);
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    expect(phone.errors).toEqual([]);
    await phone.page.close();
  });

  it('STYLE_MODERNIZATION: the JavaScript project has working tabs too', async () => {
    const { origin } = await buildFixture('tabs-bootstrap3', 'STYLE_MODERNIZATION');
    const { page, errors } = await open(`${origin}/`);
    expect(await page.getByRole('tablist', { name: 'What we offer' }).isVisible()).toBe(true);
    expect(await page.locator('#hosting').isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Hosting' }).click();
    expect(await page.locator('#hosting').isVisible()).toBe(true);
    expect(await page.locator('#web-design').isVisible()).toBe(false);
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('Support');
    expect(await page.locator('#support').textContent()).toContain('Phone support on weekdays');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('FULL_REBUILD: the prerendered page holds every panel (the inactive ones hidden) and hydrates cleanly', async () => {
    const { dist, origin } = await buildFixture('tabs-restaurant', 'FULL_REBUILD');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toMatch(/<div[^>]*id="tab-3"[^>]*hidden=""/);
    for (const text of ['Rib-eye steak, 300 g', '$21.00', 'Warm goat cheese salad - $8.90'])
      expect(html).toContain(text.replace('&', '&amp;'));
    const { page, errors } = await open(`${origin}/`);
    await page.getByRole('tab', { name: 'Grill Plates' }).click();
    expect(await page.locator('#tab-3').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
