import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, hasHorizontalOverflow, registerVerified, signIn, uniqueEmail } from './helpers';

// Issue 15 item 5: layout details a new user noticed, checked at a phone's and a desktop's width.

const WIDTHS = [375, 1440] as const;

/** The horizontal centre of an element. */
async function centreX(page: Page, selector: ReturnType<Page['locator']>): Promise<number> {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  return box!.x + box!.width / 2;
}

for (const width of WIDTHS) {
  test(`the stat cards' numbers line up at ${width} px`, async ({ page, request, baseURL }) => {
    const email = uniqueEmail(`stats-${width}`);
    await registerVerified(request, baseURL!, email);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, email, PASSWORD);
    const cards = page.getByRole('button', {
      name: /Total Projects Launched|Successfully Modernized|Currently Transforming/,
    });
    await expect(cards).toHaveCount(3);
    const tops: number[] = [];
    for (const card of await cards.all()) {
      const number = card.locator('span.tabular-nums');
      tops.push((await number.boundingBox())!.y);
    }
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  test(`the register confirmation is centred as a whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/register');
    await page.getByLabel('Email Address').fill(uniqueEmail(`centred-${width}`));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const title = page.getByRole('heading', { name: 'Check your inbox' });
    await expect(title).toBeVisible();
    const message = page.getByText('Registration successful!');
    const titleCentre = await centreX(page, title);
    expect(Math.abs((await centreX(page, message)) - titleCentre)).toBeLessThanOrEqual(2);
    expect(await title.evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
}

test("the landing hero's main button fits a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const button = page.getByRole('link', { name: 'Modernize Your First Site for Free' }).first();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});
