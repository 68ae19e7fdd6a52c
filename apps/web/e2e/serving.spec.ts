import { expect, test } from '@playwright/test';

// Issue 15 item 8: what browsers ask for without being told answers too.

test('/favicon.ico answers with an icon, not the app shell', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\/(?:x-icon|vnd\.microsoft\.icon)/);
  const body = await response.body();
  // An ICO file: reserved 0, type 1, then its three sizes (16, 32, 48 px).
  expect([...body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
});

test("the landing hero's main button stays on one line at 1440 px", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const button = page.getByRole('link', { name: 'Modernize Your First Site for Free' }).first();
  const box = await button.boundingBox();
  // One line of text in a large button: 48 px; two lines would be about 70.
  expect(box?.height).toBeLessThanOrEqual(56);
  const secondary = await page.getByRole('link', { name: 'See what you get' }).boundingBox();
  // Side by side, not wrapped below it.
  expect(Math.abs((secondary?.y ?? 0) - (box?.y ?? 0))).toBeLessThan(8);
});
