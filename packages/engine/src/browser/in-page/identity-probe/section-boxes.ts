/**
 * Section boxes (issue 23: STYLE_MODERNIZATION keeps the original's backgrounds and borders): the
 * box a heading's section is drawn in when that box has a fill, a linear gradient or a border of its
 * own unlike the ground it lies on (a bordered card, a filled panel, a band of its own colour, a line
 * drawn above or below a section). Read from computed styles and geometry, never from class names.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { alphaOf, channels, gradientColor, isOpaque } from './color';
import { isShown, rectOf, style, text } from './dom';
import { fillOf, textColorOf } from './fill';
import { doc, W } from './view';

/** How far up from a heading its box is looked for. */
const MAX_DEPTH = 8;
/** A box is at least this wide (px, and share of the viewport) and this tall (px). */
const MIN_WIDTH = 200;
const MIN_WIDTH_SHARE = 0.3;
const MIN_HEIGHT = 48;
/** A border line this opaque or more shows (a translucent line over a dark page still draws the card). */
const MIN_LINE_ALPHA = 0.2;
/** A box's heading words are kept up to this many characters. */
const MAX_WORDS_LENGTH = 300;

/**
 * A box as the probe writes it (JSON in PROBE_MARKS.sectionBox and PROBE_MARKS.itemBoxStyle):
 * computed colours, the gradient as computed, widths and radius in px.
 */
export interface MeasuredBox {
  fill?: string;
  gradient?: string;
  border?: { width: number; color: string; sides: 'all' | 'top' | 'bottom' | 'block' };
  radius?: number;
  text: string;
  /** Its first heading's and its first link's colours, when it has them. */
  heading?: string;
  link?: string;
  ground: string;
  /** The heading's own filled bar at the box's top (a panel's heading row), and its words' colour. */
  head?: { fill: string; text: string };
  /** The box spans the viewport's width (a band), not a card in the column. */
  isFullWidth?: true;
  /** The words of the shown heading the box opens with (a section box's, to match its section). */
  words?: string;
  /** Its padding above its words (px), where it draws a card (a fill, a gradient or lines all round). */
  pad?: number;
}

/** Two computed colours differ clearly (any channel by more than 12 of 255). */
export const differs = (a: string, b: string): boolean => {
  const x = channels(a);
  const y = channels(b);
  return !x || !y || x.slice(0, 3).some((value, index) => Math.abs(value - y[index]!) > 12);
};

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const levelOf = (e: Element): number => Number(e.tagName.slice(1));

/** A single linear gradient (no picture, no pattern of layers), as computed. */
const linearGradientOf = (value: string): string | undefined =>
  /^linear-gradient\(/.test(value) && value.split('gradient(').length === 2 ? value : undefined;

/** A pseudo-element draws a box's fill when it covers at least this share of the box either way. */
const MIN_PSEUDO_COVER = 0.9;
/** A pseudo-element this transparent or more (its `opacity`) draws nothing to speak of. */
const MIN_PSEUDO_OPACITY = 0.1;

/** The top-level layers of a computed `background-image` or `background-size` (split at commas outside parentheses). */
export function layersOf(value: string): string[] {
  const layers: string[] = [];
  let depth = 0;
  let layer = '';
  for (const char of value) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      layers.push(layer.trim());
      layer = '';
    } else layer += char;
  }
  layers.push(layer.trim());
  return layers.filter(Boolean);
}

/**
 * `color` (computed `rgb(…)`/`rgba(…)`) seen through `opacity`: its alpha times the opacity, and laid
 * over `under` (an opaque colour's channels) when given; undefined for any other colour syntax.
 */
export function fadedColor(color: string, opacity: number, under?: number[]): string | undefined {
  const c = channels(color);
  if (!c || c.length < 3 || c.some((v) => !Number.isFinite(v))) return undefined;
  const alpha = (c[3] ?? 1) * opacity;
  if (!under) return `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${Math.round(alpha * 1000) / 1000})`;
  const mix = (index: number) => Math.round(c[index]! * alpha + under[index]! * (1 - alpha));
  return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
}

/**
 * The fill a `::before` or `::after` draws over the whole box (a glass card's tinted layer, issue 23:
 * the box's own background nearly transparent): a pseudo-element as large as the box whose top layer
 * is one linear gradient or whose colour shows, its colours seen through its opacity (over the box's
 * own opaque fill, when it has one); undefined when none draws a fill unlike `ground`.
 */
