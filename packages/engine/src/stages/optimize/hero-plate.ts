/**
 * How dark a plate a hero's picture needs under its white words (decision record 108). The rebuild
 * lays a black plate over a backdrop picture so its white headline reads on any photo; a fixed 60 %
 * plate darkened pictures that were already dark enough, so the first screen looked nothing like
 * the original's. Here the picture itself is read where the words sit (the middle of the picture,
 * where a centred hero's words fall at any screen width once it is cropped to cover the section),
 * under the original's overlay colour when it had one, and the plate is the least (in steps of
 * PLATE_STEP) that gives white words WCAG AA contrast (MIN_CONTRAST) over nearly all of it
 * (BRIGHT_SHARE: the brightest parts count, not the average).
 */
import sharp from 'sharp';
import { converter, parse } from 'culori';
import type { PlannedAsset, SitePlan } from '../../model';

/** The darkest plate laid (as before this rule): also the answer when the picture can't be read. */
export const MAX_PLATE = 0.6;
/** The plate's steps (alpha). */
const PLATE_STEP = 0.05;
/** WCAG AA for normal text: white words must reach it over the picture's brightest parts. */
const MIN_CONTRAST = 4.5;
/** The share of the picture under the words allowed brighter than the contrast's bound. */
const BRIGHT_SHARE = 0.05;
/** The part of the picture the words sit on: its middle, this share of its width and height. */
const WORDS_WIDTH = 0.6;
const WORDS_HEIGHT = 0.5;
/** Width (px) the picture is read at. */
const SAMPLE_WIDTH = 160;
const MAX_INPUT_PIXELS = 50_000_000;

function toLinear(channel: number): number {
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an sRGB colour, channels 0..1. */
function toLuminance(r: number, g: number, b: number): number {
  return 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
}

/** White's contrast over a luminance. */
const whiteContrast = (luminance: number) => 1.05 / (luminance + 0.05);

/**
 * The plate (black's alpha, 0..MAX_PLATE) white words need over these pixels (RGB(A), 0..255),
 * with the overlay colour (sRGB 0..1 and its alpha) laid over them first.
 */
export function toPlate(
  pixels: Uint8Array | Uint8ClampedArray,
  channels: number,
  overlay?: { r: number; g: number; b: number; alpha: number },
): number {
  const colours: [number, number, number][] = [];
  for (let i = 0; i + 2 < pixels.length; i += channels) {
    let r = pixels[i]! / 255;
    let g = pixels[i + 1]! / 255;
    let b = pixels[i + 2]! / 255;
    if (overlay) {
      const a = overlay.alpha;
      r = r * (1 - a) + overlay.r * a;
      g = g * (1 - a) + overlay.g * a;
      b = b * (1 - a) + overlay.b * a;
    }
    colours.push([r, g, b]);
  }
  if (colours.length === 0) return MAX_PLATE;
  const steps = Math.round(MAX_PLATE / PLATE_STEP);
  for (let step = 0; step <= steps; step++) {
    const plate = step * PLATE_STEP;
    const keep = 1 - plate;
    const luminances = colours
      .map(([r, g, b]) => toLuminance(r * keep, g * keep, b * keep))
      .sort((x, y) => x - y);
    const bright =
      luminances[
        Math.min(luminances.length - 1, Math.floor(luminances.length * (1 - BRIGHT_SHARE)))
      ]!;
    if (whiteContrast(bright) >= MIN_CONTRAST) return Math.round(plate * 100) / 100;
  }
  return MAX_PLATE;
}

const toRgb = converter('rgb');

/** The overlay colour as sRGB 0..1 and alpha, when it parses. */
function toOverlay(css: string | undefined) {
  const parsed = css ? parse(css) : undefined;
  const rgb = parsed ? toRgb(parsed) : undefined;
  if (!rgb) return undefined;
  return { r: rgb.r, g: rgb.g, b: rgb.b, alpha: rgb.alpha ?? 1 };
}

/** The plate a picture's bytes need under a centred hero's words; MAX_PLATE when it can't be read. */
export async function measurePlate(body: Uint8Array, overlayCss?: string): Promise<number> {
  try {
    const { data, info } = await sharp(body, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: SAMPLE_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#111111' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const width = Math.max(1, Math.round(info.width * WORDS_WIDTH));
    const height = Math.max(1, Math.round(info.height * WORDS_HEIGHT));
    const left = Math.floor((info.width - width) / 2);
    const top = Math.floor((info.height - height) / 2);
    const rows = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      const start = ((top + y) * info.width + left) * 3;
      rows.set(data.subarray(start, start + width * 3), y * width * 3);
    }
    return toPlate(rows, 3, toOverlay(overlayCss));
  } catch {
    return MAX_PLATE;
  }
}

/**
 * The plan with each hero backdrop's plate measured on its picture (a picture band shown whole
 * takes none; a picture the plan does not host keeps the darkest plate).
 */
export async function withHeroPlates(plan: SitePlan): Promise<SitePlan> {
  const bySrc = new Map<string, PlannedAsset>(
    plan.assets.map((asset) => [`/${asset.path}`, asset]),
  );
  let changed = false;
  const pages = await Promise.all(
    plan.pages.map(async (page) => {
      if (!page.sections.some((s) => s.backdrop && s.backdrop.shownHeight === undefined))
        return page;
      const sections = await Promise.all(
        page.sections.map(async (section) => {
          const backdrop = section.backdrop;
          if (!backdrop || backdrop.shownHeight !== undefined) return section;
          const asset = bySrc.get(backdrop.image.src);
          if (!asset) return section;
          const plate = await measurePlate(asset.body, backdrop.overlay);
          if (plate >= MAX_PLATE) return section;
          changed = true;
          return { ...section, backdrop: { ...backdrop, plate } };
        }),
      );
      return { ...page, sections };
    }),
  );
  return changed ? { ...plan, pages } : plan;
}
