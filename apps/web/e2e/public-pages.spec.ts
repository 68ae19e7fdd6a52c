import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { registerVerified, uniqueEmail } from './helpers';

// Issue 13 item 6: `/`, `/terms` and `/privacy` are prerendered at build time, served as HTML with
// their content before any JavaScript runs, and hydrated without errors, signed out or signed in.
// (The speed figures come from `npm run bench:landing`, not from these tests.)

const PUBLIC_PAGES = [
  { path: '/', heading: 'Turn any outdated website into a modern React app' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
];

/**
 * Collects console errors and warnings (hydration mismatches are logged as errors), page errors and
 * Content-Security-Policy violations (e.g. a library compiling code with eval).
 */
async function watchConsole(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('prerendered public pages', () => {
  test('the server sends each page with its content in the HTML', async ({ request }) => {
    for (const { path, heading } of PUBLIC_PAGES) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root.replace(/<[^>]+>|<!-- -->/g, ''), path).toContain(heading);
      // Hydrated by the public entry, not the single-page app's shell.
      expect(html, path).toMatch(
        /<script type="module" crossorigin src="\/assets\/public-[^"]+\.js">/,
      );
      // No inline script: the Content-Security-Policy would refuse it.
      expect(html.match(/<script/g), path).toHaveLength(1);
    }
    const shell = await (await request.get('/login', { headers: { accept: 'text/html' } })).text();
    expect(shell).toContain('<div id="root"></div>');
  });

  test('the pages show their content with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'One credit modernizes one site' }),
    ).toBeVisible();
    await context.close();
  });

  test('signed out: hydration without console errors, then the page works', async ({ page }) => {
    const problems = await watchConsole(page);
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The session resolved after hydration: the guest links replace the placeholder.
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    }
    await page.goto('/');
    await expect(page).toHaveTitle('Sitelift — modernize any website into React + Vite + Tailwind');
    // The lazily hydrated sections respond: the billing period toggle and the FAQ.
    const yearly = page.getByRole('radio', { name: /Yearly/ });
    await expect(async () => {
      await yearly.click();
      await expect(yearly).toHaveAttribute('aria-checked', 'true', { timeout: 500 });
    }).toPass();
    const question = page.getByRole('button', { name: 'Do I own the generated code?' });
    // The FAQ hydrates when it comes into view; a click before that is not replayed.
    await expect(async () => {
      if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
    }).toPass();

    // A public page's link to another screen opens it in the full app, which keeps working.
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email Address')).toBeVisible();
    await page.goBack();
    await expect(
      page.getByRole('heading', { level: 1, name: PUBLIC_PAGES[0]!.heading }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Terms of Service' }).first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('signed in: the top bar shows the account after hydration, without errors', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('public');
    await registerVerified(page.request, baseURL!, email);
    const problems = await watchConsole(page);
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(problems).toEqual([]);
  });
});
