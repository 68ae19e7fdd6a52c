/**
 * Visual similarity per section (SSIM, ssim.js) of a before/after screenshot pair, weighted by the
 * sections' heights. Sections are full-width bands (a page's top-level blocks, LayoutSnapshot
 * `sections`) clipped to the screenshot. The original's and the rebuild's are aligned in order by
 * vertical position: a monotone alignment (the n-th original section pairs with a rebuild section
 * below the one the (n−1)-th paired with) that maximises Σ height × similarity. A pair is compared on
 * windows of the original section's height, both starting at their section's top: never stretched,
 * so a rebuilt section of another height shows as what the rebuild has in those rows; rows past the
 * bottom of the rebuild's screenshot count 0. An original section left without a partner is compared
 * with the rebuild's rows at the same place.
 */
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import type { SectionBand } from '../../../measure/layout-snapshot';

/** A decoded screenshot, scaled to the width SSIM runs at. */
export interface ScaledImage {
  /** RGBA. */
  data: Uint8ClampedArray;
  width: number;
  height: number;
  /** Scaled pixels per CSS pixel. */
  scale: number;
}

/** One section of the original at one viewport, with its similarity to its partner in the rebuild. */
export interface SectionScore {
  selector: string;
  /** Band of the original (CSS px, clipped to the screenshot). */
  original: { top: number; height: number };
  /** The rebuild's rows it was compared with (its partner's top, or its own place without one). */
  rebuilt: { top: number; height: number };
  /** SSIM clamped to 0..1 (rows the rebuild's screenshot does not reach count 0). */
  score: number;
}

/** Height-weighted similarity of the sections of one viewport, and the sections'. */
export interface ViewportSimilarity {
  score: number;
  sections: SectionScore[];
}

/** Widest image SSIM runs on (a 1440 px screenshot is scaled to a sixth; the phone's to 240 px). */
const SSIM_WIDTH = 240;
/**
 * ssim.js's Bezkrovny variant: SSIM over a grid of windows instead of a sliding one. On this 2-core
 * machine a 480 x 300 band took 7 ms instead of Weber's 81 ms (the default), which for 17 routes with
 * 7 sections each was the difference between ~1 s and ~30 s of verify.
 */
const SSIM_OPTIONS = { ssim: 'bezkrovny', downsample: false } as const;
/** Bands thinner than this (after clipping) are left out: SSIM's 11 px window needs room. */
const MIN_BAND_PX = 16;
/**
 * How far (in sections) the alignment may pair an original section from its own index or from the
 * same relative position in the rebuild's list (bounds the SSIM comparisons to about 5 per section).
 */
const ALIGNMENT_REACH = 2;

/** Decodes a PNG screenshot and scales it to at most SSIM_WIDTH wide. */
export async function toScaledImage(png: Uint8Array): Promise<ScaledImage> {
  const image = sharp(png);
  const { width = 0 } = await image.metadata();
  const targetWidth = Math.min(width, SSIM_WIDTH);
  const { data, info } = await image
    .resize({ width: targetWidth, kernel: 'linear' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    scale: width === 0 ? 1 : info.width / width,
  };
}

/** Rows `[top, top + height)` (scaled px) of an image, as a view (no copy). */
function toRows(image: ScaledImage, top: number, height: number): Uint8ClampedArray {
  const rowBytes = image.width * 4;
  return image.data.subarray(top * rowBytes, (top + height) * rowBytes);
}

/** The bands of `sections` inside the screenshot (CSS px); the whole screen when there are none. */
export function toVisibleBands(
  sections: SectionBand[],
  screenHeight: number,
): { selector: string; top: number; height: number }[] {
  const bands = sections
    .map((section) => {
      const top = Math.max(0, section.top);
      const bottom = Math.min(screenHeight, section.top + section.height);
      return { selector: section.selector, top, height: bottom - top };
    })
    .filter((band) => band.height >= MIN_BAND_PX);
  // Nested or overlapping bands (a fixed header over the hero) keep their own rows.
  return bands.length > 0 ? bands : [{ selector: 'body', top: 0, height: screenHeight }];
}

/**
 * SSIM of the original's rows `[band.top, band.top + band.height)` with the rebuild's as many rows
 * from `rebuiltTop` (CSS px); the part of the original's band the rebuild's screenshot does not reach
 * scores 0.
 */
function toWindowSimilarity(
  original: ScaledImage,
  band: { top: number; height: number },
  rebuilt: ScaledImage,
  rebuiltTop: number,
): number {
  const top1 = Math.min(original.height, Math.round(band.top * original.scale));
  const height1 = Math.min(original.height - top1, Math.round(band.height * original.scale));
  const image2 =
    rebuilt.width === original.width ? rebuilt : resampleWidth(rebuilt, original.width);
  const top2 = Math.min(image2.height, Math.round(rebuiltTop * original.scale));
  const height = Math.min(height1, image2.height - top2);
  if (height1 <= 0 || height < MIN_BAND_PX * original.scale) return 0;
  const { mssim } = ssim(
    { data: toRows(original, top1, height), width: original.width, height },
    { data: toRows(image2, top2, height), width: original.width, height },
    SSIM_OPTIONS,
  );
  return (Math.max(0, Math.min(1, mssim)) * height) / height1;
}

/** The image resampled (nearest column) to `width`; screenshots of one viewport never need it. */
function resampleWidth(image: ScaledImage, width: number): ScaledImage {
  const out = new Uint8ClampedArray(width * image.height * 4);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.floor((x * image.width) / width));
      for (let c = 0; c < 4; c++) {
        out[(y * width + x) * 4 + c] = image.data[(y * image.width + sx) * 4 + c]!;
      }
    }
  }
  return { data: out, width, height: image.height, scale: (image.scale * width) / image.width };
}

