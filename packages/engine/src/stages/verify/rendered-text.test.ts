import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../browser/chromium';
import { findVerifyChromePath } from './open-browser';
import { readRenderedText } from './render-routes';

const chromePath = await findVerifyChromePath();

/** A rebuilt page with words one click away: a closed dropdown, a closed FAQ answer, a hidden tab panel. */
const PAGE = `<!doctype html><html><head><title>Unreal game</title></head><body>
  <header><nav><ul><li><button aria-expanded="false">Portfolio</button>
    <ul class="dropdown-menu" hidden><li><a href="/one">1 Column Portfolio</a></li></ul></li></ul></nav></header>
  <main><details class="disclosure"><summary><h4>Do you deliver?</h4></summary><p>Within 10 km.</p></details>
  <div role="tabpanel" hidden><p>Second tab words.</p></div>
  <p>Always visible.</p><span class="sr-only">Opens in a new tab</span>
  <h2 style="text-transform: uppercase">Our Amazing Team</h2></main></body></html>`;

describe.skipIf(chromePath === undefined)('readRenderedText', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium({ executablePath: chromePath });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("reads the words one click away and leaves the page as it was; never the rebuild's sr-only words", async () => {
    const page = await browser.newPage();
    await page.setContent(PAGE);
    const text = await readRenderedText(page);
    for (const words of [
      'Always visible.',
      '1 Column Portfolio',
      'Do you deliver?',
      'Within 10 km.',
      'Second tab words.',
      'Unreal game',
      // As written, though drawn in capitals.
      'Our Amazing Team',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('Opens in a new tab');
    expect(await page.locator('.dropdown-menu').getAttribute('hidden')).toBe('');
    expect(await page.locator('details').getAttribute('open')).toBeNull();
    expect(await page.locator('h2').innerText()).toBe('OUR AMAZING TEAM');
    await page.close();
  });
});