export function pseudoFillOf(
  e: Element,
  ground: string,
): { fill: string } | { gradient: string } | undefined {
  const r = rectOf(e);
  const own = style(e).backgroundColor;
  const under = isOpaque(own) ? channels(own) : undefined;
  const base = under ? own : ground;
  for (const pseudo of ['::before', '::after']) {
    const s = getComputedStyle(e, pseudo);
    if (!s.content || s.content === 'none' || s.content === 'normal') continue;
    if (s.display === 'none' || s.visibility === 'hidden') continue;
    const opacity = Number.parseFloat(s.opacity);
    if (!(opacity >= MIN_PSEUDO_OPACITY)) continue;
    const width = Number.parseFloat(s.width) || 0;
    const height = Number.parseFloat(s.height) || 0;
    if (width < r.width * MIN_PSEUDO_COVER || height < r.height * MIN_PSEUDO_COVER) continue;
    const [layer = 'none'] = layersOf(s.backgroundImage);
    const [size = 'auto'] = layersOf(s.backgroundSize);
    const covers = /^(?:auto|cover|100%)(?: (?:auto|100%))?$/.test(size);
    if (covers && linearGradientOf(layer)) {
      const stops = layer.match(/rgba?\([^)]*\)/g) ?? [];
      if (/(?:hsla?|hwb|lab|lch|oklab|oklch|color)\(/.test(layer)) continue;
      let gradient = layer;
      for (const stop of new Set(stops)) {
        const seen = fadedColor(stop, opacity, under);
        if (!seen) continue;
        gradient = gradient.split(stop).join(seen);
      }
      // The stops as they show over what lies under the box, one of them unlike it.
      const shows = stops.some((stop) => {
        const seen = fadedColor(stop, opacity, channels(base));
        return seen !== undefined && differs(seen, base);
      });
      if (shows) return { gradient };
      continue;
    }
    if (layer === 'none' && alphaOf(s.backgroundColor) > 0) {
      const fill = fadedColor(s.backgroundColor, opacity, under);
      const seen = fadedColor(s.backgroundColor, opacity, channels(base));
      if (fill && seen && differs(seen, base)) return { fill };
    }
  }
  return undefined;
}

/** The border lines of a box drawn in a colour unlike `ground`: every side, the top, the bottom or both. */
function bordersOf(s: CSSStyleDeclaration, ground: string): MeasuredBox['border'] {
  const drawn = (['top', 'right', 'bottom', 'left'] as const).map((side) => {
    const color = s.getPropertyValue(`border-${side}-color`);
    const width = Number.parseFloat(s.getPropertyValue(`border-${side}-width`)) || 0;
    const shown =
      width >= 1 &&
      !['none', 'hidden'].includes(s.getPropertyValue(`border-${side}-style`)) &&
      alphaOf(color) >= MIN_LINE_ALPHA &&
      differs(color, ground);
    return shown ? { width, color } : undefined;
  });
  const [topSide, right, bottom, left] = drawn;
  const sides =
    topSide && right && bottom && left
      ? 'all'
      : !right && !left && topSide && bottom
        ? 'block'
        : !right && !left && topSide && !bottom
          ? 'top'
          : !right && !left && bottom && !topSide
            ? 'bottom'
            : undefined;
  const line = topSide ?? bottom;
  return sides && line ? { width: Math.min(8, line.width), color: line.color, sides } : undefined;
}

/**
 * The opaque colour under a box: the nearest fill around `start` that is a picture or an opaque
 * colour, passing by translucent gradients (a glass panel's `rgba(255, 255, 255, 0.02)` tint, which
 * read as a colour would make a dark page's ground white).
 */
export function groundOf(start: Element | null): string {
  for (let e = start, depth = 0; e && depth < 32; depth++) {
    const found = fillOf(e);
    if (found.image || isOpaque(found.color) || found.element === doc.body) return found.color;
    if (found.element === doc.documentElement) return found.color;
    e = found.element.parentElement;
  }
  return 'rgb(255, 255, 255)';
}

/**
 * The colour a heading's words show in: its gradient's first colour where the gradient is clipped
 * to the letters (their own colour transparent), else its colour.
 */
export function shownColorOf(e: Element): string {
  const s = style(e);
  const clipped = [s.backgroundClip, s.getPropertyValue('-webkit-background-clip')].includes(
    'text',
  );
  const fill = s.getPropertyValue('-webkit-text-fill-color');
  const gradient = gradientColor(s.backgroundImage);
  return clipped && gradient && fill && alphaOf(fill) === 0 ? gradient : s.color;
}

