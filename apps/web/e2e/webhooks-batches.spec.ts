import { expect, test } from '@playwright/test';
import {
  fixtureSiteUrl,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 26 at a 375 px phone and a 1440 px desktop: the Webhooks screen (add an endpoint, its secret
// shown once, the delivery log of a real delivery, Redeliver, rotation) and the Batch screen (a pasted
// list, each line's pre-check, the reservation when the balance is short, the batch view).

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test.describe(`webhooks and batches at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an endpoint shows its secret once, logs a real delivery and redelivers it', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.setTimeout(180_000);
      await registerVerified(page.request, baseURL!, uniqueEmail(`hooks-${viewport.width}`));
      await page.goto('/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(page.getByText('No endpoints yet.')).toBeVisible();

      // The fixture site answers 200 to any request for an existing file: a receiver on loopback
      // (allowed on this test server only, ALLOW_PRIVATE_URLS).
      const receiver = fixtureSiteUrl('/index.html');
      await page.getByLabel('Endpoint URL').fill(receiver);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = page.getByRole('textbox', { name: 'Signing secret' });
      await expect(secret).toHaveValue(/^whsec_/);
      const shown = await secret.inputValue();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('webhooks-secret.png'), fullPage: true });
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(secret).toHaveCount(0);
      await page.reload();
      await expect(page.getByText(receiver)).toBeVisible();
      await expect(page.getByText(shown)).toHaveCount(0);

      // A project that fails at once (the page is missing) sends project.failed.
      const created = await page.request.post('/api/projects', {
        data: {
          name: `Missing page ${viewport.width}`,
          sourceUrl: fixtureSiteUrl('/no-such-page.html'),
          modernizationStrategy: 'STYLE_MODERNIZATION',
          targetFramework: 'React',
        },
        headers: originHeaders(baseURL!),
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.getByRole('button', { name: 'Delivery log' }).click();
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('button', { name: 'Delivery log' }).click();
            return page.getByText('Delivered').count();
          },
          { timeout: 90_000, intervals: [2000] },
        )
        .toBeGreaterThan(0);
      await expect(page.getByText('project.failed').first()).toBeVisible();
      await page.getByRole('button', { name: /^Redeliver project\.failed/ }).click();
      await expect(page.getByRole('button', { name: /^Redeliver project\.failed/ })).toHaveCount(2);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('webhooks-log.png'), fullPage: true });

      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
      await expect(page.getByText('Your new signing secret')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Signing secret' })).not.toHaveValue(shown);
    });

    test('a pasted list is pre-checked, reserved within the balance and followed', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.setTimeout(300_000);
      await registerVerified(page.request, baseURL!, uniqueEmail(`batch-${viewport.width}`));
      await page.goto('/batches');
      await expect(page.getByRole('heading', { level: 1, name: 'Batch of sites' })).toBeVisible();
      await page
        .getByLabel('Website addresses, one per line')
        .fill(
          [
            fixtureSiteUrl('/'),
            fixtureSiteUrl('/about.html'),
            fixtureSiteUrl('/no-such-page.html'),
            'not a web address',
          ].join('\n'),
        );
      await page.getByLabel('Batch name (optional)').fill(`Clients ${viewport.width}`);
      await page.getByRole('button', { name: 'Check sites' }).click();
      const check = page.getByRole('region', { name: 'Pre-check' });
      await expect(check.getByText('Your balance does not cover every site')).toBeVisible({
        timeout: 60_000,
      });
      await expect(check.getByText('This batch needs 2 credits')).toBeVisible();
      await expect(check.getByText('Not a valid http:// or https:// address.')).toBeVisible();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('batch-check.png'), fullPage: true });

      await check.getByRole('button', { name: 'Start the first 1 site' }).click();
      await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
      await expect(
        page.getByRole('heading', { level: 1, name: `Clients ${viewport.width}` }),
      ).toBeVisible();
      await expect(page.getByText('1 credit reserved')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Not started (3)' })).toBeVisible();
      await expect(page.getByText('Not started: your balance did not cover it.')).toBeVisible();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('batch-running.png'), fullPage: true });

      await expect(page.getByText('Batch finished')).toBeVisible({ timeout: 240_000 });
      await expect(page.getByRole('link', { name: 'Download all (zip)' })).toBeVisible();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('batch-finished.png'), fullPage: true });
    });
  });
}
