import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { totpAt } from '../../server/test/helpers/totp';
import { PASSWORD, hasHorizontalOverflow, registerVerified, signIn, uniqueEmail } from './helpers';

// Issue 28: the Security section (two-factor setup with QR code and backup codes, signed-in devices),
// the sign-in's second step, and leaving (export, delete), at 375 and 1440 px.

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** The setup key shown beside the QR code, as an authenticator app reads it. */
async function readSetupKey(page: Page): Promise<string> {
  const text = await page.getByTestId('totp-manual-key').innerText();
  return text.replace(/\s+/g, '');
}

/** A code the authenticator would show now that is not the one of the last step used. */
async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totpAt(secret, Date.now());
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function newSignedInPage(browser: Browser, email: string, viewport: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

for (const viewport of WIDTHS) {
  test(`two-factor setup and sign-in with a trusted device (${viewport.width} px)`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`twofactor-${viewport.name}`);
    await registerVerified(page.request, baseURL!, email);
    await page.goto('/profile/edit#security');
    const security = page.getByRole('region', { name: 'Security' });
    await expect(security.getByText('Off', { exact: true })).toBeVisible();
    await security.scrollIntoViewIfNeeded();
    await security.screenshot({ path: testInfo.outputPath(`security-off-${viewport.width}.png`) });

    await security.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`security-qr-${viewport.width}.png`) });
    const secret = await readSetupKey(page);
    const used = new Set<string>();
    await page
      .getByLabel('Enter the 6-digit code the app shows')
      .fill(await freshCode(secret, used));
    await page.getByRole('button', { name: 'Turn on' }).click();

    const codesDialog = page.getByRole('dialog', { name: 'Save your backup codes' });
    const codes = codesDialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const firstBackupCode = (await codes.first().innerText()).trim();
    await page.screenshot({ path: testInfo.outputPath(`security-codes-${viewport.width}.png`) });
    await expect(codesDialog.getByRole('button', { name: 'Done' })).toBeDisabled();
    await codesDialog.getByLabel('I have saved my backup codes').check();
    await codesDialog.getByRole('button', { name: 'Done' }).click();
    await expect(security.getByText('On', { exact: true })).toBeVisible();
    await expect(security.getByText('10 of 10')).toBeVisible();

    // Signing in again asks for the code; the device is trusted afterwards.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`signin-challenge-${viewport.width}.png`) });
    await page
      .getByLabel('Authentication code')
      .fill('000000' === totpAt(secret, Date.now()) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not valid.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(firstBackupCode);
    await page.getByLabel('Trust this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Trusted: the password alone signs in now.
    await page.request.post('/api/auth/sign-out', {
      data: {},
      headers: { Origin: new URL(baseURL!).origin },
    });
    await signIn(page, email);
    await page.goto('/profile/edit#security');
    await expect(security.getByText('9 of 10')).toBeVisible();
  });
}

test('a device signed out from another browser is signed out within seconds', async ({
  browser,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('devices');
  const setup = await browser.newContext();
  await registerVerified(setup.request, baseURL!, email);
  // The verification link signed this client in: only the two browsers below stay signed in.
  await setup.request.post('/api/auth/sign-out', {
    data: {},
    headers: { Origin: new URL(baseURL!).origin },
  });
  await setup.close();
  const laptop = await newSignedInPage(browser, email, WIDTHS[1]);
  const phone = await newSignedInPage(browser, email, WIDTHS[0]);
  await expect(phone).toHaveURL(/\/dashboard$/);

  await laptop.goto('/profile/edit#security');
  const devices = laptop.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByTestId('device-row')).toHaveCount(2);
  await expect(devices.getByText('This device')).toHaveCount(1);
  await laptop.screenshot({ path: testInfo.outputPath('devices-1440.png'), fullPage: true });
  await devices.getByRole('button', { name: /^Sign out / }).click();
  await expect(devices.getByTestId('device-row')).toHaveCount(1);

  // The phone is signed out at its next request: opening the dashboard lands on the sign-in page.
  const signedOutAt = Date.now();
  await phone.goto('/dashboard');
  await expect(phone).toHaveURL(/\/login$/, { timeout: 5_000 });
  expect(Date.now() - signedOutAt).toBeLessThan(5_000);
  await phone.screenshot({ path: testInfo.outputPath('devices-signed-out-375.png') });
  await laptop.context().close();
  await phone.context().close();
});

for (const viewport of WIDTHS) {
  test(`export my data, then delete my account (${viewport.width} px)`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`leaving-${viewport.name}`);
    await registerVerified(page.request, baseURL!, email);
    await page.goto('/profile/edit#data');
    const data = page.getByRole('region', { name: 'Your data' });
    await data.getByRole('button', { name: 'Export my data' }).click();
    await expect(data.getByText('Your export is ready.', { exact: false })).toBeVisible({
      timeout: 60_000,
    });
    const downloadPromise = page.waitForEvent('download');
    await data.getByRole('link', { name: 'Download export' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^sitelift-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await data.scrollIntoViewIfNeeded();
    await data.screenshot({ path: testInfo.outputPath(`data-${viewport.width}.png`) });

    await data.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('Deleted now')).toBeVisible();
    await expect(dialog.getByText(/We keep only the records of your payments/)).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`delete-${viewport.width}.png`) });
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
}
