import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { siteliftReportSchema, type SiteliftReport } from '@sitelift/shared/schemas/report';
import {
  PASSWORD,
  createCompletedProject,
  hasHorizontalOverflow,
  originHeaders,
  registerVerified,
  uniqueEmail,
} from './helpers';

// Issue 12 item 5: the compact report view of a real run (the real server, worker and engine on the
// fixture site, Lighthouse on as in production, measured after delivery) at 1440 and 375 px.

let projectId: string;
let report: SiteliftReport;
let email: string;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  email = uniqueEmail('report');
  await registerVerified(context.request, baseURL!, email);
  projectId = await createCompletedProject(context.request, baseURL!, 'Millers Report');
  // Lighthouse is measured after delivery (decision record 042): wait for its figures to join.
  await expect
    .poll(
      async () =>
        (await (await context.request.get(`/api/projects/${projectId}`)).json()).report_summary
          ?.lighthouse_status,
      { timeout: 150_000, intervals: [500] },
    )
    .toBe('done');
  const answer = await context.request.get(`/api/projects/${projectId}/report`);
  report = siteliftReportSchema.parse(await answer.json());
  await context.close();
});

async function openReport(page: Page, baseURL: string): Promise<{ card: Locator; panel: Locator }> {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: originHeaders(baseURL),
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await page.goto('/dashboard');
  const card = page.locator(`[data-project-id="${projectId}"]`);
  await card.getByRole('button', { name: 'View report' }).click();
  const panel = card.locator(`#report-${projectId}`);
  await expect(panel.getByRole('heading', { name: 'Fidelity' })).toBeVisible();
  return { card, panel };
}

/** The share of the viewport's height the report panel takes before anything is expanded. */
async function screensTall(page: Page, panel: Locator): Promise<number> {
  const box = await panel.boundingBox();
  return box!.height / page.viewportSize()!.height;
}

/** Whether an <img> loaded a real picture (a served screenshot, not a broken image). */
function isLoaded(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) =>
      (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`report view at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('fidelity first, a before/after slider per page, Lighthouse, grouped not-carried', async ({
      page,
      baseURL,
    }) => {
      const { card, panel } = await openReport(page, baseURL!);

      // Fidelity and identity checks at the top, or that this run did not measure them.
      const fidelity = panel.getByRole('region', { name: 'Fidelity' });
      if (report.fidelity) {
        const { block, text, position, color, visual } = report.fidelity.overall;
        const overall = `${Math.round(((block + text + position + color + visual) / 5) * 100)} %`;
        // The big figure beside its caption (a score bar below can show the same percentage).
        await expect(
          fidelity.locator('p', { hasText: 'overall, the mean of the five scores' }),
        ).toHaveText(`${overall}overall, the mean of the five scores`);
        await expect(card.getByText(`Fidelity ${overall}`)).toBeVisible();
        const passed = report.fidelity.identity.filter((check) => check.ok).length;
        await expect(
          fidelity.getByText(`${passed} of ${report.fidelity.identity.length} passed`),
        ).toBeVisible();
      } else {
        await expect(fidelity.getByText(/Not measured for this run/)).toBeVisible();
      }

      // The before/after of the start page: both real screenshots, and a keyboard-operable divider.
      const start = report.pages[0]!;
      const where = `${start.title || start.route} at desktop width`;
      const slider = panel.getByRole('slider', { name: `Compare ${where}` });
      await expect(slider).toBeVisible();
      const original = panel.getByRole('img', { name: `Original: ${where}` });
      const rebuild = panel.getByRole('img', { name: `Rebuild: ${where}` });
      await expect.poll(() => isLoaded(original)).toBe(true);
      await expect.poll(() => isLoaded(rebuild)).toBe(true);
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuenow', '55');
      await page.keyboard.press('Home');
      await expect(slider).toHaveAttribute('aria-valuetext', '0 % original, 100 % rebuild');

      // Compact: about 1.5 screens before anything is expanded, never wider than the screen.
      expect(await screensTall(page, panel)).toBeLessThanOrEqual(1.7);
      expect(await hasHorizontalOverflow(page)).toBe(false);

      // The per-page scores open on demand and stay within the screen: a table on a desktop, one
      // card per page on a phone (issue 22: six columns did not fit 375 px).
      if (report.fidelity && report.fidelity.routes.length > 0) {
        await fidelity.getByText(`Scores per page (${report.fidelity.routes.length})`).click();
        const header = fidelity.getByRole('columnheader', { name: 'Position' });
        if (viewport.width >= 640) await expect(header).toBeVisible();
        else {
          await expect(header).toBeHidden();
          const first = fidelity.getByRole('listitem').filter({ hasText: 'Position' }).first();
          await expect(first).toBeVisible();
          const box = (await first.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
        expect(await hasHorizontalOverflow(page)).toBe(false);
        // Sections by name for people, never a CSS selector ("body > nav.navbar 3 %").
        const weakest = report.fidelity.routes.flatMap((route) => route.worst_sections);
        const shown = await fidelity.innerText();
        for (const section of weakest) expect(shown).not.toContain(section.selector);
        expect(shown).not.toMatch(/\b(?:body|div|nav|section|header|main)(?:[.#][\w-]+)*\s*>/);
      }

      // Every page, at phone width too.
      await panel.getByRole('button', { name: /^Mobile/ }).click();
      const last = report.pages.at(-1)!;
      if (report.pages.length > 1) {
        await panel
          .getByRole('combobox', { name: `Page (${report.pages.length})` })
          .selectOption({ index: report.pages.length - 1 });
      }
      const mobileWhere = `${last.title || last.route} at mobile width`;
      await expect(panel.getByRole('slider', { name: `Compare ${mobileWhere}` })).toBeVisible();
      const mobileOriginal = panel.getByRole('img', { name: `Original: ${mobileWhere}` });
      // Compressed WebP (engine decision record 039).
      await expect(mobileOriginal).toHaveAttribute('src', /-mobile\.webp$/);
      await expect.poll(() => isLoaded(mobileOriginal)).toBe(true);

      // Lighthouse before/after of the start page (after every job).
      expect(report.lighthouse).toBeDefined();
      const performance = panel.getByRole('row', { name: /^Performance/ });
      await expect(performance).toContainText(String(report.lighthouse!.after.performance));

      // Not carried over: one row per kind and reason, the pages behind a click.
      const notCarried = panel.getByRole('heading', { name: /^Not carried over/ });
      await expect(notCarried).toBeVisible();
      if (report.not_carried.length > 0) {
        const kinds = new Set(report.not_carried.map((row) => row.kind));
        for (const kind of kinds) {
          await expect(panel.locator('summary').filter({ hasText: kind }).first()).toBeVisible();
        }
      } else {
        await expect(
          panel.getByText('Everything on the original pages was carried over.'),
        ).toBeVisible();
      }
      // Words for customers (issue 22): no log wording, no encoded paths.
      const words = await panel.innerText();
      expect(words).not.toContain('Skipped asset');
      expect(words).not.toMatch(/%[0-9A-F]{2}/i);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await panel.screenshot({ path: test.info().outputPath(`report-${viewport.width}.png`) });
    });
  });
}
