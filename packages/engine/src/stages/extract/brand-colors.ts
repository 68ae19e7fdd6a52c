/**
 * The site's colours with the role each plays (issue 12), from the identity probe's computed styles:
 * the primary colour is the one its calls to action are filled with, not the most frequent colour of
 * its CSS; a dark page background makes the scheme dark.
 */
import { luminance, parseColor, toHex, toHsl, toOpaque, type Rgb } from '../../lib/color';
import type { BrandColors } from '../../model';
import type { PageProbe } from '../../types';

/** Colours with roles and the light or dark scheme they make. */
export interface ProbedBrand {
  colors: BrandColors;
  scheme: 'light' | 'dark';
}

/** Page backgrounds darker than this (WCAG relative luminance) make a dark scheme. */
const DARK_LUMINANCE = 0.18;

/** True for a colour a brand is made of: saturated, neither near-black nor near-white. */
export function isChromatic(color: Rgb): boolean {
  const { s, l } = toHsl(color);
  return s >= 0.25 && l >= 0.15 && l <= 0.9;
}

function hueDistance(a: Rgb, b: Rgb): number {
  const distance = Math.abs(toHsl(a).h - toHsl(b).h);
  return Math.min(distance, 360 - distance);
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** The browser's own link colours (unvisited, visited): what a site shows when it styled none. */
const BROWSER_LINK_COLORS = new Set(['#0000ee', '#551a8b']);

/** Colours with roles from a probe; `fallback` (the CSS scan's) fills the roles the page left open. */
export function toProbedBrand(probe: PageProbe, fallback: BrandColors = {}): ProbedBrand {
  const background =
    toOpaque(probe.background.imageColor, WHITE) ??
    toOpaque(probe.background.color, WHITE) ??
    WHITE;
  const opaque = (value: string | undefined): Rgb | undefined => toOpaque(value, background);
  const colors: BrandColors = { background: toHex(background) };
  const text = opaque(probe.text);
  if (text) colors.text = toHex(text);
  // Headings written in a colour of their own (agency-bs3: #333 section titles over muted #777
  // text and sub-titles): the most seen heading colour other than the text's, when at least 30 % of
  // the headings wear it.
  const total = probe.headings.reduce((sum, entry) => sum + entry.weight, 0);
  const own = probe.headings.find((entry) => {
    const color = opaque(entry.color);
    return color && text && toHex(color) !== toHex(text) && entry.weight >= total * 0.3;
  });
  const heading = own ? opaque(own.color) : undefined;
  if (heading) colors.heading = toHex(heading);
  // Definition terms in a colour of their own (a schedule's "Title", "Speaker" labels in the
  // brand's blue): the most seen term colour, when it is not the text's and most terms wear it.
  const terms = probe.terms ?? [];
  const termTotal = terms.reduce((sum, entry) => sum + entry.weight, 0);
  const term = terms[0] && terms[0].weight > termTotal / 2 ? opaque(terms[0].color) : undefined;
  if (term && text && toHex(term) !== toHex(text)) colors.term = toHex(term);

  // Primary: the fill of the site's buttons (by area), else its most seen chromatic colour.
  let primary: Rgb | undefined;
  for (const button of probe.buttons) {
    const fill = opaque(button.background);
    if (fill && isChromatic(fill)) {
      primary = fill;
      const label = opaque(button.text);
      if (label) colors.onPrimary = toHex(label);
      break;
    }
  }
  const chromatic = [
    ...probe.accents.map((entry) => opaque(entry.color)),
    ...probe.links.map((entry) => opaque(entry.color)),
    ...probe.headings.map((entry) => opaque(entry.color)),
  ].filter(
    (color): color is Rgb =>
      color !== undefined && isChromatic(color) && !BROWSER_LINK_COLORS.has(toHex(color)),
  );
  primary ??= chromatic[0] ?? (fallback.primary ? parseColor(fallback.primary) : undefined);
  if (primary) {
    colors.primary = toHex(primary);
    const accent = chromatic.find((color) => hueDistance(color, primary) > 30);
    if (accent) colors.accent = toHex(accent);
    else if (fallback.accent) colors.accent = fallback.accent;
  }
  const link = probe.links.map((entry) => opaque(entry.color)).find((color) => color !== undefined);
  if (link) colors.link = toHex(link);
  for (const [region, backgroundKey, textKey] of [
    [probe.header, 'headerBackground', 'headerText'],
    [probe.footer, 'footerBackground', 'footerText'],
  ] as const) {
    if (!region) continue;
    const fill = opaque(region.imageColor) ?? opaque(region.background);
    if (fill) colors[backgroundKey] = toHex(fill);
    const words = opaque(region.text);
    if (words) colors[textKey] = toHex(words);
  }
  // Menu items drawn as boxes or pills: their faint fills and borders as they show on the header.
  if (probe.menuItems) {
    const header =
      opaque(probe.header?.imageColor) ?? opaque(probe.header?.background) ?? background;
    const over = (value: string) => (value === 'transparent' ? undefined : toOpaque(value, header));
    const fill = opaque(probe.menuItems.imageColor) ?? over(probe.menuItems.background);
    const border = over(probe.menuItems.border);
    if (fill) colors.menuItemBackground = toHex(fill);
    if (border) colors.menuItemBorder = toHex(border);
    const words = over(probe.menuItems.text);
    if ((fill || border) && words) colors.menuItemText = toHex(words);
  }
  return { colors, scheme: luminance(background) < DARK_LUMINANCE ? 'dark' : 'light' };
}

/** The scheme the CSS scan's background colour makes (no browser ran). */
export function toSchemeOf(background: string | undefined): 'light' | 'dark' {
  const rgb = background ? parseColor(background) : undefined;
  return rgb && luminance(rgb) < DARK_LUMINANCE ? 'dark' : 'light';
}
