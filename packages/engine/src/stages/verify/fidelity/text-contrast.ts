/**
 * The contrast of words drawn over a picture (issue 23, "never worse": body text under 4.5:1 over a
 * picture), read on the page's 1440 px screenshot: the layout collector marks the blocks of the
 * first screen with a picture under them (`overPicture`); their background is the pixels of the
 * block's box farthest from the text colour (the glyphs cover well under half of a line's box).
 */
import sharp from 'sharp';
import type { LayoutSnapshot } from '../../../measure/layout-snapshot';
import { toOpaqueRgb } from './color-distance';

/** The share of the background pixels taken as its darkest (or lightest) parts: the worst case. */
const WORST_SHARE = 0.2;

function toLinear(channel: number): number {
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an sRGB colour, channels 0..1. */
export function toLuminance(r: number, g: number, b: number): number {
  return 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
}

/** WCAG contrast ratio of two luminances. */
export function toContrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The contrast of the text colour against the background pixels of a box: the pixels farther
 * from the text colour than the median are the background, and of their contrasts the one at
 * {@link WORST_SHARE} from the bottom is the box's (a busy photo reads as badly as its worst parts).
 */
export function toBoxContrast(
  text: { r: number; g: number; b: number },
  pixels: Uint8Array,
  channels: number,
): number | undefined {
  const textLuminance = toLuminance(text.r, text.g, text.b);
  const samples: { distance: number; contrast: number }[] = [];
  for (let i = 0; i + 2 < pixels.length; i += channels) {
    const r = pixels[i]! / 255;
    const g = pixels[i + 1]! / 255;
    const b = pixels[i + 2]! / 255;
    samples.push({
      distance: (r - text.r) ** 2 + (g - text.g) ** 2 + (b - text.b) ** 2,
      contrast: toContrast(textLuminance, toLuminance(r, g, b)),
    });
  }
  if (samples.length === 0) return undefined;
  samples.sort((a, b) => a.distance - b.distance);
  const background = samples
    .slice(Math.floor(samples.length / 2))
    .map((sample) => sample.contrast)
    .sort((a, b) => a - b);
  return background[Math.floor(background.length * WORST_SHARE)];
}

/** The words of a page's first screen drawn over a picture, with their contrast on its screenshot. */
export async function measureTextOverPictures(
  png: Uint8Array,
  page: LayoutSnapshot,
): Promise<{ text: string; contrast: number }[]> {
  const blocks = page.blocks.filter(
    (block) => block.overPicture === true && block.box.y < page.viewport.height,
  );
  if (blocks.length === 0) return [];
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scale = info.width / page.viewport.width;
  const measured: { text: string; contrast: number }[] = [];
  for (const block of blocks) {
    const color = toOpaqueRgb(block.color, block.background);
    if (color === undefined) continue;
    const left = Math.max(0, Math.floor(block.box.x * scale));
    const top = Math.max(0, Math.floor(block.box.y * scale));
    const right = Math.min(info.width, Math.ceil((block.box.x + block.box.width) * scale));
    const bottom = Math.min(info.height, Math.ceil((block.box.y + block.box.height) * scale));
    if (right <= left || bottom <= top) continue;
    const pixels = new Uint8Array((right - left) * (bottom - top) * info.channels);
    for (let y = top; y < bottom; y++) {
      const start = (y * info.width + left) * info.channels;
      pixels.set(
        data.subarray(start, start + (right - left) * info.channels),
        (y - top) * (right - left) * info.channels,
      );
    }
    const contrast = toBoxContrast(color, pixels, info.channels);
    if (contrast !== undefined) measured.push({ text: block.text, contrast });
  }
  return measured;
}
