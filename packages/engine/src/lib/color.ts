/**
 * Colour parsing and WCAG contrast arithmetic (sRGB, WCAG 2.x relative luminance), on culori: a
 * maintained implementation of CSS Color 4 instead of a hand-kept table of 48 of CSS's 148 names.
 */
import { converter, parse, wcagContrast, wcagLuminance, type Color } from 'culori';

/** An sRGB colour with channels 0..255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const toRgbMode = converter('rgb');
const toHslMode = converter('hsl');

/**
 * Parses a CSS or legacy attribute colour (every CSS Color 4 syntax culori knows: all 148 names,
 * #rgb(a), #rrggbb(aa), rgb()/hsl() old and new syntax, hwb(), lab(), oklch()..., and the bare hex of
 * old `bgcolor="ffcc00"` attributes); undefined when it is not a colour or is fully transparent.
 */
export function parseColor(input: string): Rgb | undefined {
  const value = input
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, '');
  if (!value) return undefined;
  // Legacy HTML colour attributes often omit the '#'; CSS does not know that spelling.
  let parsed: Color | undefined;
  try {
    parsed = parse(/^[0-9a-f]{6}$/.test(value) ? `#${value}` : value);
  } catch {
    // culori's tokenizer throws on some malformed values (old hand-written CSS): not a colour.
    return undefined;
  }
  if (parsed === undefined || parsed.alpha === 0) return undefined;
  const { r, g, b } = toRgbMode(parsed);
  return { r: clamp(r * 255), g: clamp(g * 255), b: clamp(b * 255) };
}

/**
 * A computed colour's opacity, 0..1, in any syntax culori knows (`rgba(…, a)`, `rgb(… / a)`,
 * `oklab(… / a)`, `#rrggbbaa`); 1 when it has none, 0 when it is not a colour.
 */
export function alphaOf(input: string): number {
  try {
    const parsed = parse(input.trim().toLowerCase());
    return parsed === undefined ? 0 : Math.min(1, Math.max(0, parsed.alpha ?? 1));
  } catch {
    return 0;
  }
}

/** `color` at opacity `alpha` over `ground`. */
export function over(color: Rgb, alpha: number, ground: Rgb): Rgb {
  const mix = (a: number, b: number): number => Math.round(a * alpha + b * (1 - alpha));
  return { r: mix(color.r, ground.r), g: mix(color.g, ground.g), b: mix(color.b, ground.b) };
}

/** A computed colour as it shows over `ground` (a translucent fill lets the ground through). */
export function toOpaque(value: string | undefined, ground: Rgb): Rgb | undefined {
  const color = value ? parseColor(value) : undefined;
  return color && over(color, alphaOf(value!), ground);
}

function clamp(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}

function toCulori({ r, g, b }: Rgb): Color {
  return { mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 };
}

/** `#rrggbb`. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => clamp(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Hue (0..360), saturation and lightness (0..1). */
export function toHsl(color: Rgb): { h: number; s: number; l: number } {
  const { h, s, l } = toHslMode(toCulori(color));
  return { h: h ?? 0, s, l };
}

/** From hue (degrees), saturation and lightness (0..1). */
export function fromHsl(h: number, s: number, l: number): Rgb {
  const { r, g, b } = toRgbMode({ mode: 'hsl', h: ((h % 360) + 360) % 360, s, l });
  return { r: clamp(r * 255), g: clamp(g * 255), b: clamp(b * 255) };
}

/** WCAG relative luminance. */
export function luminance(color: Rgb): number {
  return wcagLuminance(toCulori(color));
}

/** WCAG contrast ratio (1..21). */
export function contrast(a: Rgb, b: Rgb): number {
  return wcagContrast(toCulori(a), toCulori(b));
}

/** Darkens (or lightens) `color` in HSL lightness until it reaches `ratio` against `against`. */
export function ensureContrast(color: Rgb, against: Rgb, ratio: number): Rgb {
  if (contrast(color, against) >= ratio) return color;
  const { h, s, l } = toHsl(color);
  const darker = luminance(against) > 0.5;
  for (let step = 1; step <= 100; step++) {
    const next = darker ? l - (l * step) / 100 : l + ((1 - l) * step) / 100;
    const candidate = fromHsl(h, s, next);
    if (contrast(candidate, against) >= ratio) return candidate;
  }
  return darker ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
}
