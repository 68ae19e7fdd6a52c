import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  addPasskey,
  hasHorizontalOverflow,
  pageWithAuthenticator,
  registerVerified,
  signIn,
  turnOnTwoFactor,
  uniqueEmail,
} from './helpers';

// Issue 28: passkeys as a sign-in method and as the second step of a two-factor sign-in, through
// Chromium's virtual authenticator (CDP WebAuthn domain), at 375 and 1440 px. Browsers refuse
// passkeys on an IP address, so these pages use http://localhost:PORT (the e2e server trusts it and
// binds passkeys to "localhost").

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const port = Number(process.env.E2E_PORT ?? 3917);
const LOCAL = `http://localhost:${port}`;

async function signOut(page: Page) {
  const response = await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { Origin: LOCAL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const viewport of WIDTHS) {
  test(`add a passkey, sign in with it, rename and remove it (${viewport.width} px)`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { context, page, credentials } = await pageWithAuthenticator(browser, LOCAL, viewport);
    const email = uniqueEmail(`passkey-${viewport.name}`);
    await registerVerified(context.request, LOCAL, email);
    await signIn(page, email);

    await page.goto('/profile/edit#security');
    const card = page.getByTestId('passkey-settings');
    await expect(card.getByText('No passkeys yet.')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath(`passkeys-empty-${viewport.width}.png`) });

    // A name is required before the browser is asked.
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`passkeys-add-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addPasskey(page, 'Test laptop');
    expect(await credentials()).toHaveLength(1);
    const row = card.getByTestId('passkey-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Not used yet');
    await expect(row).toContainText(/Added \w+/);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await card.screenshot({ path: testInfo.outputPath(`passkeys-list-${viewport.width}.png`) });

    await row.getByRole('button', { name: 'Rename Test laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Name', { exact: true }).fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Passkey renamed.')).toBeVisible();
    await expect(row).toContainText('Work laptop');

    // Signed out, the passkey alone signs in (the browser offers it; no e-mail, no password).
    await signOut(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with a passkey' })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`login-passkey-${viewport.width}.png`) });
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile/edit#security');
    await expect(row).toContainText('Last used');

    // Removing it needs the password; afterwards the passkey signs in no more.
    await row.getByRole('button', { name: 'Remove Work laptop' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove “Work laptop”?' });
    await remove.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await remove.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(remove.getByText('Password is incorrect.')).toBeVisible();
    await expect(row).toHaveCount(1);
    await remove.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await remove.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(card.getByText('Passkey removed. Other devices were signed out.')).toBeVisible();
    await expect(card.getByText('No passkeys yet.')).toBeVisible();

    await signOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await expect(
      page.getByText('That passkey could not sign you in. Try again or use your password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await context.close();
  });

  test(`a passkey is the second step of a two-factor sign-in (${viewport.width} px)`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { context, page } = await pageWithAuthenticator(browser, LOCAL, viewport);
    const email = uniqueEmail(`passkey-2fa-${viewport.name}`);
    await registerVerified(context.request, LOCAL, email);
    await signIn(page, email);
    await turnOnTwoFactor(page.request, LOCAL);
    await page.goto('/profile/edit#security');
    await addPasskey(page, 'Phone');

    await signOut(page);
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Use a passkey instead' })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`challenge-passkey-${viewport.width}.png`) });
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile/edit#security');
    await expect(page.getByTestId('passkey-row')).toContainText('Last used');
    await context.close();
  });
}
