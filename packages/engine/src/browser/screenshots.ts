import type { Page } from 'playwright-core';

/** Viewports of the screenshots and checks. */
export const DESKTOP_VIEWPORT = { width: 1440, height: 900 } as const;
export const MOBILE_VIEWPORT = { width: 375, height: 812 } as const;

/** A page's desktop (1440 px) and phone (375 px) screenshots, PNG. */
export interface PageScreenshots {
  desktop: Uint8Array;
  mobile: Uint8Array;
}

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

/** Screenshots a loaded page at 1440 px, then resizes it to 375 px and screenshots it again. */
export async function captureDesktopAndMobile(page: Page): Promise<PageScreenshots> {
  const desktop = await capturePng(page);
  await resizeToMobile(page);
  return { desktop, mobile: await capturePng(page) };
}
