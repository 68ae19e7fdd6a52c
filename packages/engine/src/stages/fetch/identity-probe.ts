/**
 * The identity probe (issue 12): TypeScript evaluated in the rendered page, before its HTML is read,
 * that reads what only a browser knows — computed colours, the families in use, where things sit —
 * and returns a PageProbe (measure/page-probe.ts, whose schema fetch checks the answer with). It
 * also marks the DOM (measure/probe-marks.ts: brand, main menu, links drawn as buttons, columns of
 * repeated items, sidebars, rows, entry screens, dialogs) so that extract, which reads the HTML with
 * parse5, finds them without a browser of its own.
 *
 * The script is browser/in-page/identity-probe/, one module per concern, bundled into one
 * expression on first use (browser/in-page-script.ts).
 */
import type { Page } from 'playwright-core';
import { inPageScript } from '../../browser/in-page-script';
import { resizeToMobile } from '../../browser/screenshots';
import { pageProbeSchema, type PageProbe } from '../../measure/page-probe';
import { probedPhoneHeaderSchema, type ProbedPhoneHeader } from '../../model/probed-typography';

/** The probe as one expression for `page.evaluate`: its value is the page's PageProbe (or undefined without a body). */
export function identityProbeScript(): string {
  return `(${inPageScript('identity-probe/index.ts')})()`;
}

/**
 * Runs the probe in a loaded page and checks its answer with the PageProbe schema (a ZodError when
 * the page's scripts made it answer what no probe writes); undefined for a document without a body.
 */
export async function readPageProbe(page: Page): Promise<PageProbe | undefined> {
  const answer = await page.evaluate<unknown>(identityProbeScript());
  return answer === undefined ? undefined : pageProbeSchema.parse(answer);
}

/** The phone's header reading as one expression for `page.evaluate` (see readPhoneHeader). */
export function phoneHeaderScript(): string {
  return `(${inPageScript('identity-probe/phone-header.ts')})()`;
}

/**
 * Resizes a probed page to the phone's width and reads the band that opens it there (issue 23:
 * the rebuild's phone header takes its height); undefined when the page does not answer. Run after
 * the probe (it reads the probe's marks) and after the page's HTML and desktop screenshot are taken.
 */
export async function readPhoneHeader(page: Page): Promise<ProbedPhoneHeader | undefined> {
  await resizeToMobile(page);
  const answer = await page.evaluate<unknown>(phoneHeaderScript());
  return answer === undefined ? undefined : probedPhoneHeaderSchema.parse(answer);
}

/** The probe's answer with the phone's header added to its type scale (its last key). */
export function withPhoneHeader(
  probe: PageProbe,
  phoneHeader: ProbedPhoneHeader | undefined,
): PageProbe {
  if (!phoneHeader || !probe.typography) return probe;
  return { ...probe, typography: { ...probe.typography, phoneHeader } };
}
