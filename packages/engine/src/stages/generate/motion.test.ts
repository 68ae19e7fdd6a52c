/**
 * Issue 23: a profile with motion (FULL_REBUILD) moves visibly, and only for visitors who have not
 * asked for less. The stylesheet of each strategy is checked as generated; then a small old landing
 * page is generated, built with the engine's toolchain and opened in Chromium, with motion allowed
 * and with reduced motion (as verify renders the rebuild for its screenshots).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../browser/chromium';
import { STRATEGY_PROFILES } from '../../model/strategy-profiles';
import type { FileTree, RawSite, Strategy } from '../../types';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { buildPreview } from '../verify/build-preview';
import { findVerifyChromePath } from '../verify/open-browser';
import { startStaticServer, type StaticServer } from '../verify/serve-static';
import { generateProject } from './generate-project';
import { removeProject, writeTree } from './testing/build-project';
import { toRawPage } from './testing/load-fixture';

const chromePath = await findVerifyChromePath();

const LOREM =
  'Fresh bread every morning from our wood-fired oven, baked by hand with flour milled nearby. '.repeat(
    3,
  );
const ORIGIN = 'http://bakery.example';

/** An old landing page: a headline with its call to action, then sections of text and of cards. */
const LANDING = `<html><head><title>Harbour Bakery</title></head><body>
  <div><a href="/index.html">Home</a> | <a href="/about.html">About</a></div>
  <div><h1>Bread worth waking up for</h1><p>${LOREM}</p><p><a href="/about.html">Visit the bakery</a></p></div>
  <h2>Our breads</h2><p>${LOREM}</p>
  <h3>Sourdough</h3><p>${LOREM}</p><h3>Rye</h3><p>${LOREM}</p>
  <h3>Spelt</h3><p>${LOREM}</p><h3>Brioche</h3><p>${LOREM}</p>
  <h2>Opening hours</h2><p>${LOREM}</p><p>${LOREM}</p>
  <h2>Find us</h2><p>${LOREM}</p><p>${LOREM}</p><p>${LOREM}</p>
</body></html>`;

const SITE: RawSite = {
  startUrl: `${ORIGIN}/index.html`,
  finalUrl: `${ORIGIN}/index.html`,
  pages: [
    toRawPage(`${ORIGIN}/index.html`, LANDING, 0),
    toRawPage(
      `${ORIGIN}/about.html`,
      '<html><head><title>About</title></head><body><h1>About us</h1><p>Since 1987.</p></body></html>',
      1,
    ),
  ],
  stylesheets: [],
  assets: [],
  diagnostics: [],
  notRead: [],
};

function generate(strategy: Strategy): Promise<FileTree> {
  return generateProject(planSite(extractSite(SITE), { strategy }));
}

function stylesheet(tree: FileTree): string {
  return String(tree.files['src/index.css']);
}

/** The text between `start` and its matching closing brace. */
function blockAt(css: string, start: number): string {
  let depth = 0;
  for (let i = css.indexOf('{', start); i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return css.slice(start, i + 1);
  }
  return css.slice(start);
}

describe('the motion of a strategy, in its stylesheet', () => {
  it.each(Object.keys(STRATEGY_PROFILES) as Strategy[])('%s', async (strategy) => {
    const css = stylesheet(await generate(strategy));
    if (!STRATEGY_PROFILES[strategy].motion) {
      expect(css).not.toContain('animation-timeline');
      expect(css).not.toContain('prefers-reduced-motion: no-preference');
      return;
    }
    // Every animation and transition of the motion styles is inside the reduced-motion guard, and
    // the scroll-driven ones inside the feature test too (no scroll timelines: all shown at once).
    const guardStart = css.indexOf('@media (prefers-reduced-motion: no-preference)');
    expect(guardStart).toBeGreaterThan(0);
    const guard = blockAt(css, guardStart);
    const outside = css.slice(0, guardStart) + css.slice(guardStart + guard.length);
    expect(outside).not.toMatch(/animation(-timeline)?:|animation-range/);
    const supports = blockAt(guard, guard.indexOf('@supports (animation-timeline: view())'));
    expect(supports).toContain('animation-timeline: view();');
    expect(supports).toContain('animation-timeline: scroll();');
    expect(guard.replace(supports, '')).not.toContain('animation-timeline');
    // Opacity only ever starts from 0 in what enters on scrolling or is no largest paint (motion-lift).
    expect(css).toMatch(/@keyframes motion-lift \{\s*from \{\s*translate: [^;]+;\s*\}\s*\}/);
  });
});

