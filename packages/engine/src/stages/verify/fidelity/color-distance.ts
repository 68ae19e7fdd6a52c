/**
 * Colour distance in CIEDE2000 (culori), on computed CSS colours: Chromium reports `rgb()`, `rgba()`
 * and, for Tailwind v4's palette, `oklch()`; culori reads all of them.
 */
import { converter, differenceCiede2000, formatHex, parse, type Rgb } from 'culori';

const toRgb = converter('rgb');
const ciede2000 = differenceCiede2000();

/**
 * A CSS colour as opaque sRGB: a translucent colour is composited over `over` (default white), as
 * the eye sees it; undefined when it does not parse.
 */
export function toOpaqueRgb(css: string, over?: string): Rgb | undefined {
  const parsed = parse(css.trim());
  if (parsed === undefined) return undefined;
  const color = toRgb(parsed);
  const alpha = color.alpha ?? 1;
  if (alpha >= 1) return { mode: 'rgb', r: color.r, g: color.g, b: color.b };
  const base = (over === undefined ? undefined : toOpaqueRgb(over)) ?? {
    mode: 'rgb',
    r: 1,
    g: 1,
    b: 1,
  };
  const mix = (top: number, bottom: number) => top * alpha + bottom * (1 - alpha);
  return { mode: 'rgb', r: mix(color.r, base.r), g: mix(color.g, base.g), b: mix(color.b, base.b) };
}

/** ΔE2000 between two CSS colours (translucent ones over their backgrounds); undefined if one does not parse. */
export function toDeltaE(
  a: string,
  b: string,
  backgrounds: { a?: string; b?: string } = {},
): number | undefined {
  const first = toOpaqueRgb(a, backgrounds.a);
  const second = toOpaqueRgb(b, backgrounds.b);
  if (first === undefined || second === undefined) return undefined;
  return ciede2000(first, second);
}

/** Design2Code's colour similarity: max(0, 1 − ΔE2000 / 100); 0 when a colour does not parse. */
export function toColorSimilarity(
  a: string,
  b: string,
  backgrounds: { a?: string; b?: string } = {},
): number {
  const distance = toDeltaE(a, b, backgrounds);
  return distance === undefined ? 0 : Math.max(0, 1 - distance / 100);
}

/** `#rrggbb` of a CSS colour (translucent ones over white), or the input when it does not parse. */
export function toHexColor(css: string): string {
  const rgb = toOpaqueRgb(css);
  return rgb === undefined ? css : formatHex(rgb);
}
