import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  buyThroughApi,
  fixtureSiteUrl,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 13: buying credits in test mode (the embedded default without a Stripe key), the pricing
// section's toggle and alerts, the product-change dialog and re-running a completed project, in a
// real browser against the real server.

const balance = (page: Page) =>
  page.getByRole('banner').getByTestId('credit-balance').filter({ visible: true });

async function pricingSection(page: Page) {
  await page.goto('/#pricing');
  const pricing = page.getByRole('region', { name: 'One credit modernizes one site' });
  // The live pricing table has arrived once the founder places are counted.
  await expect(pricing.getByText(/places left|sold out/)).toBeVisible();
  return pricing;
}

test('a guest sees the toggle with its badge and is asked to sign in before buying', async ({
  page,
}) => {
  const pricing = await pricingSection(page);
  const yearly = pricing.getByRole('radio', { name: /Yearly/ });
  await expect(pricing.getByRole('radio', { name: /Monthly/ })).toBeChecked();
  await expect(yearly).toContainText('Save 15%');
  const freelancer = pricing.getByRole('listitem', { name: 'Freelancer' });
  await expect(freelancer.getByText('$69', { exact: true })).toBeVisible();
  await expect(freelancer.locator('s')).toContainText('$99');
  await yearly.click();
  await expect(yearly).toBeChecked();
  await expect(freelancer.getByText('$690', { exact: true })).toBeVisible();
  await expect(freelancer.locator('s')).toContainText('$990');

  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await freelancer.getByRole('button', { name: 'Become a Founder' }).click();
  await expect.poll(() => messages).toEqual(['Please sign in to make a purchase.']);
  await expect(page).toHaveURL(/\/#pricing$/);
});

test('a test-mode purchase raises the balance in the top bar; changing plan goes through the product-change dialog', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('buyer');
  // The verification link opened by page.request signs the page's context in too.
  await registerVerified(page.request, baseURL!, email);
  await page.goto('/dashboard');
  await expect(balance(page)).toHaveText('1 credit');

  // 'Buy credits' on the billing page lands on the (lazily loaded) pricing section.
  await page.goto('/billing');
  await page.getByRole('link', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(
    page.getByRole('region', { name: 'One credit modernizes one site' }),
  ).toBeInViewport();

  let pricing = await pricingSection(page);
  await pricing
    .getByRole('listitem', { name: 'Freelancer' })
    .getByRole('button', { name: 'Become a Founder' })
    .click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\/[^/]+$/);
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Freelancer');
  await expect(page.getByText('$69 per month')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Payment complete. Your credits have been added to your balance.'),
  ).toBeVisible();
  await expect(balance(page)).toHaveText('16 credits');
  const history = page.getByRole('region', { name: 'Credit history' });
  await expect(history.getByText(/Subscription credits/)).toBeVisible();

  // A subscriber choosing another plan sees what changes before anything is attached.
  pricing = await pricingSection(page);
  await expect(
    pricing.getByRole('listitem', { name: 'Freelancer' }).getByRole('button', {
      name: 'Your current plan',
    }),
  ).toBeDisabled();
  await pricing.getByRole('button', { name: 'Choose Agency' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Agency' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Freelancer');
  await expect(dialog).toContainText('65 per month');
  await dialog.getByRole('button', { name: 'Confirm Upgrade' }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\/[^/]+$/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(balance(page)).toHaveText('81 credits');

  await page.goto('/billing');
  const plan = page.getByRole('region', { name: 'Current plan' });
  await expect(plan.getByText('$249 per month · 65 credits each month')).toBeVisible();
  await expect(plan.getByText(/Freelancer · Ends /)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Request refund' })).toBeVisible();
});

test('re-running a completed project with another strategy costs one credit and keeps the download', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('rerun');
  await registerVerified(page.request, baseURL!, email);
  const created = await page.request.post('/api/projects', {
    data: {
      name: 'Corner Shop',
      sourceUrl: fixtureSiteUrl('/'),
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      targetFramework: 'React',
    },
    headers: originHeaders(baseURL!),
  });
  expect(created.ok(), await created.text()).toBe(true);
  await buyThroughApi(page.request, baseURL!, 'prod_payg_19');

  await page.goto('/dashboard');
  const card = page.getByRole('listitem', { name: 'Corner Shop' });
  await expect(card.locator('[data-status="completed"]')).toBeVisible({ timeout: 150_000 });
  await expect(balance(page)).toHaveText('1 credit');

  await card.getByRole('button', { name: 'Run again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run "Corner Shop" again?' });
  await expect(dialog.getByRole('radio', { name: /Incremental Update/ })).toBeChecked();
  await dialog.getByText('Style Modernization').click();
  await dialog.getByRole('button', { name: 'Run Again (1 credit)' }).click();
  await expect(dialog).toBeHidden();
  await expect(balance(page)).toHaveText('0 credits');
  // The previous result stays downloadable while the new run is under way, and after it.
  await expect(card.getByRole('button', { name: /^Download/ })).toBeVisible();
  await expect(card.locator('[data-status="completed"]')).toBeVisible({ timeout: 150_000 });
  await expect(card.getByRole('button', { name: 'Download', exact: true })).toBeVisible();

  const project = await page.request.get(`/api/projects?search=Corner`);
  const list = (await project.json()) as { items: { modernization_strategy: string }[] };
  expect(list.items[0]?.modernization_strategy).toBe('STYLE_MODERNIZATION');
});
