import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromePath, launchChromium } from '../../browser/chromium';

const chromePath = await findChromePath();
const BASE_CSS = readFileSync(
  new URL('../../../templates/vite-react/src/styles/base.css', import.meta.url),
  'utf8',
);

let browser: Browser | undefined;
beforeAll(async () => {
  if (chromePath) browser = await launchChromium({ executablePath: chromePath });
});
afterAll(async () => {
  await browser?.close();
});

/** The body's computed font size at `width` under the template's base.css and the site's `--type-body`. */
async function bodySize(typeBody: string | undefined, width: number): Promise<string> {
  const page = await browser!.newPage({ viewport: { width, height: 800 } });
  try {
    const root = typeBody ? `:root { --type-body: ${typeBody}; }` : '';
    await page.setContent(
      `<!doctype html><html><head><style>${root}</style><style>${BASE_CSS}</style></head><body><p>Words</p></body></html>`,
    );
    return await page.evaluate(() => getComputedStyle(document.body).fontSize);
  } finally {
    await page.close();
  }
}

describe.skipIf(!chromePath)("the original's body size on phones (issue 23)", () => {
  it('keeps a large desktop body on desktops and reads it at 18 px at most on a phone', async () => {
    // A site builder's 24 px print: 15 characters a line at 375 px if carried over.
    expect(await bodySize('24px', 1440)).toBe('24px');
    expect(await bodySize('24px', 375)).toBe('18px');
    // A small original body is raised to 16 px on a phone; one in between is kept as it was.
    expect(await bodySize('13px', 375)).toBe('16px');
    expect(await bodySize('17px', 375)).toBe('17px');
    expect(await bodySize(undefined, 375)).toBe('16px');
  });
});
