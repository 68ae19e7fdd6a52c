/**
 * Corners as drawn (issue 23): the typical computed border radius of the page's buttons, pictures and
 * boxed content (a border, fill or shadow of its own, narrower than the page), each weighted by
 * area, so that a rebuild keeping the original's look keeps square corners square; and pictures
 * drawn round (a portrait, a logo in a circle), marked PROBE_MARKS.shape. Decided from computed
 * styles and rendered boxes only.
 */
import type { PageProbe } from '../../../measure/page-probe';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { alphaOf, isOpaque } from './color';
import { isShown, rectOf, style } from './dom';
import { inSplash } from './entry-screen';
import { fillOf } from './fill';
import { inOverlay } from './overlays';
import { body, doc, W } from './view';

type Corners = NonNullable<PageProbe['corners']>;

/** A measured box: its corner radius (px) and its area. */
interface Sample {
  radius: number;
  area: number;
}

/** Pictures smaller than this (px, each side) are icons, not pictures whose shape shows. */
const MIN_PICTURE = 32;
/** A round picture's radius is at least this share of its shorter side (50 %: a circle). */
const ROUND_SHARE = 0.45;

/**
 * The largest of an element's four corner radii in px (the horizontal one of an elliptical corner; a
 * percentage of the box's width), at most half the box's shorter side, as the browser draws it.
 */
export const radiusOf = (e: Element, r: DOMRect = rectOf(e)): number => {
  const s = style(e);
  const half = Math.min(r.width, r.height) / 2;
  let largest = 0;
  for (const value of [
    s.borderTopLeftRadius,
    s.borderTopRightRadius,
    s.borderBottomRightRadius,
    s.borderBottomLeftRadius,
  ]) {
    const first = (value || '0').trim().split(/\s+/)[0] ?? '0';
    const n = Number.parseFloat(first) || 0;
    largest = Math.max(largest, first.endsWith('%') ? (n / 100) * r.width : n);
  }
  return Math.min(largest, half);
};

const isSquareish = (r: DOMRect): boolean =>
  Math.max(r.width, r.height) <= 1.25 * Math.min(r.width, r.height);

/** Clips its content: overflow other than visible, or a clip-path. */
const clips = (e: Element): boolean => {
  const s = style(e);
  return s.overflow !== 'visible' || (s.clipPath !== '' && s.clipPath !== 'none');
};

