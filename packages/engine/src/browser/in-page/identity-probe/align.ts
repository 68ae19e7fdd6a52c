/**
 * Text alignment as rendered: an element whose computed text-align differs from its parent's is
 * marked PROBE_MARKS.align (`center` or `left`); the body always is, so that extract knows the page
 * was measured and reads these marks rather than guessing from class names.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, style } from './dom';
import { body } from './view';

/**
 * Pictures floated beside their text: an `<img>` whose computed float is left or right, itself or
 * through wrappers holding nothing else (a link, a figure), narrower than two thirds of the wrapper's
 * container, is marked PROBE_MARKS.float with its side.
 */
export function markFloats(): void {
  for (const img of [...body.querySelectorAll('img')].slice(0, 2000)) {
    for (let e: Element | null = img; e && e !== body; e = e.parentElement) {
      if (e !== img && e.querySelectorAll('img').length !== 1) break;
      if (e !== img && (e.textContent ?? '').trim() !== '') break;
      const side = style(e).float;
      if (side !== 'left' && side !== 'right') continue;
      const container = e.parentElement?.getBoundingClientRect().width ?? 0;
      if (container > 0 && e.getBoundingClientRect().width <= container * 0.66)
        img.setAttribute(PROBE_MARKS.float, side);
      break;
    }
  }
}

/** Pictures narrower than this (px) are never wider than a text column. */
const DRAWN_WIDTH_MIN = 200;

/** The width each shown picture of DRAWN_WIDTH_MIN or more was drawn at (PROBE_MARKS.drawnWidth). */
export function markDrawnWidths(): void {
  for (const img of [...body.querySelectorAll('img')].slice(0, 2000)) {
    if (!isShown(img)) continue;
    const width = Math.round(img.getBoundingClientRect().width);
    if (width >= DRAWN_WIDTH_MIN) img.setAttribute(PROBE_MARKS.drawnWidth, String(width));
  }
}

export function markAlignment(): void {
  const aligns = new Map<Element, string>();
  const alignOf = (e: Element): string => {
    let a = aligns.get(e);
    if (a === undefined) {
      a = /center/.test(style(e).textAlign) ? 'center' : 'left';
      aligns.set(e, a);
    }
    return a;
  };
  body.setAttribute(PROBE_MARKS.align, alignOf(body));
  for (const e of [...body.querySelectorAll('*')].slice(0, 20000)) {
    if (e.closest('svg, script, style, template') || !e.parentElement) continue;
    const a = alignOf(e);
    if (a !== alignOf(e.parentElement)) e.setAttribute(PROBE_MARKS.align, a);
  }
}
