import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  createCompletedProject,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 14: connect a GitHub account, deploy a completed project as a new repository and disconnect,
// in the browser against the real server, worker and engine, with the GitHub-compatible fake of the
// server's tests standing in for github.com (playwright.config.ts starts it and points the server
// at it). The fake's authorization and installation pages send the browser straight back with a code.

const GITHUB_URL = `http://127.0.0.1:${process.env.E2E_GITHUB_PORT ?? 3919}`;

let email: string;
let projectId: string;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  email = uniqueEmail('github');
  await registerVerified(context.request, baseURL!, email);
  projectId = await createCompletedProject(context.request, baseURL!, 'Millers Bakery');
  await context.close();
});

async function signIn(page: Page, baseURL: string) {
  const answer = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: originHeaders(baseURL),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test('connect GitHub, deploy a completed project, see the Deployed link, disconnect', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'GitHub', exact: true });
  const card = page.locator(`[data-project-id="${projectId}"]`);

  // Connect: the dialog binds a fresh state, then GitHub's authorization page sends the browser back.
  await panel.getByRole('button', { name: 'Connect GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your GitHub account' });
  const install = dialog.getByRole('link', { name: /Install the GitHub App/ });
  await expect(install).toHaveAttribute(
    'href',
    new RegExp(`^${GITHUB_URL}/apps/sitelift-test/installations/new\\?state=[0-9a-f]{64}$`),
  );
  const state = await page.evaluate(() => localStorage.getItem('github_oauth_state'));
  expect(state).toMatch(/^[0-9a-f]{64}$/);
  await dialog.getByRole('button', { name: /Continue to GitHub/ }).click();

  await expect(
    page.getByRole('heading', { name: 'GitHub account connected successfully!' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/integrations\/github\/callback$/);
  // The state was checked and removed.
  expect(await page.evaluate(() => localStorage.getItem('github_oauth_state'))).toBeNull();
  // 1.5 s later: the dashboard with the message, and the panel shows the account.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  await expect(page.getByText('GitHub account connected successfully!')).toBeVisible();
  await expect(panel.getByText('Octo Sitelift')).toBeVisible();
  await expect(panel.getByText('@octo-sitelift')).toBeVisible();

  // Deploy: a private repository by default; 'Deploying...', then the 'Deployed' link.
  await card.getByRole('button', { name: 'Deploy Millers Bakery to GitHub' }).click();
  const deploy = page.getByRole('dialog', { name: 'Deploy "Millers Bakery" to GitHub' });
  await expect(deploy.getByRole('checkbox', { name: /Public repository/ })).not.toBeChecked();
  await deploy.getByRole('button', { name: 'Deploy', exact: true }).click();
  const deployed = deploy.getByRole('link', { name: /Deployed/ });
  await expect(deployed).toBeVisible({ timeout: 60_000 });
  const repoUrl = await deployed.getAttribute('href');
  expect(repoUrl).toMatch(
    new RegExp(`^${GITHUB_URL}/octo-sitelift/millers-bakery-modernized-\\d{6}$`),
  );
  await expect(deployed).toHaveAttribute('target', '_blank');
  await expect(deployed).toHaveAttribute('rel', /noopener/);
  await deploy.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('link', { name: /Deployed/ })).toHaveAttribute('href', repoUrl!);

  // The link is stored on the project: it is still there after a reload.
  await page.reload();
  await expect(card.getByRole('link', { name: /Deployed/ })).toHaveAttribute('href', repoUrl!);
  await expect(card.getByRole('button', { name: 'Deploy Millers Bakery again' })).toBeVisible();
  const project = await page.request.get(`/api/projects/${projectId}`);
  expect(((await project.json()) as { github_repo_url: string }).github_repo_url).toBe(repoUrl);

  // Disconnect after the confirmation.
  await panel.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect GitHub?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(panel.getByRole('button', { name: 'Connect GitHub' })).toBeVisible();
  await expect(panel.getByText('@octo-sitelift')).toHaveCount(0);
  await page.reload();
  await expect(panel.getByRole('button', { name: 'Connect GitHub' })).toBeVisible();
  // The repository link stays on the project; deploying again now leads to connecting first.
  await expect(card.getByRole('link', { name: /Deployed/ })).toBeVisible();
});

test('installing the app from the connect dialog connects the account too', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'GitHub', exact: true });
  await panel.getByRole('button', { name: 'Connect GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your GitHub account' });
  // The installation page opens in a new tab; GitHub sends that tab to the redirect handler with a
  // code and the state, and it connects there.
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('link', { name: /Install the GitHub App/ }).click();
  const popup = await popupOpened;
  await expect(
    popup.getByRole('heading', { name: 'GitHub account connected successfully!' }),
  ).toBeVisible();
  await expect(popup).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  await popup.close();

  await page.reload();
  await expect(panel.getByText('@octo-sitelift')).toBeVisible();
  await panel.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('dialog', { name: 'Disconnect GitHub?' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(panel.getByRole('button', { name: 'Connect GitHub' })).toBeVisible();
});

test('a cancelled authorization returns to the dashboard with the failure message', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await page.goto('/auth/github/callback?error=access_denied');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alert')).toContainText('Failed to connect GitHub account.');
});