/** Drawn as a circle (or an ellipse) by its own radius or a circle clip-path. */
const isDrawnRound = (e: Element, r: DOMRect): boolean =>
  /^(?:circle|ellipse)\(/.test(style(e).clipPath) ||
  (isSquareish(r) && radiusOf(e, r) >= ROUND_SHARE * Math.min(r.width, r.height));

/**
 * The box that gives a picture its shape: the picture itself, or the nearest of a few ancestors that
 * clips it and that it (nearly) fills (a round frame with the photo cropped inside).
 */
const shapingBox = (img: Element, r: DOMRect): { element: Element; rect: DOMRect } => {
  let e: Element | null = img.parentElement;
  for (let depth = 0; e && e !== body && depth < 3; depth++, e = e.parentElement) {
    const a = rectOf(e);
    const overlap =
      Math.max(0, Math.min(a.right, r.right) - Math.max(a.left, r.left)) *
      Math.max(0, Math.min(a.bottom, r.bottom) - Math.max(a.top, r.top));
    if (a.width * a.height <= 0 || overlap < 0.7 * a.width * a.height) break;
    if (clips(e) && radiusOf(e, a) > 0.5) return { element: e, rect: a };
  }
  return { element: img, rect: r };
};

/** The area-weighted median of the samples' radii (px, rounded to a tenth), and their area. */
const typical = (samples: Sample[]): { radius: number; area: number } | undefined => {
  const area = samples.reduce((sum, s) => sum + s.area, 0);
  if (area <= 0) return undefined;
  const sorted = [...samples].sort((a, b) => a.radius - b.radius);
  let seen = 0;
  for (const s of sorted) {
    seen += s.area;
    if (seen >= area / 2) return { radius: Math.round(s.radius * 10) / 10, area: Math.round(area) };
  }
  return undefined;
};

/** Not the site's own content: a menu, a cookie bar, an entry screen. */
const isAside = (e: Element): boolean =>
  !!e.closest(markSelector(PROBE_MARKS.menu)) ||
  !!e.closest(markSelector(PROBE_MARKS.brand)) ||
  inOverlay(e) ||
  inSplash(e);

/** The filled or outlined buttons' corners (links the probe marked as buttons, and form buttons). */
function measureButtons(): Corners['buttons'] {
  const samples: Sample[] = [];
  let pillArea = 0;
  for (const e of doc.querySelectorAll(
    `${markSelector(PROBE_MARKS.button)}, button, input[type=submit], input[type=button]`,
  )) {
    if (!isShown(e) || isAside(e)) continue;
    const s = style(e);
    const filled = isOpaque(s.backgroundColor);
    const outlined = Number.parseFloat(s.borderTopWidth) >= 1 && alphaOf(s.borderTopColor) > 0.3;
    if (!filled && !outlined) continue;
    const r = rectOf(e);
    const radius = radiusOf(e, r);
    const area = r.width * r.height;
    samples.push({ radius, area });
    if (radius >= Math.min(r.width, r.height) / 2 - 1) pillArea += area;
  }
  const found = typical(samples);
  return found ? { ...found, isPill: pillArea >= found.area / 2 } : undefined;
}

/**
 * Marks the pictures drawn round and returns the other pictures' corners (a picture shaped by a
 * clipping frame has the frame's).
 */
function measurePictures(): Corners['pictures'] {
  const samples: Sample[] = [];
  for (const img of doc.querySelectorAll('img')) {
    if (!isShown(img) || isAside(img)) continue;
    const r = rectOf(img);
    if (r.width < MIN_PICTURE || r.height < MIN_PICTURE) continue;
    const { element, rect } = shapingBox(img, r);
    if (isDrawnRound(element, rect)) {
      img.setAttribute(PROBE_MARKS.shape, 'round');
      continue;
    }
    samples.push({ radius: radiusOf(element, rect), area: r.width * r.height });
  }
  return typical(samples);
}

/** Elements that are no box of content (controls, pictures, table cells, text runs). */
const NOT_BOXES = new Set([
  'IMG',
  'PICTURE',
  'VIDEO',
  'IFRAME',
  'CANVAS',
  'SVG',
  'INPUT',
  'SELECT',
  'TEXTAREA',
  'BUTTON',
  'TD',
  'TH',
  'TR',
  'THEAD',
  'TBODY',
  'HR',
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
]);

/** Boxed content's corners: a border all round, a fill unlike its ground, or a shadow. */
function measureBoxes(): Corners['boxes'] {
  const samples: Sample[] = [];
  for (const e of [...body.querySelectorAll('*')].slice(0, 20000)) {
    if (NOT_BOXES.has(e.tagName.toUpperCase()) || e.closest('svg')) continue;
    if (e.hasAttribute(PROBE_MARKS.button)) continue;
    const r = rectOf(e);
    // A band as wide as the page is the page's ground, whatever its corners.
    if (r.width < 60 || r.height < 40 || r.width > 0.9 * W) continue;
    const s = style(e);
    if (/^inline(?!-block|-flex|-grid)/.test(s.display) || !isShown(e) || isAside(e)) continue;
    const bordered = ['top', 'right', 'bottom', 'left'].every(
      (side) =>
        Number.parseFloat(s.getPropertyValue(`border-${side}-width`)) >= 1 &&
        s.getPropertyValue(`border-${side}-style`) !== 'none' &&
        alphaOf(s.getPropertyValue(`border-${side}-color`)) > 0.05,
    );
    const filled =
      isOpaque(s.backgroundColor) &&
      s.backgroundColor !== fillOf(e.parentElement).color &&
      s.backgroundImage === 'none';
    const shadowed = s.boxShadow !== 'none' && s.boxShadow !== '';
    if (!bordered && !filled && !shadowed) continue;
    samples.push({ radius: radiusOf(e, r), area: r.width * r.height });
  }
  return typical(samples);
}

/** Marks round pictures; returns the corners of buttons, pictures and boxes, where measured. */
export function measureCorners(): Corners | undefined {
  const corners: Corners = {};
  const buttons = measureButtons();
  const pictures = measurePictures();
  const boxes = measureBoxes();
  if (buttons) corners.buttons = buttons;
  if (pictures) corners.pictures = pictures;
  if (boxes) corners.boxes = boxes;
  return Object.keys(corners).length > 0 ? corners : undefined;
}
