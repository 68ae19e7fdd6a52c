import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { totpAt } from '../../server/test/helpers/totp';
import {
  PASSWORD,
  addPasskey,
  hasHorizontalOverflow,
  originHeaders,
  pageWithAuthenticator,
  registerVerified,
  signIn,
  turnOnTwoFactor,
  uniqueEmail,
} from './helpers';

// Issue 28 item 3: "Continue with GitHub" on the sign-in and register screens, the whole redirect flow
// in the browser against the GitHub-compatible fake (playwright.config.ts starts it and points the
// server at it), at 375 and 1440 px. The accounts of these tests are added to the fake over its test
// controls; with more than one account its authorize page is GitHub's account chooser (or Cancel).

const GITHUB_URL = `http://127.0.0.1:${process.env.E2E_GITHUB_PORT ?? 3919}`;
// Browsers refuse passkeys on an IP address: a passkey is added on http://localhost:PORT.
const LOCAL = `http://localhost:${process.env.E2E_PORT ?? 3917}`;

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const added: string[] = [];
let nextId = 70_000 + Math.floor(Math.random() * 10_000);

/** A GitHub account on the fake whose primary, verified address is `email`. */
async function addGithubUser(label: string, email: string): Promise<string> {
  const login = `${label}-${randomBytes(3).toString('hex')}`;
  const response = await fetch(`${GITHUB_URL}/_fake/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id: nextId++,
      login,
      name: null,
      email: null,
      avatar_url: null,
      emails: [{ email, primary: true, verified: true, visibility: 'private' }],
    }),
  });
  expect(response.status).toBe(201);
  added.push(login);
  return login;
}

// The GitHub delivery tests expect the fake's single default account again (no chooser).
test.afterAll(async () => {
  for (const login of added.splice(0)) {
    await fetch(`${GITHUB_URL}/_fake/users/${login}`, { method: 'DELETE' });
  }
});

/** Clicks "Continue with GitHub" and lands on the fake's account chooser. */
async function continueWithGithub(page: Page) {
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveURL(new RegExp(`^${GITHUB_URL}/login/oauth/authorize\\?`));
}

for (const viewport of WIDTHS) {
  test(`a new user signs up with GitHub from the register screen (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`ghnew-${viewport.name}`);
    const login = await addGithubUser('ghnew', email);

    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`register-github-${viewport.width}.png`) });

    await continueWithGithub(page);
    await page.getByRole('button', { name: `Continue as ${login}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const session = await page.request.get('/api/auth/get-session');
    expect((await session.json()).user.email).toBe(email);
  });

  test(`an existing account links GitHub only after its password (${viewport.width} px)`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`ghlink-${viewport.name}`);
    await registerVerified(request, baseURL!, email);
    const login = await addGithubUser('ghlink', email);

    await page.goto('/login');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`signin-github-${viewport.width}.png`) });
    await continueWithGithub(page);
    await page.getByRole('button', { name: `Continue as ${login}` }).click();

    // Back on the sign-in screen, not signed in: the address has an account, the password links.
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText(
        'An account with this email already exists. Sign in with your password to link GitHub to it.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toHaveCount(0);
    expect((await (await page.request.get('/api/auth/get-session')).json())?.user).toBeFalsy();
    await page.screenshot({
      path: testInfo.outputPath(`signin-link-notice-${viewport.width}.png`),
    });

    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`^${GITHUB_URL}/login/oauth/authorize\\?`));
    await page.getByRole('button', { name: `Continue as ${login}` }).click();

    // The Security section says so and lists GitHub with "Disconnect" (the account has a password).
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(
      page.getByText('GitHub is linked. You can now sign in with GitHub.'),
    ).toBeVisible();
    const methods = page.getByRole('list', { name: 'Sign-in methods' });
    await expect(methods.getByText(/^Linked on /)).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await methods.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`security-github-${viewport.width}.png`) });

    // Now GitHub alone signs this account in (another browser).
    const other = await page.context().browser()!.newContext({ viewport });
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await continueWithGithub(otherPage);
    await otherPage.getByRole('button', { name: `Continue as ${login}` }).click();
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await other.close();

    await methods.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('GitHub is disconnected from your account.')).toBeVisible();
    await expect(methods.getByText('Not linked')).toBeVisible();
    await expect(methods.getByRole('button', { name: 'Connect GitHub' })).toBeVisible();
  });

  test(`cancelling on GitHub shows a plain message (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await addGithubUser('ghcancel', uniqueEmail(`ghcancel-${viewport.name}`));
    await page.goto('/login');
    await continueWithGithub(page);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toContainText(
      'GitHub sign-in was cancelled. You can try again or sign in with your email.',
    );
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`signin-cancelled-${viewport.width}.png`) });
  });

  test(`after GitHub, a two-factor account's challenge offers its passkey (${viewport.width} px)`, async ({
    browser,
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The account: two-factor authentication on and a passkey, added on localhost.
    const local = await pageWithAuthenticator(browser, LOCAL, viewport);
    const email = uniqueEmail(`ghpasskey-${viewport.name}`);
    await registerVerified(local.context.request, LOCAL, email);
    await signIn(local.page, email);
    const secret = await turnOnTwoFactor(local.page.request, LOCAL);
    await local.page.goto('/profile/edit#security');
    await addPasskey(local.page, 'Laptop');
    await local.context.close();

    // GitHub linked to it: password and code, then GitHub's consent.
    const login = await addGithubUser('ghpasskey', email);
    const headers = originHeaders(baseURL!);
    const first = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers,
    });
    expect((await first.json()).twoFactorRedirect).toBe(true);
    const code = await page.request.post('/api/auth/two-factor/verify-totp', {
      data: { code: totpAt(secret, Date.now()) },
      headers,
    });
    expect(code.ok(), await code.text()).toBe(true);
    const linking = await page.request.post('/api/auth/link-social', {
      data: { provider: 'github', callbackURL: '/profile/edit' },
      headers,
    });
    expect(linking.ok(), await linking.text()).toBe(true);
    await page.goto((await linking.json()).url);
    await page.getByRole('button', { name: `Continue as ${login}` }).click();
    await expect(page).toHaveURL(/\/profile\/edit/);
    await page.request.post('/api/auth/sign-out', { data: {}, headers });

    // "Continue with GitHub": the second step offers the passkey as after a password.
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await continueWithGithub(page);
    await page.getByRole('button', { name: `Continue as ${login}` }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use a passkey instead' })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`github-challenge-${viewport.width}.png`) });
  });
}