/** What `e` draws as a box of its own over `ground`; undefined when it draws none. */
export function measureBoxOf(e: Element, ground: string): MeasuredBox | undefined {
  const s = style(e);
  // A pseudo-element laid over the box's own (often nearly transparent) fill is what shows.
  const drawn = pseudoFillOf(e, ground);
  const fill = drawn
    ? 'fill' in drawn
      ? drawn.fill
      : undefined
    : isOpaque(s.backgroundColor) && differs(s.backgroundColor, ground)
      ? s.backgroundColor
      : undefined;
  const gradient = drawn
    ? 'gradient' in drawn
      ? drawn.gradient
      : undefined
    : linearGradientOf(s.backgroundImage);
  const border = bordersOf(s, ground);
  if (!fill && !gradient && !border) return undefined;
  const radius = Number.parseFloat(s.borderTopLeftRadius) || 0;
  const box: MeasuredBox = { text: textColorOf(e), ground };
  const heading = e.querySelector(HEADINGS);
  if (heading) box.heading = shownColorOf(heading);
  const link = [...e.querySelectorAll('a[href]')].find((a) => isShown(a) && text(a));
  if (link) box.link = style(link).color;
  if (fill) box.fill = fill;
  if (gradient) box.gradient = gradient;
  if (border) box.border = border;
  if (radius >= 1 && (fill || gradient || border?.sides === 'all')) box.radius = Math.round(radius);
  if (rectOf(e).width >= W * 0.95) box.isFullWidth = true;
  const pad = Number.parseFloat(s.paddingTop) || 0;
  if (pad >= 1 && (fill || gradient || border?.sides === 'all')) box.pad = Math.round(pad);
  return box;
}

/**
 * The heading's filled bar inside its box: an element under the box holding the heading and
 * little else (no other block as tall as it), with a fill unlike the box's.
 */
function headBarOf(heading: Element, box: Element, boxFill: string): MeasuredBox['head'] {
  const boxHeight = rectOf(box).height;
  for (let e: Element | null = heading; e && e !== box; e = e.parentElement) {
    if (rectOf(e).height > boxHeight * 0.5) return undefined;
    const s = style(e);
    if (isOpaque(s.backgroundColor) && differs(s.backgroundColor, boxFill))
      return { fill: s.backgroundColor, text: style(heading).color };
  }
  return undefined;
}

/**
 * Marks the nearest box around each shown heading that holds that heading's section and no other
 * of its rank: the heading is the box's first, the box holds more than the heading, and it has a
 * fill, a gradient or border lines of its own against what lies under it. Boxes in, around or
 * inside the parts in `skip` (the header, the footer, the hero: drawn by rules of their own) are not
 * sections' boxes.
 */
export function markSectionBoxes(skip: readonly (Element | null | undefined)[]): void {
  // Each heading's styles read once: a long page's ancestors are searched by membership only.
  const shownHeadings = new Set([...doc.body.querySelectorAll(HEADINGS)].filter((h) => isShown(h)));
  for (const heading of shownHeadings) {
    const level = levelOf(heading);
    const headingHeight = rectOf(heading).height;
    let e = heading.parentElement;
    for (let depth = 0; e && e !== doc.body && depth < MAX_DEPTH; depth++, e = e.parentElement) {
      if (e.hasAttribute(PROBE_MARKS.sectionBox)) break;
      if (skip.some((part) => part && (part.contains(e!) || e!.contains(part)))) break;
      const shown = [...e.querySelectorAll(HEADINGS)].filter((h) => shownHeadings.has(h));
      // The box opens with this heading and holds none of its rank or higher but it.
      if (shown[0] !== heading || shown.some((h) => h !== heading && levelOf(h) <= level)) break;
      const r = rectOf(e);
      if (r.width < Math.max(MIN_WIDTH, W * MIN_WIDTH_SHARE)) continue;
      if (r.height < Math.max(MIN_HEIGHT, headingHeight * 1.8)) continue;
      const ground = groundOf(e.parentElement);
      const box = measureBoxOf(e, ground);
      if (!box) continue;
      const head = headBarOf(heading, e, box.fill ?? ground);
      if (head) box.head = head;
      // The words of the heading it opens with as shown (a hidden heading may come first in the HTML).
      const words = text(heading).slice(0, MAX_WORDS_LENGTH);
      if (words) box.words = words;
      e.setAttribute(PROBE_MARKS.sectionBox, JSON.stringify(box));
      break;
    }
  }
}
