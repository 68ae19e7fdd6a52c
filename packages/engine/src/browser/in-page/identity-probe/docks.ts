/**
 * Docks (issue 23): a narrow bar the page pins to the left or right edge of the window, a column of
 * social icons whose names show on hover, a "back to top" or feedback button in a corner. Read from
 * the computed position and the rendered box only: fixed (or sticky and narrow) against a side
 * edge, at most a quarter of the viewport wide, taller than wide or a vertical stack of controls or
 * one small button, and holding mostly links and buttons. The element holding the header, the main
 * menu or the brand is the page's frame, never a dock; an overlay (a chat launcher) stays one.
 * Marked PROBE_MARKS.dock with its side, the outermost only: extract leaves it out of the content
 * and keeps its social profiles as the site's.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, rectOf, style, text } from './dom';
import { doc, H, W } from './view';

/** Wider than this share of the viewport, a fixed bar is the page's frame, not a dock. */
const MAX_WIDTH_SHARE = 0.25;
/** A sticky element is a dock only when narrower than this share (an icon column, not a sidebar). */
const STICKY_WIDTH_SHARE = 0.1;
/** How far (px) from a side edge of the window a dock may sit. */
const EDGE_GAP = 48;
/** A single button is a dock when no higher than this share of the viewport. */
const BUTTON_HEIGHT_SHARE = 0.25;
/** Words outside the controls a dock may hold (a "Follow us" caption). */
const MAX_LOOSE_CHARS = 40;

const CONTROLS = 'a[href], button, input[type=submit], input[type=button], [role=button]';

/** Holding one of these, an element is the page or its frame. */
const PAGE_PARTS = 'header, [role=banner], main, article, h1, h2, form, textarea, select';

const FRAME_MARKS = [PROBE_MARKS.menu, PROBE_MARKS.brand, PROBE_MARKS.overlay, PROBE_MARKS.dialog]
  .map(markSelector)
  .join(', ');

/** The side edge the box sits against, if any. */
function sideOf(r: DOMRect): 'left' | 'right' | undefined {
  if (r.left < -2 || r.right > W + 2) return undefined;
  if (r.left <= EDGE_GAP) return 'left';
  if (r.right >= W - EDGE_GAP) return 'right';
  return undefined;
}

/** Two or more shown controls one under another. */
function isVerticalStack(controls: Element[]): boolean {
  const boxes = controls.filter(isShown).map(rectOf);
  if (boxes.length < 2) return false;
  return boxes.every(
    (b, i) =>
      i === 0 || (b.top >= boxes[i - 1]!.bottom - 2 && Math.abs(b.left - boxes[0]!.left) < 24),
  );
}

/** How many characters of the element's words no control holds (whitespace left out). */
function looseChars(e: Element, controls: Element[]): number {
  const count = (t: string): number => t.replace(/\s+/g, '').length;
  return count(text(e)) - count(controls.map(text).join(''));
}

/** The element is a dock: its side, else undefined. */
function dockSideOf(e: Element, header: Element | null): 'left' | 'right' | undefined {
  const position = style(e).position;
  if (position !== 'fixed' && position !== 'sticky') return undefined;
  if (!isShown(e)) return undefined;
  const r = rectOf(e);
  const maxWidth = W * (position === 'sticky' ? STICKY_WIDTH_SHARE : MAX_WIDTH_SHARE);
  if (r.width > maxWidth) return undefined;
  const side = sideOf(r);
  if (!side) return undefined;
  if (header && (e.contains(header) || header.contains(e))) return undefined;
  if (e.closest(FRAME_MARKS) || e.querySelector(FRAME_MARKS) || e.querySelector(PAGE_PARTS))
    return undefined;
  const controls = [...e.querySelectorAll(CONTROLS)];
  if (e.matches(CONTROLS)) controls.push(e);
  if (controls.length === 0) return undefined;
  if (looseChars(e, controls) > MAX_LOOSE_CHARS) return undefined;
  const isTall = r.height >= r.width * 1.5;
  const isButton = controls.length <= 2 && r.height <= H * BUTTON_HEIGHT_SHARE;
  return isTall || isButton || isVerticalStack(controls) ? side : undefined;
}

/** Marks the docks the page pins to a side of the window; after the menus, brand and overlays. */
export function markDocks(header: Element | null): void {
  const DOCK = markSelector(PROBE_MARKS.dock);
  for (const e of doc.querySelectorAll('body *')) {
    if (/^(?:SCRIPT|STYLE|TEMPLATE|NOSCRIPT|svg)$/.test(e.tagName) || e.closest(DOCK)) continue;
    const side = dockSideOf(e, header);
    if (side) e.setAttribute(PROBE_MARKS.dock, side);
  }
}
