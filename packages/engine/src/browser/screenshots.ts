import type { Page } from 'playwright-core';
import type { PageScreenshots } from '../measure/fidelity';
import type { LayoutSnapshot } from '../measure/layout-snapshot';
import { collectLayout } from './collect-layout';

/** Viewports of the screenshots and checks. */
export const DESKTOP_VIEWPORT = { width: 1440, height: 900 } as const;
export const MOBILE_VIEWPORT = { width: 375, height: 812 } as const;

/**
 * A PNG of the viewport, through Playwright. Not a raw CDP `Page.captureScreenshot`: headless
 * Chromium shows a context's pages in one window, and with two routes rendered side by side, one
 * resized to 375 px, a raw capture of the other came out 375 x 725 instead of 1440 x 900 (or failed).
 * Playwright's screenshot pins the page's own viewport; `caret: 'initial'` skips its caret-hiding
 * style, which we do not need.
 */
export async function capturePng(page: Page): Promise<Uint8Array> {
  return new Uint8Array(await page.screenshot({ type: 'png', caret: 'initial' }));
}

/** Resizes the page to the phone viewport and waits for the layout to settle. */
export async function resizeToMobile(page: Page): Promise<void> {
  await page.setViewportSize(MOBILE_VIEWPORT);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Longest the page may take to show what it fades in (its scripts may hang or crawl). */
const REVEAL_TIMEOUT_MS = 2_000;

/**
 * Shows what the page fades in on scrolling, as a visitor who scrolls it through sees it: words
 * below the first screen drawn fully transparent (an IntersectionObserver or AOS reveal that
 * starts at `opacity: 0`) get their reveal's end state, `opacity: 1`, and boxes a script hid with
 * their animation held until scrolled to (WOW.js: inline `visibility: hidden` and
 * `animation-name: none`) are shown. Scrolling the page through
 * instead was tried: frames of script-heavy pages took up to 1.6 s each (speagle-js), and a page as
 * tall as the viewport re-rendered itself. Best effort: a page that does not answer in time is
 * measured as it is. Returns how many elements were shown.
 */
export async function revealWholePage(page: Page): Promise<number> {
  const reveal = page.evaluate(() => {
    let shown = 0;
    const firstScreen = window.innerHeight;
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const held = element.style.visibility === 'hidden' && element.style.animationName === 'none';
      if (!held && getComputedStyle(element).opacity !== '0') continue;
      if (element.getBoundingClientRect().top + window.scrollY < firstScreen) continue;
      if ((element.textContent ?? '').trim() === '' && !element.querySelector('img')) continue;
      if (held) {
        element.style.setProperty('visibility', 'visible', 'important');
        shown++;
        continue;
      }
      // At once: a transition would start the fade from 0 (and transitions outrank !important).
      element.style.setProperty('transition', 'none', 'important');
      element.style.setProperty('opacity', '1', 'important');
      shown++;
    }
    return shown;
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(0), REVEAL_TIMEOUT_MS);
  });
  const shown = await Promise.race([reveal.catch(() => 0), timeout]);
  clearTimeout(timer);
  return shown;
}

/**
 * The layout of the page as it is shown: at 1440 px its text blocks, sections and header (`desktop`,
 * with what it reveals on scrolling shown: {@link revealWholePage}), at 375 px its sections (`mobile`). Undefined when the page does not let itself be measured (a
 * script replaced the DOM APIs, the page navigated away): fidelity then leaves the route out.
 */
export async function measureLayout(
  page: Page,
  viewport: 'desktop' | 'mobile',
): Promise<LayoutSnapshot | undefined> {
  const full = viewport === 'desktop';
  // The whole page's text counts: what it reveals on scrolling too (the screenshot is taken before).
  if (full) await revealWholePage(page);
  return collectLayout(page, { blocks: full, identity: full }).catch(() => undefined);
}

/**
 * Screenshots a loaded page at 1440 px, then resizes it to 375 px and screenshots it again; the
 * layout of each view is measured right after its screenshot.
 */
export async function captureDesktopAndMobile(page: Page): Promise<PageScreenshots> {
  const desktop = await capturePng(page);
  const desktopLayout = await measureLayout(page, 'desktop');
  await resizeToMobile(page);
  const mobile = await capturePng(page);
  const mobileLayout = await measureLayout(page, 'mobile');
  return {
    desktop,
    mobile,
    ...(desktopLayout !== undefined && mobileLayout !== undefined
      ? { layout: { desktop: desktopLayout, mobile: mobileLayout } }
      : {}),
  };
}
