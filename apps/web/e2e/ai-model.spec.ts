import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { AiReport } from '@sitelift/shared/schemas/ai';
import {
  PASSWORD,
  createCompletedProject,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 25: Settings → AI model against a model server on loopback (the engine's fake OpenAI
// server, started by the Playwright config), and the report's "What the AI did", at 375 and 1440 px.

const MODEL_URL = `http://127.0.0.1:${process.env.E2E_MODEL_PORT ?? 3920}/v1`;
const GOOD_KEY = process.env.E2E_MODEL_KEY ?? 'sk-e2e-model-key-0123456789';
const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

async function signInWithApi(page: Page, baseURL: string, email: string) {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: originHeaders(baseURL),
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
}

for (const viewport of WIDTHS) {
  test(`Settings → AI model: test, save, remove (${viewport.width} px)`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`ai-settings-${viewport.name}`);
    await registerVerified(page.request, baseURL!, email);
    await signInWithApi(page, baseURL!, email);
    await page.goto('/profile/edit');
    const section = page.getByRole('region', { name: 'AI model' });
    await expect(
      section.getByText(
        'This server has no default model: without your own, rebuilds run offline.',
      ),
    ).toBeVisible();

    await section.getByLabel('Provider').selectOption('openai-compatible');
    await section.getByLabel('Model').fill('fake-vision');
    await section.getByLabel('Base URL').fill(MODEL_URL);
    await section.getByLabel('API key (optional)').fill('sk-wrong-key-000000000000');
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(section.getByText(/The API key was refused \(401\)/)).toBeVisible({
      timeout: 30_000,
    });

    await section.getByLabel('API key (optional)').fill(GOOD_KEY);
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(section.getByText(/Connected: fake-vision answered in \d+ ms\./)).toBeVisible({
      timeout: 30_000,
    });
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Saved. Your next rebuilds use this model.')).toBeVisible();
    await expect(section.getByText('A key is saved')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath(`ai-settings-${viewport.width}.png`) });
    expect(await hasHorizontalOverflow(page)).toBe(false);

    // After a reload: the model is there, the key is not (only that one is saved).
    await page.reload();
    await expect(section.getByText('A key is saved')).toBeVisible();
    await expect(section.getByText(/Your rebuilds use/)).toContainText('fake-vision');
    expect(await page.content()).not.toContain(GOOD_KEY);
    // The saved key is used when the form sends none.
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(section.getByText(/Connected: fake-vision/)).toBeVisible({ timeout: 30_000 });

    // The create form names the model and offers the project's switch for model-written text.
    await page.goto('/create-project');
    const additions = page.getByRole('checkbox', {
      name: /Let the model write the meta descriptions/,
    });
    await expect(additions).toBeChecked();
    await expect(page.getByText(/AI will review this rebuild with/)).toContainText('fake-vision');
    await page.screenshot({ path: testInfo.outputPath(`ai-create-${viewport.width}.png`) });
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.goto('/profile/edit');

    await section.getByRole('button', { name: 'Remove my model' }).click();
    await expect(section.getByText('Your model is removed.')).toBeVisible();
    await expect(section.getByLabel('Model')).toHaveValue('');
  });
}

test.describe('the report’s "What the AI did"', () => {
  let projectId: string;
  let email: string;
  let screenshots: string[];

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext();
    email = uniqueEmail('ai-report');
    await registerVerified(context.request, baseURL!, email);
    projectId = await createCompletedProject(context.request, baseURL!, 'Millers AI');
    const project = await (await context.request.get(`/api/projects/${projectId}`)).json();
    screenshots = project.report_summary.screenshots as string[];
    await context.close();
  });

  /**
   * The run's real report with an `ai` section when the engine wrote none (its model stages run only
   * with a model that answers them): crops point at the run's stored screenshots.
   */
  function toAiSection(): AiReport {
    const crop = (side: 'before' | 'after') =>
      screenshots.find((name) => name.startsWith(`${side}/`) && name.includes('desktop'))!;
    return {
      provider: 'openai-compatible',
      model: 'fake-vision',
      calls: { total: 6, cached: 1, failed: 1 },
      tokens_in: 18_400,
      tokens_out: 2_100,
      cost_usd: 0.0123,
      seconds: 9.4,
      notes: ['The model timed out once on /about: the offline result stayed.'],
      patches: [
        {
          route: '/',
          section: 'header',
          viewport: 'desktop',
          change: 'menu placement: below → beside the logo',
          reason: 'The original shows the menu to the right of the logo.',
          kept: true,
          why: 'position 0.71 → 0.86, nothing dropped',
          before: { block: 0.9, text: 1, position: 0.71, color: 0.8, visual: 0.6 },
          after: { block: 0.9, text: 1, position: 0.86, color: 0.8, visual: 0.66 },
          crops: { original: crop('before'), before: crop('after'), after: crop('after') },
        },
        {
          route: '/about',
          section: 'main > section:nth-of-type(2)',
          change: 'columns: 1 → 3',
          reason: 'Three cards side by side.',
          kept: false,
          why: 'visual 0.41 → 0.38 on /about',
          before: { block: 0.9, text: 1, position: 0.7, color: 0.8, visual: 0.41 },
          after: { block: 0.9, text: 1, position: 0.7, color: 0.8, visual: 0.38 },
        },
      ],
      written: [
        { route: '/', field: 'description', text: 'A family mill and bakery since 1952.' },
        { route: '/', field: 'alt', target: '/images/mill.jpg', text: 'The mill at dusk' },
      ],
    };
  }

  for (const viewport of WIDTHS) {
    test(`shows the patches, scores, crops and written strings (${viewport.width} px)`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.route(`**/api/projects/${projectId}/report`, async (route) => {
        const answer = await route.fetch();
        const report = await answer.json();
        await route.fulfill({
          response: answer,
          json: { ...report, ai: report.ai ?? toAiSection() },
        });
      });
      await signInWithApi(page, baseURL!, email);
      await page.goto('/dashboard');
      const card = page.locator(`[data-project-id="${projectId}"]`);
      await card.getByRole('button', { name: 'View report' }).click();
      const section = card.getByRole('region', { name: /What the AI did/ });
      await expect(section).toBeVisible();
      await expect(section.getByText('Kept', { exact: true })).toBeVisible();
      await expect(section.getByText('Rejected', { exact: true })).toBeVisible();
      await expect(section.getByText('written by the model')).toHaveCount(2);
      const crops = section.getByRole('img');
      await expect(crops.first()).toBeVisible();
      // The crops are served pictures, not broken images.
      for (const img of await crops.all()) {
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
          .toBeGreaterThan(0);
      }
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await section.screenshot({ path: testInfo.outputPath(`ai-report-${viewport.width}.png`) });
    });
  }
});
