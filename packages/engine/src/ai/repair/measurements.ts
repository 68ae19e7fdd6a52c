/**
 * What the repair loop reads of a verify report: one route's measurement for the judge, the checks
 * that fail, and the pictures of a route the model is shown.
 */
import sharp from 'sharp';
import type { VerifyReport } from '../../types';
import type { AiImage } from '../types';
import type { RouteMeasurement } from './decide';

/** Each identity and "never worse" check by name (`identity:logo`, `never_worse:picture_twice`). */
export function toChecks(verify: VerifyReport): Record<string, boolean> {
  const checks: Record<string, boolean> = {};
  for (const check of verify.fidelity?.identity ?? []) checks[`identity:${check.check}`] = check.ok;
  for (const check of verify.fidelity?.neverWorse ?? [])
    checks[`never_worse:${check.check}`] = check.ok;
  return checks;
}

/** One route's measurement in a verify report. */
export function measureRoute(verify: VerifyReport, route: string): RouteMeasurement {
  const scores = verify.fidelity?.routes.find((entry) => entry.route === route);
  return {
    build: verify.build.ok,
    missingText: verify.missingText
      .filter((entry) => entry.route === route)
      .map((entry) => entry.text),
    ...(scores === undefined
      ? {}
      : {
          scores: {
            block: scores.block,
            text: scores.text,
            position: scores.position,
            color: scores.color,
            visual: scores.visual,
          },
        }),
    checks: toChecks(verify),
  };
}

/** The checks that fail, with what was found, one line each (for the model). */
export function describeFailedChecks(verify: VerifyReport): string[] {
  return [
    ...(verify.fidelity?.identity ?? []).map((check) => ({ ...check, group: 'identity' })),
    ...(verify.fidelity?.neverWorse ?? []).map((check) => ({ ...check, group: 'never worse' })),
  ]
    .filter((check) => !check.ok)
    .map(
      (check) =>
        `${check.group} check ${check.check} fails: found ${check.found}${check.expected === undefined ? '' : `, expected ${check.expected}`}`,
    );
}

/** Tallest part of a page screenshot shown to the model (CSS px at 1440 px): its first screens. */
const PAGE_TOP_PX = 1600;
/** Pictures are shown to the model at most this wide (tokens). */
const MODEL_IMAGE_WIDTH = 720;

/** A screenshot or crop as the model sees it: at most 720 px wide, at most its first screens. */
export async function toModelImage(bytes: Uint8Array): Promise<AiImage> {
  const image = sharp(bytes);
  const { width = 1, height = 1 } = await image.metadata();
  const cut = Math.min(height, Math.round((PAGE_TOP_PX * width) / 1440));
  const png = await image
    .extract({ left: 0, top: 0, width, height: Math.max(1, cut) })
    .resize({ width: Math.min(width, MODEL_IMAGE_WIDTH) })
    .png()
    .toBuffer();
  return { data: new Uint8Array(png), mediaType: 'image/png' };
}

/** A route's section the model is shown: its crops when verify cropped it, else the page's top. */
export interface ShownSection {
  selector: string;
  viewport: 'desktop' | 'mobile';
  score?: number;
  /** Names among the report's screenshots: the original's and the rebuild's. */
  original: string;
  rebuilt: string;
}

/**
 * What the model is shown of a route: its worst cropped section, else its two desktop screenshots.
 * `slug` is the route's screenshot name (`about` for `/about`).
 */
export function pickShownSection(
  verify: VerifyReport,
  route: string,
  slug: string,
): ShownSection | undefined {
  const worst = verify.fidelity?.routes
    .find((entry) => entry.route === route)
    ?.worstSections.find((section) => section.crops !== undefined);
  if (worst?.crops !== undefined && worst.crops.before in verify.screenshots)
    return {
      selector: worst.selector,
      viewport: worst.viewport,
      score: worst.score,
      original: worst.crops.before,
      rebuilt: worst.crops.after,
    };
  const names = Object.keys(verify.screenshots);
  const original = names.find((name) => name.startsWith(`before/${slug}-desktop.`));
  const rebuilt = names.find((name) => name.startsWith(`after/${slug}-desktop.`));
  if (original === undefined || rebuilt === undefined) return undefined;
  return { selector: 'body', viewport: 'desktop', original, rebuilt };
}