/** Reads an element's opacity and translate as computed now (an animation's zero offset is `none`). */
function readMotion(page: Page, selector: string): Promise<{ opacity: number; translate: string }> {
  return page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    const translate = /^0px( 0px)?$/.test(style.translate) ? 'none' : style.translate;
    return { opacity: Number(style.opacity), translate };
  });
}

/** Scrolls at once (the motion styles make scrolling smooth) and lets two frames pass. */
async function scrollTo(page: Page, top: number): Promise<void> {
  await page.evaluate(async (y) => {
    window.scrollTo({ top: y, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, top);
}

/** Whether the element casts a shadow one can see (an animated `none` is a transparent one). */
function hasShadow(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const shadow = getComputedStyle(element).boxShadow;
    return shadow !== 'none' && !shadow.startsWith('rgba(0, 0, 0, 0)');
  });
}

/** Where the element's top is in the page. */
function topOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

const VIEWPORT = { width: 1280, height: 720 };
/** The page's last block: in the last section, far below the first screen. */
const LAST = '#main section:last-of-type > .content > :last-child';

describe.skipIf(chromePath === undefined)('FULL_REBUILD motion in Chromium', () => {
  let browser: Browser;
  let server: StaticServer;
  let dist = '';

  beforeAll(async () => {
    const preview = await buildPreview(await generate('FULL_REBUILD'), '/');
    if (!preview.ok) throw new Error(preview.error);
    dist = await writeTree(preview.dist, 'sitelift-motion-test-');
    server = await startStaticServer(dist, { fallback: 'spa' });
    browser = await launchChromium({ executablePath: chromePath });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dist) await removeProject(dist);
  });

  it('moves what enters on scrolling, the header and the hero, never hiding the largest paint', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      reducedMotion: 'no-preference',
    });
    try {
      const page = await context.newPage();
      await page.goto(`${server.origin}/`, { waitUntil: 'load' });
      // The hero's headline rises on load but is painted from the first frame.
      const headline = await page
        .locator('.hero h1')
        .evaluate((element) =>
          element
            .getAnimations()
            .map((animation) =>
              (animation.effect as KeyframeEffect)
                .getKeyframes()
                .map((frame) => Object.keys(frame)),
            ),
        );
      expect(headline).toHaveLength(1);
      expect(headline.flat(2)).toContain('translate');
      expect(headline.flat(2)).not.toContain('opacity');
      expect((await readMotion(page, '.hero h1')).opacity).toBe(1);

      // Below the fold: not yet shown, lower than where it will rest.
      const last = await readMotion(page, LAST);
      expect(last.opacity).toBe(0);
      expect(last.translate).not.toBe('none');
      const header = () => hasShadow(page, '.site-header');
      expect(await header()).toBe(false);

      // The cards enter one after another: the first is further along than the second, and so on.
      const cardsTop = await topOf(page, '.cards');
      await scrollTo(page, cardsTop - VIEWPORT.height + 120);
      const cards = await Promise.all(
        [1, 2, 3].map((n) => readMotion(page, `.cards > li:nth-child(${n})`)),
      );
      expect(cards[0]!.opacity).toBeGreaterThan(cards[1]!.opacity);
      expect(cards[1]!.opacity).toBeGreaterThan(cards[2]!.opacity);
      expect(await header()).toBe(true);
      // Once entered, a card still lifts under the pointer (the entrance holds no translate of its own).
      await scrollTo(page, cardsTop - 100);
      await page.locator('.cards > li:nth-child(1)').hover();
      await expect
        .poll(() => readMotion(page, '.cards > li:nth-child(1)'))
        .toEqual({ opacity: 1, translate: '0px -6px' });

      // Scrolled to the end, the page's last block is at rest: nothing stays faded.
      await scrollTo(page, 100_000);
      expect(await readMotion(page, LAST)).toEqual({
        opacity: 1,
        translate: 'none',
      });
      // Back at the top, the header is as it was.
      await scrollTo(page, 0);
      expect(await header()).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('with reduced motion, everything is at rest: nothing animates, nothing is faded', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.goto(`${server.origin}/`, { waitUntil: 'load' });
      const moving = await page.evaluate(() => ({
        animations: document.getAnimations().length,
        faded: Array.from(document.querySelectorAll('body *'))
          .filter((element) => {
            const style = getComputedStyle(element);
            return style.opacity !== '1' || style.translate !== 'none' || style.scale !== 'none';
          })
          .map((element) => element.outerHTML.slice(0, 80)),
      }));
      expect(moving).toEqual({ animations: 0, faded: [] });
      await scrollTo(page, 100_000);
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      expect(await hasShadow(page, '.site-header')).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);
});
