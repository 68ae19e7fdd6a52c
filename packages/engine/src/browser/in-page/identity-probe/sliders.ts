/**
 * Sliders (issue 23): a box that shows one of several slides of one kind at a time, whatever its
 * script or classes are called. Seen from what the page shows at rest: slides of one tag, each
 * holding a picture, one of them in view and the others hidden (display none, transparent), laid
 * on top of it (a fading slider) or clipped off beside it (a sliding track). The slider is marked
 * PROBE_MARKS.slider and its slides PROBE_MARKS.slide, so that extract keeps them as one carousel
 * instead of stacking every slide down the page.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, rectOf, style } from './dom';
import { doc, W } from './view';

/** A slider is a large thing: a hover-swap button's two pictures are no slides. */
const MIN_SLIDER_WIDTH = 200;
/** Slides hidden by display alone must be at least three (a desktop and a phone picture are two). */
const MIN_HIDDEN_SLIDES = 3;

const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'BR', 'LINK', 'META']);

/** Whether an element shows a picture: an image, or a CSS background image on it or inside it. */
function holdsPicture(e: Element): boolean {
  if (e.tagName === 'IMG' || e.tagName === 'PICTURE') return true;
  if (e.querySelector('img, picture')) return true;
  for (const part of [e, ...e.querySelectorAll('*')].slice(0, 12))
    if (/url\(/.test(style(part).backgroundImage)) return true;
  return false;
}

/** A slide is mostly its picture: a page of words switched in place is no slide. */
const MIN_PICTURE_SHARE = 0.4;
const MAX_SLIDE_CHARS = 400;

/** The share of a shown slide's box its largest picture covers. */
function pictureShare(slide: Element): number {
  const box = rectOf(slide);
  let best = 0;
  for (const part of [slide, ...slide.querySelectorAll('*')].slice(0, 60)) {
    const isPicture =
      part.tagName === 'IMG' ||
      part.tagName === 'PICTURE' ||
      /url\(/.test(style(part).backgroundImage);
    if (isPicture) best = Math.max(best, overlap(box, rectOf(part)));
  }
  return best;
}

/** The share of `a`'s area inside `b`. */
function overlap(a: DOMRect, b: DOMRect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const area = a.width * a.height;
  return area > 0 && w > 0 && h > 0 ? (w * h) / area : 0;
}

/** How far above the slides the box that clips a sliding track may sit (a wrapper or two). */
const CLIP_DEPTH = 4;

/** The box a slide is seen through: the nearest box above it, a few levels up, that clips. */
function clipOf(slide: Element): DOMRect | undefined {
  let e: Element | null = slide.parentElement;
  for (let depth = 0; e && e !== doc.body && depth < CLIP_DEPTH; depth++, e = e.parentElement) {
    const s = style(e);
    if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.clipPath !== 'none')
      return rectOf(e);
  }
  return undefined;
}

/** How a slider hides its slides at rest, or undefined when the children are no slider's. */
function hiddenSlides(slides: Element[]): 'display' | 'stacked' | 'clipped' | undefined {
  const shown = slides.filter((k) => isShown(k));
  if (shown.length === 0) return undefined;
  // Hidden by display or transparency (a carousel's inactive items).
  if (shown.length === 1 && slides.length >= MIN_HIDDEN_SLIDES) return 'display';
  const first = rectOf(shown[0]!);
  if (first.width < MIN_SLIDER_WIDTH) return undefined;
  // On top of one another (a fading slider): laid out over the shown one, the others transparent.
  const laid = slides.filter((k) => rectOf(k).width > 0 && rectOf(k).height > 0);
  if (
    laid.length >= 2 &&
    shown.length < laid.length &&
    laid.every((k) => overlap(rectOf(k), first) >= 0.8) &&
    laid.some((k) => style(k).position === 'absolute' || style(k).position === 'fixed')
  )
    return 'stacked';
  // Side by side in a row that runs on beyond the box that clips it (a sliding track).
  const clip = clipOf(shown[0]!);
  if (!clip || clip.width < MIN_SLIDER_WIDTH) return undefined;
  const boxes = shown.map(rectOf);
  const inRow = boxes.every((b) => Math.abs(b.top - first.top) <= 4);
  const outside = boxes.filter((b) => overlap(b, clip) < 0.1).length;
  const inside = boxes.filter((b) => overlap(b, clip) >= 0.5).length;
  if (inRow && outside >= 1 && inside >= 1 && inside <= slides.length / 2) return 'clipped';
  return undefined;
}

/** Marks every slider of the page and its slides. */
export function markSliders(): void {
  const skipped = [PROBE_MARKS.overlay, PROBE_MARKS.menu, PROBE_MARKS.dialog, PROBE_MARKS.slider]
    .map(markSelector)
    .join(', ');
  for (const parent of doc.body.querySelectorAll('*')) {
    if (parent.closest(skipped) || parent.closest('a, button, nav')) continue;
    const kids = [...parent.children].filter((k) => !SKIP.has(k.tagName));
    if (kids.length < 2 || kids.length > 40) continue;
    // The slides: the children of the most common tag, at least most of them.
    const tags = new Map<string, number>();
    for (const k of kids) tags.set(k.tagName, (tags.get(k.tagName) || 0) + 1);
    const [tag, count] = [...tags.entries()].sort((a, b) => b[1] - a[1])[0]!;
    if (count < 2 || count * 3 < kids.length * 2) continue;
    const slides = kids.filter((k) => k.tagName === tag);
    if (!slides.every(holdsPicture)) continue;
    if (slides.some((k) => (k.textContent || '').trim().length > MAX_SLIDE_CHARS)) continue;
    if (rectOf(parent).width < MIN_SLIDER_WIDTH) continue;
    if (!hiddenSlides(slides)) continue;
    const shown = slides.find((k) => isShown(k));
    if (!shown || pictureShare(shown) < MIN_PICTURE_SHARE) continue;
    // Its box as shown (the shown slide's when the slider's own box collapsed around absolute slides).
    const box = rectOf(parent);
    const slide = rectOf(shown);
    const width = Math.round(Math.max(box.width, slide.width));
    const height = Math.round(box.height >= 1 ? box.height : slide.height);
    parent.setAttribute(PROBE_MARKS.slider, `${width} ${height} ${Math.round(W)}`);
    for (const slide of slides) slide.setAttribute(PROBE_MARKS.slide, '');
  }
}