/**
 * Similarity of the rebuild's screenshot to the original's, section by section: the alignment in
 * order that maximises Σ height × SSIM, then Σ height × SSIM / Σ height over the original's sections.
 */
export function toViewportSimilarity(
  original: { image: ScaledImage; sections: SectionBand[] },
  rebuilt: { image: ScaledImage; sections: SectionBand[] },
): ViewportSimilarity {
  const screen1 = Math.round(original.image.height / original.image.scale);
  const screen2 = Math.round(rebuilt.image.height / rebuilt.image.scale);
  const bands1 = toVisibleBands(original.sections, screen1);
  const bands2 = toVisibleBands(rebuilt.sections, screen2);
  const n = bands1.length;
  const m = bands2.length;
  const similarity: (number | undefined)[][] = bands1.map(() => new Array<number>(m));
  const pairScore = (i: number, j: number): number => {
    const row = similarity[i]!;
    row[j] ??= toWindowSimilarity(original.image, bands1[i]!, rebuilt.image, bands2[j]!.top);
    return row[j];
  };
  const reach = (i: number, j: number) =>
    Math.abs(Math.round((i * Math.max(1, m - 1)) / Math.max(1, n - 1)) - j) <= ALIGNMENT_REACH ||
    Math.abs(i - j) <= ALIGNMENT_REACH;
  // best[i][j]: the best weighted sum for the first i original and the first j rebuilt bands.
  const best = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      let value = Math.max(best[i - 1]![j]!, best[i]![j - 1]!);
      if (reach(i - 1, j - 1)) {
        value = Math.max(
          value,
          best[i - 1]![j - 1]! + bands1[i - 1]!.height * pairScore(i - 1, j - 1),
        );
      }
      best[i]![j] = value;
    }
  }
  const partner = new Array<number | undefined>(n);
  for (let i = n, j = m; i > 0 && j > 0;) {
    const here = best[i]![j]!;
    if (here === best[i - 1]![j]) i -= 1;
    else if (here === best[i]![j - 1]) j -= 1;
    else {
      partner[i - 1] = j - 1;
      i -= 1;
      j -= 1;
    }
  }
  const sections = bands1.map((band, i): SectionScore => {
    const j = partner[i];
    const top = j === undefined ? band.top : bands2[j]!.top;
    return {
      selector: band.selector,
      original: { top: band.top, height: band.height },
      rebuilt: { top, height: Math.max(0, Math.min(band.height, screen2 - top)) },
      score:
        j === undefined
          ? toWindowSimilarity(original.image, band, rebuilt.image, band.top)
          : pairScore(i, j),
    };
  });
  const totalHeight = sections.reduce((sum, section) => sum + section.original.height, 0);
  const score =
    totalHeight === 0
      ? 0
      : sections.reduce((sum, section) => sum + section.original.height * section.score, 0) /
        totalHeight;
  return { score, sections };
}

/** A PNG of a band of a screenshot (CSS px), at most `maxWidth` wide: a crop for the report. */
export async function cropBand(
  png: Uint8Array,
  band: { top: number; height: number },
  maxWidth = 720,
): Promise<Uint8Array> {
  const image = sharp(png);
  const { width = 1, height = 1 } = await image.metadata();
  const top = Math.max(0, Math.min(height - 1, Math.round(band.top)));
  const bandHeight = Math.max(1, Math.min(height - top, Math.round(band.height)));
  const bytes = await image
    .extract({ left: 0, top, width, height: bandHeight })
    .resize({ width: Math.min(width, maxWidth) })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(bytes);
}
