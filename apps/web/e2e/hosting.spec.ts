import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  createCompletedProject,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 27: Settings → Hosting and one-click deploy from a project's card, in the browser against the
// real server and worker, with the server's fake Netlify and Vercel APIs on loopback (started by the
// Playwright config) standing in for the hosts, at 375 and 1440 px.

const NETLIFY_TOKEN = 'netlify-e2e-token-0123456789';

let email: string;
let projectId: string;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  email = uniqueEmail('hosting');
  await registerVerified(context.request, baseURL!, email);
  projectId = await createCompletedProject(context.request, baseURL!, 'Harbour Cafe');
  await context.close();
});

async function signIn(page: Page, baseURL: string) {
  const answer = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: originHeaders(baseURL),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test('connect Netlify, deploy, deploy again and remove (1440 px)', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!);
  await page.goto('/profile/edit');
  const section = page.getByRole('region', { name: 'Hosting' });
  const netlify = section.getByRole('listitem', { name: 'Netlify' });
  await netlify.getByLabel('Netlify token').fill('wrong-token-0123456789');
  await netlify.getByRole('button', { name: 'Connect' }).click();
  await expect(netlify.getByText(/^Netlify refused the token/)).toBeVisible({ timeout: 20_000 });
  await netlify.getByLabel('Netlify token').fill(NETLIFY_TOKEN);
  await netlify.getByRole('button', { name: 'Connect' }).click();
  await expect(netlify.getByText('Connected as owner@example.test')).toBeVisible({
    timeout: 20_000,
  });
  await expect(netlify.getByText('(token ends in 6789)')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: testInfo.outputPath('hosting-settings-1440.png') });

  await page.goto('/dashboard');
  const card = page.locator(`[data-project-id="${projectId}"]`);
  await card.getByRole('button', { name: 'Deploy to hosting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deploy to hosting' });
  await dialog.getByRole('radio', { name: /^Netlify To your account/ }).check();
  await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
  const hosting = card.getByRole('region', { name: 'Hosting of Harbour Cafe' });
  const live = hosting.getByRole('link', {
    name: /^https:\/\/harbour-cafe-[0-9a-f]{6}\.netlify\.app/,
  });
  await expect(live).toBeVisible({ timeout: 60_000 });
  const url = await live.getAttribute('href');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('hosting-card-live-1440.png') });

  await hosting.getByRole('button', { name: 'Deploy log' }).click();
  await expect(
    hosting.getByText(/Netlify already has 0 of \d+ files; uploading \d+\./),
  ).toBeVisible();

  await hosting.getByRole('button', { name: 'Deploy again' }).click();
  await expect(
    hosting.getByText(/Netlify already has (\d+) of \1 files; uploading 0\./),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(hosting.getByRole('link', { name: url ?? '' })).toBeVisible();

  await hosting.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the hosted site?' })
    .getByRole('button', { name: 'Remove site' })
    .click();
  await expect(card.getByRole('button', { name: 'Deploy to hosting' })).toBeVisible({
    timeout: 60_000,
  });
});

test('a claimable deploy hands over its claim link (375 px)', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  const card = page.locator(`[data-project-id="${projectId}"]`);
  await card.getByRole('button', { name: 'Deploy to hosting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deploy to hosting' });
  await dialog.getByRole('radio', { name: /^Vercel, claimable/ }).check();
  await page.screenshot({ path: testInfo.outputPath('hosting-dialog-375.png') });
  await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
  const hosting = card.getByRole('region', { name: 'Hosting of Harbour Cafe' });
  await expect(
    hosting.getByRole('link', { name: /^https:\/\/harbour-cafe-[0-9a-f]{6}\.vercel\.app/ }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(hosting.getByText('Claim link for the site’s owner')).toBeVisible();
  await expect(hosting.getByText(/\/claim-deployment\?code=[0-9a-f]{32}$/)).toBeVisible();
  await expect(hosting.getByText(/^Works until /)).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('hosting-card-claim-375.png') });

  await hosting.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the hosted site?' })
    .getByRole('button', { name: 'Remove site' })
    .click();
  await expect(card.getByRole('button', { name: 'Deploy to hosting' })).toBeVisible({
    timeout: 60_000,
  });
});
