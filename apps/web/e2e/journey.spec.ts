import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerVerified, signIn, uniqueEmail } from './helpers';

// Issue 22 item 6: journey details a walk-through noticed, at a phone's and a desktop's width.

const WIDTHS = [375, 1440] as const;

/** The focused element's accessible name, as a short description for failure messages. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return '(body)';
    return (
      active.getAttribute('aria-label') ??
      (active as HTMLInputElement).labels?.[0]?.textContent?.trim() ??
      active.textContent?.trim() ??
      active.tagName
    );
  });
}

/** Opens a dialog from `trigger`, closes it with `close`, and expects the focus back on the trigger. */
async function expectFocusReturns(
  page: Page,
  trigger: Locator,
  dialogName: string | RegExp,
  close: (dialog: Locator) => Promise<void>,
) {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await close(dialog);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test('/login: Tab goes Email → Password → Sign In, then Forgot Password?', async ({ page }) => {
      await page.goto('/login');
      const email = page.getByLabel('Email Address');
      await email.focus();
      const order = [await focusedName(page)];
      for (let step = 0; step < 3; step++) {
        await page.keyboard.press('Tab');
        order.push(await focusedName(page));
      }
      expect(order).toEqual(['Email Address', 'Password', 'Sign In', 'Forgot Password?']);
    });

    test('focus returns to the button that opened a dialog when it closes', async ({
      page,
      request,
      baseURL,
    }) => {
      // Signed out: Forgot Password? on /login, closed with Escape.
      await page.goto('/login');
      await expectFocusReturns(
        page,
        page.getByRole('button', { name: 'Forgot Password?' }),
        /password/i,
        () => page.keyboard.press('Escape'),
      );

      const email = uniqueEmail(`focus-${width}`);
      await registerVerified(request, baseURL!, email);
      await signIn(page, email, PASSWORD);

      // How It Works on /create-project, closed with its X.
      await page.goto('/create-project');
      await expectFocusReturns(
        page,
        page.getByRole('button', { name: 'How It Works' }),
        /How It Works/,
        (dialog) => dialog.getByRole('button', { name: 'Close' }).click(),
      );

      // Change Password on the profile, closed with Cancel or Escape.
      await page.goto('/profile/edit');
      await expectFocusReturns(
        page,
        page.getByRole('button', { name: 'Change Password' }),
        'Change Password',
        () => page.keyboard.press('Escape'),
      );
    });
  });
}
