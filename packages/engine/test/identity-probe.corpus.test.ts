import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCorpusDir, readCorpusManifest, serveCorpusSite } from '../bench/corpus';
import { findChromePath, launchChromium } from '../src/browser/chromium';
import { UNSEEN_RESOURCE_TYPES } from '../src/browser/guarded-routing';
import { DESKTOP_VIEWPORT, resizeToMobile } from '../src/browser/screenshots';
import { pageProbeSchema } from '../src/measure/page-probe';
import { probedPhoneHeaderSchema } from '../src/model/probed-typography';
import { PROBE_MARKS } from '../src/measure/probe-marks';
import { identityProbeScript, phoneHeaderScript } from '../src/stages/fetch/identity-probe';

/**
 * The identity probe on every corpus site (issue 21): what it answers on the start page and two more
 * pages of each site parses with the PageProbe schema, and parsing hands it back unchanged (no key
 * dropped, none reordered: a saved RawSite stays the same). One Chromium, loopback only.
 */
const PAGES_PER_SITE = 3;
const SKIPPED_RESOURCE_TYPES = new Set([...UNSEEN_RESOURCE_TYPES, 'image', 'font']);

const manifest = readCorpusManifest();
const chromePath = await findChromePath();
const skipReason =
  manifest === undefined
    ? `the corpus is missing at ${getCorpusDir()} (set CORPUS_DIR)`
    : chromePath === undefined
      ? 'Chromium is missing (set CHROME_PATH)'
      : undefined;

if (skipReason !== undefined) {
  describe('the identity probe on the corpus', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
} else {
  describe('the identity probe on the corpus', () => {
    let browser: Browser;
    let context: BrowserContext;

    beforeAll(async () => {
      browser = await launchChromium({ executablePath: chromePath });
      context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, serviceWorkers: 'block' });
      // The sites' CDN links and trackers never leave the machine; pictures and fonts are not
      // loaded, as fetch does not when it takes no screenshots.
      await context.route('**', (route) =>
        new URL(route.request().url()).hostname === '127.0.0.1' &&
        !SKIPPED_RESOURCE_TYPES.has(route.request().resourceType())
          ? route.continue()
          : route.abort(),
      );
    });
    afterAll(async () => {
      await browser?.close();
    });

    for (const site of manifest ?? []) {
      const pages = [site.entry, ...site.pages.filter((page) => page !== site.entry)].slice(
        0,
        PAGES_PER_SITE,
      );
      it(`${site.name}: ${pages.join(', ')}`, async () => {
        const { server, startUrl } = await serveCorpusSite(site);
        try {
          for (const path of pages) {
            const page = await context.newPage();
            try {
              await page.goto(new URL(path, startUrl).href, { waitUntil: 'load', timeout: 60_000 });
              const answer: unknown = await page.evaluate(identityProbeScript());
              const parsed = pageProbeSchema.safeParse(answer);
              expect(parsed.error, `${site.name}/${path}`).toBeUndefined();
              expect(JSON.stringify(parsed.data), `${site.name}/${path}`).toBe(
                JSON.stringify(answer),
              );
              // The probe marks the body's alignment whenever it ran to the end.
              const align: unknown = await page.evaluate(
                `document.body.getAttribute(${JSON.stringify(PROBE_MARKS.align)})`,
              );
              expect(['left', 'center'], `${site.name}/${path}`).toContain(align);
              // The header at a phone's width, read after the probe (fetch adds it to the answer).
              await resizeToMobile(page);
              const phone: unknown = await page.evaluate(phoneHeaderScript());
              expect(JSON.stringify(probedPhoneHeaderSchema.parse(phone))).toBe(
                JSON.stringify(phone),
              );
            } finally {
              await page.close();
            }
          }
        } finally {
          await server.close();
        }
      });
    }
  });
}
