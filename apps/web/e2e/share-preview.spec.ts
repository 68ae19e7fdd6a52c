import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  fixtureSiteUrl,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 22 items 3 and 4 in the browser: share links of the live preview (made, copied, opened
// without an account, revoked), the project e-mails setting, and the report page the e-mails link
// to — at 1440 and 375 px, on a real run of the fixture site.

const PROJECT_NAME = 'Millers Share';
let projectId: string;
let email: string;

test.beforeAll(async ({ browser, baseURL }) => {
  // A real run of the fixture site; on a busy machine it takes minutes.
  test.setTimeout(480_000);
  const context = await browser.newContext();
  email = uniqueEmail('share');
  await registerVerified(context.request, baseURL!, email);
  const created = await context.request.post('/api/projects', {
    data: {
      name: PROJECT_NAME,
      sourceUrl: fixtureSiteUrl('/'),
      modernizationStrategy: 'STYLE_MODERNIZATION',
      targetFramework: 'React',
    },
    headers: originHeaders(baseURL!),
  });
  expect(created.status(), await created.text()).toBe(201);
  projectId = ((await created.json()) as { id: string }).id;
  await expect
    .poll(
      async () => {
        const project = await context.request.get(`/api/projects/${projectId}`);
        return ((await project.json()) as { status: string }).status;
      },
      { timeout: 450_000, intervals: [1000] },
    )
    .toBe('completed');
  await context.close();
});

async function signInByApi(page: Page, baseURL: string): Promise<void> {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: originHeaders(baseURL),
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the owner shares the preview; a visitor opens it without an account until it is revoked', async ({
      page,
      browser,
      baseURL,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInByApi(page, baseURL!);
      await page.goto('/dashboard');
      const card = page.locator(`[data-project-id="${projectId}"]`);
      const shareButton = card.getByRole('button', {
        name: `Share the preview of ${PROJECT_NAME}`,
      });
      await shareButton.click();
      const dialog = page.getByRole('dialog', { name: `Share the preview of ${PROJECT_NAME}` });
      await expect(dialog).toBeVisible();
      const expiry = dialog.getByLabel('Link expires after');
      await expect(expiry).toHaveValue('7');
      if (viewport.width < 640) await expiry.selectOption('30');
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const linkField = dialog.getByLabel('New share link');
      await expect(linkField).toHaveValue(/\/preview\/[0-9a-f-]+\/\?share=[A-Za-z0-9_-]{43}$/);
      const url = await linkField.inputValue();
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await expect(dialog.getByText('Link copied to the clipboard.')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      const listed = dialog.getByRole('listitem');
      await expect(listed).toHaveCount(1);
      await expect(listed).toContainText('expires');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: test.info().outputPath(`share-dialog-${viewport.width}.png`) });

      // A visitor with no account opens the link.
      const visitor = await browser.newContext({ viewport });
      const visit = await visitor.newPage();
      const response = await visit.goto(url);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(new URL(visit.url()).search).toBe('');
      await expect(visit.locator('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex, nofollow',
      );
      await expect(visit.locator('body')).toContainText(/\S/);

      // Revoked: the visitor's next page says so (410), and the list is empty.
      await listed.getByRole('button', { name: /^Revoke the link created/ }).click();
      await expect(dialog.getByText('Link revoked: it no longer opens the preview.')).toBeVisible();
      await expect(dialog.getByText('No active share links.')).toBeVisible();
      const gone = await visit.reload();
      expect(gone?.status()).toBe(410);
      await expect(
        visit.getByRole('heading', { name: 'This preview link was revoked' }),
      ).toBeVisible();
      await visit.screenshot({
        path: test.info().outputPath(`share-revoked-${viewport.width}.png`),
      });

      // Without any link: a page that says to sign in, not JSON.
      const stranger = await browser.newContext({ viewport });
      const strangerPage = await stranger.newPage();
      const refused = await strangerPage.goto(`/preview/${projectId}/`);
      expect(refused?.status()).toBe(401);
      await expect(
        strangerPage.getByRole('heading', { name: 'Sign in to see this preview' }),
      ).toBeVisible();
      await expect(strangerPage.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        /\/login$/,
      );
      await strangerPage.screenshot({
        path: test.info().outputPath(`preview-sign-in-${viewport.width}.png`),
      });
      await stranger.close();
      await visitor.close();

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('project e-mails can be turned off in the profile, and the report has its own page', async ({
      page,
      baseURL,
    }) => {
      await signInByApi(page, baseURL!);
      await page.goto('/profile/edit');
      const setting = page.getByRole('checkbox', {
        name: 'E-mail me when a project completes or fails',
      });
      // On by default; each run flips it (the 1440 run turns it off, the 375 one back on).
      await expect(setting).toBeVisible();
      const wasOn = await setting.isChecked();
      await setting.click();
      await expect(page.getByText('Notification setting saved.')).toBeVisible();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
      await page.screenshot({
        path: test.info().outputPath(`profile-notify-${viewport.width}.png`),
      });
      await page.reload();
      await expect(setting).toBeChecked({ checked: !wasOn });
      const profile = await page.request.get('/api/me/profile');
      expect(((await profile.json()) as { notify_job_outcome: boolean }).notify_job_outcome).toBe(
        !wasOn,
      );

      // Signed in, the landing page offers no free first site (the free credit may be spent).
      await page.goto('/');
      await expect(
        page.getByRole('link', { name: 'Modernize Your Next Site' }).first(),
      ).toBeVisible();
      await expect(page.getByText('Your first site is free')).toHaveCount(0);

      await page.goto(`/project/${projectId}/report`);
      await expect(page.getByRole('heading', { level: 1, name: PROJECT_NAME })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Fidelity' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: test.info().outputPath(`report-page-${viewport.width}.png`) });
    });
  });
}
