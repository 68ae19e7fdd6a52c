import { expect, test } from '@playwright/test';
import {
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  scopeFixtureSiteUrl,
  uniqueEmail,
} from './helpers';

// Issue 24 item 2: the create form shows what a run will rebuild before a credit is spent: pages
// found by links and the sitemap, the plan's limit, robots.txt, and the user's paths.

test('shows the pages to rebuild and counts the paths chosen, on a phone and a desktop', async ({
  page,
  baseURL,
}, testInfo) => {
  await registerVerified(page.request, baseURL!, uniqueEmail('scope'));
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/create-project');
    await page.getByLabel('Website URL').fill(scopeFixtureSiteUrl('/'));
    await page.getByLabel('Project Name').focus();
    const scope = page.getByTestId('page-scope');
    // 58 pages found (8 linked, 49 more in the sitemap). The browser tests' server caps every
    // plan at MAX_PAGES=3 (its jobs stay short), so 3 are rebuilt.
    await expect(scope.getByText('3 of 58 pages')).toBeVisible({ timeout: 20_000 });
    await expect(scope.getByText(/Your plan rebuilds up to 3 pages per site/)).toBeVisible();
    await expect(scope.getByRole('link', { name: 'See plans' })).toBeVisible();
    await expect(scope.getByText('3 pages excluded by the site’s robots.txt.')).toBeVisible();

    await scope.getByText('Choose pages and links').click();
    await scope.getByLabel('Only these paths').fill('/products/');
    // The start page and the 12 products, of which the limit takes 3.
    await expect(scope).toContainText('3 of 58 pages will be rebuilt (13 pages match your paths).');
    await scope.getByLabel('Leave out').fill('/products/item-1.html');
    await expect(scope).toContainText('(12 pages match your paths)');
    await expect(scope.getByRole('radio', { name: /Keep them/ })).toBeChecked();
    await scope.getByRole('radio', { name: /Remove the link/ }).check();

    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({
      path: testInfo.outputPath(`page-scope-${viewport.width}.png`),
      fullPage: true,
    });
  }

  // A pattern without its slash is refused with the form's message; what was typed stays.
  const scope = page.getByTestId('page-scope');
  await scope.getByLabel('Leave out').fill('tag/');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(
    scope.getByText('Each path starts with / (for example /blog/ or /news/*)'),
  ).toBeVisible();
  await expect(scope.getByLabel('Leave out')).toHaveValue('tag/');

  // Fixed, the project keeps the scope chosen.
  await scope.getByLabel('Leave out').fill('/tag/');
  await page.getByLabel('Project Name').fill('Harbour Rowing Club');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const projects = await (await page.request.get('/api/projects')).json();
  expect(projects.items[0]).toMatchObject({
    name: 'Harbour Rowing Club',
    include_paths: ['/products/'],
    exclude_paths: ['/tag/'],
    unbuilt_links: 'remove',
  });
  // Its run is not this test's subject: deleting it frees the worker for the tests after.
  const deleted = await page.request.delete(`/api/projects/${projects.items[0].id}`, {
    headers: originHeaders(baseURL!),
  });
  expect(deleted.status()).toBe(204);
});
