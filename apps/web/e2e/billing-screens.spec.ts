import { expect, test } from '@playwright/test';
import {
  fixtureSiteUrl,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 22 item 6, at a 375 px phone and a 1440 px desktop: the test-mode checkout names the plan and
// its credits (never a product id), and the billing page's credit history names the project of each
// movement.

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test.describe(`billing screens at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the test checkout names the plan and its credits; the history names each project', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.setTimeout(120_000);
      await registerVerified(page.request, baseURL!, uniqueEmail(`screens-${viewport.width}`));

      // The checkout as the pricing section opens it (attach, then its page).
      const attach = await page.request.post('/api/billing/attach', {
        data: { product_id: 'prod_sub_freelancer_69' },
        headers: originHeaders(baseURL!),
      });
      expect(attach.ok(), await attach.text()).toBe(true);
      const { data } = (await attach.json()) as { data: { session_id: string } };
      await page.goto(`/billing/test-checkout/${encodeURIComponent(data.session_id)}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Freelancer');
      await expect(page.getByText('15 credits per month')).toBeVisible();
      await expect(page.getByText('$69 per month')).toBeVisible();
      await expect(page.getByText('prod_sub_freelancer_69')).toHaveCount(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('test-checkout.png') });
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // A project spends a credit: the movement carries its name.
      const created = await page.request.post('/api/projects', {
        data: {
          name: `Bakery at ${viewport.width}`,
          sourceUrl: fixtureSiteUrl('/'),
          modernizationStrategy: 'STYLE_MODERNIZATION',
          targetFramework: 'React',
        },
        headers: originHeaders(baseURL!),
      });
      expect(created.status(), await created.text()).toBe(201);

      await page.goto('/billing');
      const history = page.getByRole('region', { name: 'Credit history' });
      await expect(history.getByText(`Bakery at ${viewport.width} ·`)).toBeVisible();
      await expect(history.getByText(/Subscription credits: Freelancer/)).toBeVisible();
      await expect(history.getByText('prod_sub_freelancer_69')).toHaveCount(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('billing.png'), fullPage: true });
    });
  });
}
