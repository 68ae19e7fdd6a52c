/**
 * base.css rule of decision record 110, in Chromium: a heading is drawn at the size of the level
 * the original drew it at, whatever level the outline gave it.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath, launchChromium } from '../../browser/chromium';

const chromePath = await findChromePath();
const BASE_CSS = readFileSync(
  new URL('../../../templates/vite-react/src/styles/base.css', import.meta.url),
  'utf8',
);
const ROOT = ':root { --type-body: 16px; --type-h1: 32px; --type-h2: 24px; --flow-gap: 16px; }';

let browser: Browser | undefined;
beforeAll(async () => {
  if (chromePath) browser = await launchChromium({ executablePath: chromePath });
});
afterAll(async () => {
  await browser?.close();
});

/** Runs `read` on `body` laid out at 1440 px under base.css. */
async function measure<T>(body: string, read: () => T): Promise<T> {
  const page = await browser!.newPage({ viewport: { width: 1440, height: 800 } });
  try {
    await page.setContent(
      `<!doctype html><html><head><style>${ROOT}</style><style>${BASE_CSS}</style></head><body>${body}</body></html>`,
    );
    return await page.evaluate(read);
  } finally {
    await page.close();
  }
}

describe.skipIf(!chromePath)('headings drawn at their original level (decision record 110)', () => {
  it('draws an h1 that was an h2 at the h2 size', async () => {
    const sizes = await measure(
      '<div class="content"><h1 id="a" class="drawn-h2">A</h1><h1 id="b">B</h1></div>',
      () => ['a', 'b'].map((id) => getComputedStyle(document.getElementById(id)!).fontSize),
    );
    expect(sizes).toEqual(['24px', '32px']);
  });

  it('keeps a hero headline its own size and colour', async () => {
    const [size, colour] = await measure(
      '<section class="hero hero-backdrop"><div class="content"><h1 id="a" class="drawn-h2">A</h1></div></section>',
      () => {
        const style = getComputedStyle(document.getElementById('a')!);
        return [style.fontSize, style.color];
      },
    );
    expect(size).toBe('32px');
    expect(colour).toBe('rgb(255, 255, 255)');
  });
});
