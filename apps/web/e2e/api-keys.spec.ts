import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  buyThroughApi,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 26: Profile → API keys — the Scale plan's gate, creating a key (shown once, copied), using it
// on /api/v1, its last use, and revoking it (refused at once), at 375 and 1440 px.

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

for (const viewport of WIDTHS) {
  test(`Profile → API keys: plan gate, create, copy, use, revoke (${viewport.width} px)`, async ({
    page,
    baseURL,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`api-keys-${viewport.name}`);
    await registerVerified(page.request, baseURL!, email);
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: originHeaders(baseURL!),
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);

    // Without the Scale plan: the screen says what is needed and offers the plans.
    await page.goto('/profile/edit');
    const section = page.getByRole('region', { name: 'API keys' });
    await expect(section.getByText('API access comes with the Scale plan.')).toBeVisible();
    await expect(section.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/#pricing',
    );
    await expect(section.getByRole('button', { name: 'Create key' })).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({
      path: testInfo.outputPath(`api-keys-no-plan-${viewport.width}.png`),
    });

    await buyThroughApi(page.request, baseURL!, 'prod_sub_scale_499');
    await page.reload();
    await expect(section.getByText('No API keys yet.')).toBeVisible();

    // The form's own messages.
    await section.getByRole('checkbox', { name: 'Read', exact: true }).uncheck();
    await section.getByRole('button', { name: 'Create key' }).click();
    await expect(section.getByText('Name is required')).toBeVisible();
    await expect(section.getByText('Choose at least one scope')).toBeVisible();

    await section.getByLabel('Key name').fill('CI pipeline');
    await section.getByRole('checkbox', { name: 'Projects', exact: true }).check();
    await section.getByRole('button', { name: 'Create key' }).click();
    const keyField = section.getByLabel(/Your new API key/);
    await expect(keyField).toHaveValue(/^sl_[A-Za-z0-9_-]{32}$/);
    const key = await keyField.inputValue();
    await expect(
      section.getByText('Copy this key now: for your safety it is shown only once.'),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Copy key' }).click();
    await expect(section.getByText('Key copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = section.getByRole('listitem').filter({ hasText: 'CI pipeline' });
    await expect(row).toContainText(key.slice(0, 11));
    await expect(row).toContainText('Projects');
    await expect(row).toContainText('Never used');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({
      path: testInfo.outputPath(`api-keys-created-${viewport.width}.png`),
    });
    expect(await hasHorizontalOverflow(page)).toBe(false);

    // The key works on the public API, as a script sends it (no cookie).
    const call = () =>
      page.request.fetch('/api/v1/projects', {
        headers: { Authorization: `Bearer ${key}`, Cookie: '' },
      });
    const used = await call();
    expect(used.status(), await used.text()).toBe(200);
    expect(used.headers()['ratelimit-remaining']).toBeDefined();

    // After a reload the key is gone from the page; its last use is listed.
    await page.reload();
    await expect(row).toContainText('Last used');
    expect(await page.content()).not.toContain(key);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath(`api-keys-list-${viewport.width}.png`) });
    expect(await hasHorizontalOverflow(page)).toBe(false);

    // Revoke, with a confirm; the key is refused at once.
    await row.getByRole('button', { name: 'Revoke the key CI pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “CI pipeline”?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`api-keys-revoke-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(
      section.getByText('Key revoked: requests with it are refused from now on.'),
    ).toBeVisible();
    await expect(section.getByText('No API keys yet.')).toBeVisible();
    expect((await call()).status()).toBe(401);
  });
}
