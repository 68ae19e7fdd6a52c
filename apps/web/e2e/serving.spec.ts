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
