import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  findOutboxLink,
  hasHorizontalOverflow,
  openVerificationLink,
  registerVerified,
  signIn,
  uniqueEmail,
} from './helpers';

// Issue 2: the account flows in a real browser against the real server.

test('register, verify, sign in to the remembered page, edit profile, change password, sign out', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('ada');
  const newPassword = 'Changed456x';

  // A protected page sends a signed-out visitor to /login, remembering where they wanted to go.
  await page.goto('/profile/edit');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Registration successful! Please check your email to verify your account.'),
  ).toBeVisible();

  // The verification link from the outbox, opened outside this browser.
  const outside = await playwright.request.newContext({ baseURL });
  const link = await findOutboxLink(outside, email, 'verify-email');
  await openVerificationLink(outside, link);
  await outside.dispose();

  await page.getByRole('link', { name: 'Go to Sign In now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);

  // Edit the profile: saved, then the dashboard after 2 s.
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Company Name').fill('Analytical Engines');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/Profile updated successfully!/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account.getByText('Ada Lovelace')).toBeVisible();
  await expect(account.getByText('Verified', { exact: true })).toBeVisible();

  // Change the password.
  await page.goto('/profile/edit');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm New Password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Password updated')).toBeVisible();
  await page.keyboard.press('Escape');

  // Sign out: back to /, and a protected page now redirects to /login.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // The new password works.
  await signIn(page, email, newPassword);
});

test('forgot password: the e-mailed link leads to a form that sets a new password', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('grace');
  const setup = await playwright.request.newContext({ baseURL });
  await registerVerified(setup, baseURL!, email);
  await setup.dispose();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByText(/we've sent a link to reset your password/)).toBeVisible();

  const link = await findOutboxLink(page.request, email, 'reset-password');
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel('New Password', { exact: true }).fill('Reset789abc');
  await page.getByLabel('Confirm New Password').fill('Reset789abc');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your password has been reset. Sign in with your new password.'),
  ).toBeVisible();
  await signIn(page, email, 'Reset789abc');
});

test('no horizontal overflow at 375 px on /login and /register', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page.getByLabel('Email Address')).toBeVisible();
    expect(await hasHorizontalOverflow(page), path).toBe(false);
  }
});
