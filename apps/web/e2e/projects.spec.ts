import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  PASSWORD,
  findOutboxLink,
  fixtureSiteUrl,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 4: projects in a real browser against the real server, worker and engine.

test('create a project, watch it complete live, read its logs and report, preview and download', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('maker');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: '', callbackURL: '/auth/callback' },
    headers: originHeaders(baseURL!),
  });
  expect(signUp.ok()).toBe(true);
  // The verification link opened in the browser signs in and lands on the dashboard.
  await page.goto(await findOutboxLink(page.request, email, 'verify-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No Projects Yet!')).toBeVisible();
  await expect(page.getByText('1 credit available')).toBeVisible();

  await page.getByRole('link', { name: 'New Project' }).click();
  await expect(page).toHaveURL(/\/create-project$/);
  await page.getByLabel('Website URL').fill(fixtureSiteUrl('/'));
  await page.getByLabel('Project Name').fill('Millers Bakery');
  await expect(page.getByRole('radio', { name: /Incremental Update/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create Project' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Project created successfully! Modernization is now in progress.'),
  ).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Millers Bakery' });
  await expect(card).toBeVisible();
  // The status changes arrive over /api/events; no reload.
  await expect(card.locator('[data-status="completed"]')).toBeVisible({ timeout: 150_000 });
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(page.getByText('0 credits available')).toBeVisible();

  // Log viewer: the job's lines and the closing line.
  await card.getByRole('button', { name: 'Logs' }).click();
  const logs = page.getByRole('dialog', { name: 'Logs: Millers Bakery' });
  const log = logs.getByRole('log');
  await expect(log.getByText('Job completed.')).toBeVisible();
  await expect(log.locator('li').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(logs).toBeHidden();

  // Report panel.
  await card.getByRole('button', { name: 'View report' }).click();
  await expect(card.getByText('Pages and new routes')).toBeVisible();
  // Verification is one line when every check passed (opened when one failed); opened, it lists them.
  const verification = card
    .locator('details')
    .filter({ hasText: /checks (passed|need attention)/ });
  if ((await verification.getAttribute('open')) === null) {
    await verification.locator('summary').click();
  }
  await expect(card.getByText(/Text coverage: /)).toBeVisible();

  // Download: the zip arrives under the project's name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Millers Bakery.zip');
  const zip = await readFile((await download.path())!);
  expect(zip.length).toBeGreaterThan(1000);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');

  // Preview opens the rebuilt site in a new tab.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('link', { name: 'Preview' }).click(),
  ]);
  await expect(preview).toHaveURL(/\/preview\/[^/]+\/$/);
  // The rebuilt start page, with the original's content.
  await expect(preview.getByText('Stone-ground rye bread').first()).toBeVisible();
  await preview.close();
});

/** Creates a project through the API whose site answers 404, and waits until it has failed. */
async function createFailedProject(request: APIRequestContext, baseURL: string, name: string) {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const created = await request.post('/api/projects', {
    data: {
      name,
      sourceUrl: fixtureSiteUrl(`/missing-${slug}.html`),
      modernizationStrategy: 'STYLE_MODERNIZATION',
      targetFramework: 'React',
    },
    headers: originHeaders(baseURL),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // The failure returns the credit, so the next project can be created.
  await expect
    .poll(
      async () => {
        const project = (await (await request.get(`/api/projects/${id}`)).json()) as {
          status: string;
        };
        return project.status;
      },
      { timeout: 60_000 },
    )
    .toBe('failed');
}

test('search, filter, load more and delete', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('lister');
  await registerVerified(page.request, baseURL!, email);
  const names = ['Alpha One', 'Alpha Two', 'Alpha Three', 'Alpha Four', 'Alpha Five', 'Beta Six'];
  for (const name of names) await createFailedProject(page.request, baseURL!, name);

  await page.goto('/dashboard');
  await expect(
    page.getByText('Ready to sprinkle some modern magic on more websites?'),
  ).toBeVisible();
  const list = page.getByRole('list', { name: 'Projects' });
  const cards = list.getByRole('heading', { level: 3 });
  await expect(page.getByText('Showing 5 of 6 projects')).toBeVisible();
  await expect(cards).toHaveText([
    'Beta Six',
    'Alpha Five',
    'Alpha Four',
    'Alpha Three',
    'Alpha Two',
  ]);
  await expect(list.getByText('Failed').first()).toBeVisible();
  await expect(list.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Load More Projects' }).click();
  await expect(page.getByText('Showing 6 of 6 projects')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More Projects' })).toBeHidden();

  // Long addresses and failure messages still fit a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Search by name, then by URL (server-side, case-insensitive).
  const search = page.getByPlaceholder('Search projects by name or URL...');
  await search.fill('BETA');
  await expect(cards).toHaveText(['Beta Six']);
  await expect(page.getByText('Showing 1 of 1 projects')).toBeVisible();
  await search.fill('missing-alpha-three');
  await expect(cards).toHaveText(['Alpha Three']);
  await search.fill('no such site');
  await expect(page.getByText('No Projects Found')).toBeVisible();
  await search.fill('');
  await expect(page.getByText('Showing 6 of 6 projects')).toBeVisible();

  // Filter: stat cards and the select agree.
  const completedCard = page.getByRole('button', { name: /Successfully Modernized/ });
  await expect(completedCard).toContainText('0');
  await expect(page.getByRole('button', { name: /Total Projects Launched/ })).toContainText('6');
  await completedCard.click();
  await expect(completedCard).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Filter by status')).toHaveValue('completed');
  await expect(page.getByText('No Projects Found')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('In Progress');
  await expect(page.getByText('No Projects Found')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('All Projects');
  await expect(page.getByText('Showing 6 of 6 projects')).toBeVisible();

  // Delete with the spec's dialog.
  await page.getByRole('button', { name: 'Delete Beta Six' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Project: Beta Six?' });
  await dialog.getByRole('button', { name: 'Yes, Delete Project' }).click();
  await expect(page.getByText('Project "Beta Six" has been deleted.')).toBeVisible();
  await expect(cards).toHaveText([
    'Alpha Five',
    'Alpha Four',
    'Alpha Three',
    'Alpha Two',
    'Alpha One',
  ]);
  await expect(page.getByText('Showing 5 of 5 projects')).toBeVisible();
  const left = await page.request.get('/api/projects?status=all&limit=10');
  expect(((await left.json()) as { total: number }).total).toBe(5);
});
