/**
 * A page's title band (issue 23): the band the original drew its first heading in at the top of the
 * page (PROBE_MARKS.titleBand, browser/in-page/identity-probe/title-band.ts), as a TitleBand on the
 * section that heading opens: its height, its fill (hex, with its opacity over a picture), the
 * picture it shows when fetch downloaded it, and the heading's size, colour (readable on the band)
 * and alignment.
 */
import { z } from 'zod';
import type { ImageRef, Section, TitleBand } from '../../model';
import { plainText } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { alphaOf, contrast, ensureContrast, parseColor, toHex, type Rgb } from '../../lib/color';
import type { AssetIndex } from './walk-content';
import type { Node } from './dom';
import { collapse, findElement, getAttr } from './dom';

const measuredSchema = z.object({
  words: z.string(),
  height: z.number(),
  fill: z.string().optional(),
  image: z.string().optional(),
  size: z.number(),
  color: z.string(),
  align: z.string(),
});

/** The band's height (px) is kept between these. */
const MIN_HEIGHT = 80;
const MAX_HEIGHT = 480;
/** The heading's size (px) is kept between these. */
const MIN_SIZE = 14;
const MAX_SIZE = 72;
/** A heading over a picture reads at least this well against the band's colour (large text). */
const READABLE = 3;
/** A picture under a fill this opaque or more hardly shows: the band is its fill alone. */
const HIDDEN_ALPHA = 0.95;

const key = (text: string): string => collapse(text).toLowerCase();

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Math.round(value)));

/** The mark's JSON as a TitleBand and the words it matches; undefined when unreadable or drawn on nothing. */
export function toTitleBand(
  value: string,
  assets: AssetIndex,
): { words: string; band: TitleBand } | undefined {
  let parsed;
  try {
    parsed = measuredSchema.safeParse(JSON.parse(value));
  } catch {
    return undefined;
  }
  if (!parsed.success) return undefined;
  const measured = parsed.data;
  const band: TitleBand = { height: clamp(measured.height, MIN_HEIGHT, MAX_HEIGHT) };
  const fill = measured.fill ? parseColor(measured.fill) : undefined;
  const alpha = measured.fill ? alphaOf(measured.fill) : 0;
  // Only a downloaded picture can be shipped; under an opaque fill it does not show.
  const asset = measured.image && alpha < HIDDEN_ALPHA ? assets.get(measured.image) : undefined;
  if (measured.image && asset) {
    const image: ImageRef = { src: measured.image, alt: '', asset: measured.image };
    if (asset.width !== undefined) image.width = asset.width;
    if (asset.height !== undefined) image.height = asset.height;
    band.image = image;
  }
  if (!fill && !band.image) return undefined;
  if (fill) {
    band.fill = toHex(fill);
    if (band.image && alpha < 1) band.opacity = Math.round(alpha * 100) / 100;
  }
  if (measured.size > 0) band.size = clamp(measured.size, MIN_SIZE, MAX_SIZE);
  const color = parseColor(measured.color);
  // On a picture the words are read against the fill laid over it, else against black.
  const ground: Rgb = fill ?? { r: 0, g: 0, b: 0 };
  if (color)
    band.color = toHex(
      contrast(color, ground) >= READABLE ? color : ensureContrast(color, ground, READABLE),
    );
  if (measured.align === 'center') band.align = 'center';
  return { words: measured.words, band };
}

/**
 * Gives the section opened by the heading the original drew in its title band that band, matched
 * by the heading's words as shown; at most one band a page.
 */
export function markTitleBand(sections: Section[], document: Node, assets: AssetIndex): void {
  const element = findElement(document, (e) => getAttr(e, PROBE_MARKS.titleBand) !== undefined);
  const value = element && getAttr(element, PROBE_MARKS.titleBand);
  const found = value ? toTitleBand(value, assets) : undefined;
  if (!found) return;
  const words = key(found.words);
  const section = sections.find(
    (s) => s.heading && !s.heading.visuallyHidden && key(plainText(s.heading.inlines)) === words,
  );
  if (section) section.titleBand = found.band;
}
