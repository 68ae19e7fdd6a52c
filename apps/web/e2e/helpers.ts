import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { totpAt } from '../../server/test/helpers/totp';

/** The password every test account starts with (meets the registration rules). */
export const PASSWORD = 'Sitelift123';

/** A fresh e-mail address per test run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The origin of the fixture site ("the old website") served on loopback. */
export function fixtureSiteUrl(path = '/'): string {
  return `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 3918}${path}`;
}

/** The larger fixture site (issue 24): 65 pages by links and a sitemap, /private/ kept out by robots.txt. */
export function scopeFixtureSiteUrl(path = '/'): string {
  return `http://127.0.0.1:${Number(process.env.E2E_FIXTURE_PORT ?? 3918) + 3}${path}`;
}

interface OutboxMessage {
  name: string;
  to: string;
  subject: string;
  links: string[];
}

/** Waits for an e-mail to `to` in the development outbox whose link contains `linkPart`. */
export async function findOutboxLink(
  request: APIRequestContext,
  to: string,
  linkPart: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        if (!response.ok()) return undefined;
        const messages = (await response.json()) as OutboxMessage[];
        found = messages
          .filter((message) => message.to.includes(to))
          .flatMap((message) => message.links)
          .find((link) => link.includes(linkPart));
        return found;
      },
      { timeout: 15_000, message: `an e-mail to ${to} with a ${linkPart} link` },
    )
    .toBeTruthy();
  return found!;
}

/** Origin header for state-changing API calls (the server refuses cross-site requests). */
export function originHeaders(baseURL: string): Record<string, string> {
  return { Origin: new URL(baseURL).origin };
}

/** Registers `email` through the API and verifies it with the e-mailed link (signs `request` in). */
export async function registerVerified(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: '', callbackURL: '/auth/callback' },
    headers: originHeaders(baseURL),
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await openVerificationLink(request, await findOutboxLink(request, email, 'verify-email'));
}

/**
 * Creates a STYLE_MODERNIZATION project of the fixture site for the signed-in `request` and waits
 * (up to 220 s) until the real worker and engine have completed it; returns its id.
 */
export async function createCompletedProject(
  request: APIRequestContext,
  baseURL: string,
  name: string,
): Promise<string> {
  const created = await request.post('/api/projects', {
    data: {
      name,
      sourceUrl: fixtureSiteUrl('/'),
      modernizationStrategy: 'STYLE_MODERNIZATION',
      targetFramework: 'React',
    },
    headers: originHeaders(baseURL),
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  await expect
    .poll(
      async () => {
        const project = await request.get(`/api/projects/${projectId}`);
        return ((await project.json()) as { status: string }).status;
      },
      { timeout: 220_000, intervals: [1000] },
    )
    .toBe('completed');
  return projectId;
}

/** Opens an e-mailed verification link outside the browser; it must redirect without an error. */
export async function openVerificationLink(request: APIRequestContext, link: string) {
  const response = await request.get(link, { maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers().location ?? '').not.toContain('error');
}

/** Signs the page in through the Sign In screen. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** True when the page scrolls sideways. */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** Buys `productId` through the API in test mode (attach, then the test checkout's complete). */
export async function buyThroughApi(
  request: APIRequestContext,
  baseURL: string,
  productId: string,
) {
  const attach = await request.post('/api/billing/attach', {
    data: { product_id: productId },
    headers: originHeaders(baseURL),
  });
  expect(attach.ok(), await attach.text()).toBe(true);
  const { data } = (await attach.json()) as { data: { session_id: string } };
  const complete = await request.post(
    `/api/billing/test_checkout/${encodeURIComponent(data.session_id)}/complete`,
    { headers: originHeaders(baseURL) },
  );
  expect(complete.ok(), await complete.text()).toBe(true);
}

/** A page on localhost with a platform authenticator that keeps passkeys and verifies the user. */
export async function pageWithAuthenticator(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { context, page, credentials };
}

/** Adds a passkey named `name` in the Security section (open on the page). */
export async function addPasskey(page: Page, name: string) {
  const card = page.getByTestId('passkey-settings');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByText('Passkey added. Other devices were signed out.')).toBeVisible();
  await expect(card.getByTestId('passkey-row').filter({ hasText: name })).toBeVisible();
}

/** Turns on two-factor authentication for the signed-in `request` (as the Security section does). */
export async function turnOnTwoFactor(request: APIRequestContext, origin: string): Promise<string> {
  const enabled = await request.post('/api/auth/two-factor/enable', {
    data: { password: PASSWORD },
    headers: { Origin: origin },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const secret = new URL(((await enabled.json()) as { totpURI: string }).totpURI).searchParams.get(
    'secret',
  )!;
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: totpAt(secret, Date.now()) },
    headers: { Origin: origin },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return secret;
}
