/**
 * A page's title band (issue 23): many sites open each inner page with its heading alone in a band
 * across the page (over a darkened photo, on a strip of colour), often with a breadcrumb. Read from
 * computed styles and geometry, never from class names: the nearest box around the page's first
 * h1/h2 that is wide, starts high in the first view, taller than the heading, holds little but it, and
 * draws a picture, a fill, or a translucent fill over the picture under it.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { alphaOf, imageUrl } from './color';
import { isShown, rectOf, style, text, top } from './dom';
import { fillOf } from './fill';
import { differs } from './section-boxes';
import { doc, H, W } from './view';

/** How far up from the heading the band is looked for (the heading itself first). */
const MAX_DEPTH = 4;
/** The band starts in the top part of the first view (under a header), this share of its height. */
const MAX_TOP_SHARE = 0.6;
/** The band spans at least this share of the window's width. */
const MIN_WIDTH_SHARE = 0.8;
/** The band is at least this tall (px) and this many times the heading's height. */
const MIN_HEIGHT = 80;
const MIN_HEIGHT_TIMES = 1.8;
/** Words besides the heading's the band may hold (a breadcrumb, a subtitle). */
const MAX_OTHER_WORDS = 120;
/** A fill this opaque or more draws the band (a translucent layer over a picture counts). */
const MIN_FILL_ALPHA = 0.2;
/** Under this opacity the picture under the fill shows through it. */
const SEE_THROUGH_ALPHA = 0.95;

/** The band as the probe writes it (JSON in PROBE_MARKS.titleBand): computed values, px. */
export interface MeasuredTitleBand {
  /** The heading's words as shown (to match its section). */
  words: string;
  height: number;
  /** The band's computed background colour, when it draws one. */
  fill?: string;
  /** The absolute URL of the picture it shows: its own, or the one under its translucent fill. */
  image?: string;
  /** The heading's computed size (px), colour and alignment. */
  size: number;
  color: string;
  align: string;
}

/** Media and form fields: a box holding them is more than a title band. */
const NOT_IN_BAND =
  'img, picture, video, iframe, svg image, canvas, input, select, textarea, table';

/** The translucent layer a pseudo-element lays over `e`'s picture, when it lays one. */
function overlayOf(e: Element): string | undefined {
  for (const pseudo of ['::before', '::after']) {
    const p = getComputedStyle(e, pseudo);
    if (p.content === 'none' || p.content === 'normal') continue;
    if (alphaOf(p.backgroundColor) >= MIN_FILL_ALPHA) return p.backgroundColor;
  }
  return undefined;
}

/** What `e` draws as a title band around `heading`, or undefined when it draws none. */
function measureBand(e: Element, heading: Element): MeasuredTitleBand | undefined {
  const r = rectOf(e);
  if (r.width < W * MIN_WIDTH_SHARE || top(r) > H * MAX_TOP_SHARE) return undefined;
  // The heading's words' height: its box less its padding (a heading padded into a band of its own).
  const hs = style(heading);
  const words =
    rectOf(heading).height -
    (Number.parseFloat(hs.paddingTop) || 0) -
    (Number.parseFloat(hs.paddingBottom) || 0);
  if (r.height < Math.max(MIN_HEIGHT, words * MIN_HEIGHT_TIMES)) return undefined;
  const s = style(e);
  const own = imageUrl(s.backgroundImage);
  const under = e.parentElement ? fillOf(e.parentElement) : undefined;
  const ground = under?.color ?? 'rgb(255, 255, 255)';
  let fill: string | undefined;
  let image: string | undefined;
  if (own) {
    // Its own picture, darkened by a layer drawn over it (a pseudo-element's translucent fill).
    image = own;
    fill = overlayOf(e);
  } else {
    const alpha = alphaOf(s.backgroundColor);
    if (alpha < MIN_FILL_ALPHA) return undefined;
    fill = s.backgroundColor;
    // A translucent fill shows the picture it lies on (a page drawn on a photo, darkened here).
    if (alpha < SEE_THROUGH_ALPHA) image = under?.image;
    // A fill like the ground it lies on draws no band.
    if (!image && !differs(s.backgroundColor, ground)) return undefined;
  }
  const band: MeasuredTitleBand = {
    words: text(heading),
    height: Math.round(r.height),
    size: Math.round(Number.parseFloat(hs.fontSize) || 0),
    color: hs.color,
    align: hs.textAlign,
  };
  if (fill) band.fill = fill;
  if (image) band.image = image;
  return band;
}

/**
 * Marks the page's title band: around its first shown h1 or h2 outside the parts in `skip` (the
 * header, the footer, the hero), starting in the first view.
 */
export function markTitleBand(skip: readonly (Element | null | undefined)[]): void {
  const outside = (e: Element): boolean =>
    !skip.some((part) => part && (part.contains(e) || e.contains(part)));
  const heading = [...doc.body.querySelectorAll('h1, h2')].find(
    (h) => isShown(h) && outside(h) && text(h) !== '',
  );
  if (!heading || top(rectOf(heading)) > H * MAX_TOP_SHARE) return;
  const words = text(heading).length;
  let e: Element | null = heading;
  for (let depth = 0; e && e !== doc.body && depth < MAX_DEPTH; depth++, e = e.parentElement) {
    if (!outside(e)) return;
    // Little else: a breadcrumb or a subtitle, no picture, no other heading of the page's rank.
    if (text(e).length > words + MAX_OTHER_WORDS) return;
    if (e.querySelector(NOT_IN_BAND)) return;
    if ([...e.querySelectorAll('h1, h2')].some((h) => h !== heading && isShown(h))) return;
    const band = measureBand(e, heading);
    if (!band) continue;
    e.setAttribute(PROBE_MARKS.titleBand, JSON.stringify(band));
    return;
  }
}
