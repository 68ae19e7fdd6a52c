/** Readings of the rendered DOM the collector's parts share, cached for one run. */
import type { Box } from '../../../measure/layout-snapshot';
import { body, sx, sy } from './view';

const styles = new Map<Element, CSSStyleDeclaration>();
export const style = (el: Element): CSSStyleDeclaration => {
  let s = styles.get(el);
  if (!s) {
    s = getComputedStyle(el);
    styles.set(el, s);
  }
  return s;
};

/** A viewport rectangle as a box in page coordinates, rounded. */
export const toBox = (r: DOMRect): Box => ({
  x: Math.round(r.left + sx),
  y: Math.round(r.top + sy),
  width: Math.round(r.width),
  height: Math.round(r.height),
});

export const isTransparent = (c: string | undefined): boolean =>
  !c || c === 'transparent' || /^rgba\([^)]*,\s*0\)$/.test(c) || /\/\s*0\)$/.test(c);

/** The first non-transparent `background-color` from an element up (white at the root). */
export const backgroundOf = (el: Element | null): string => {
  for (let e = el; e; e = e.parentElement) {
    const c = style(e).backgroundColor;
    if (!isTransparent(c)) return c;
  }
  return 'rgb(255, 255, 255)';
};

const visibleCache = new Map<Element, boolean>();
/** Shown to a sighted visitor: not hidden, not transparent, not screen-reader-only. */
export const isVisible = (el: Element): boolean => {
  let v = visibleCache.get(el);
  if (v !== undefined) return v;
  v = true;
  if (
    typeof el.checkVisibility === 'function' &&
    !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
  )
    v = false;
  if (v && el.closest('.sr-only, .visually-hidden, .screen-reader-text, [aria-hidden="true"]'))
    v = false;
  if (v) {
    for (let e: Element | null = el, depth = 0; e && depth < 4; e = e.parentElement, depth++) {
      const s = style(e);
      if (s.position === 'absolute' || s.position === 'fixed') {
        const r = e.getBoundingClientRect();
        if ((r.width <= 1 || r.height <= 1) && s.overflow !== 'visible') {
          v = false;
          break;
        }
        if (
          s.clip &&
          s.clip !== 'auto' &&
          /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(s.clip)
        ) {
          v = false;
          break;
        }
      }
    }
  }
  visibleCache.set(el, v);
  return v;
};

/** A clipping area in page coordinates. */
export interface Clip {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const clipCache = new Map<Element, Clip | null>();
/**
 * The part of the page where an element's content can show (page coordinates; null: anywhere): its
 * own and its ancestors' boxes where they clip their overflow. Horizontally any overflow but
 * `visible` clips (a carousel's scroll track shows one slide); vertically only `hidden` and `clip`
 * (a collapsed panel), since a vertical scroller's content is the page's, read further down. The
 * page's own body and root never clip.
 */
export const clipOf = (el: Element | null): Clip | null => {
  if (!el || el === body || el === document.documentElement) return null;
  if (clipCache.has(el)) return clipCache.get(el) ?? null;
  const s = style(el);
  let clip = s.position === 'fixed' ? null : clipOf(el.parentElement);
  const clipsX = s.overflowX !== 'visible';
  const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
  if (clipsX || clipsY) {
    const r = el.getBoundingClientRect();
    clip = {
      ...(clip || { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity }),
    };
    if (clipsX) {
      clip.left = Math.max(clip.left, r.left + sx);
      clip.right = Math.min(clip.right, r.right + sx);
    }
    if (clipsY) {
      clip.top = Math.max(clip.top, r.top + sy);
      clip.bottom = Math.min(clip.bottom, r.bottom + sy);
    }
  }
  clipCache.set(el, clip);
  return clip;
};

const INLINE = new Set(['inline', 'contents', 'ruby', 'ruby-text', 'ruby-base']);
/** The nearest ancestor-or-self that is not inline (the body at the top). */
export const blockOf = (el: Element): Element => {
  for (let e: Element | null = el; e && e !== body; e = e.parentElement) {
    if (!INLINE.has(style(e).display)) return e;
  }
  return body;
};

/** A short CSS selector naming an element, e.g. `body > div#root > main > section#menu`. */
export const selectorOf = (el: Element): string => {
  const parts: string[] = [];
  for (let e: Element | null = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
    let part = e.tagName.toLowerCase();
    if (e.id && /^[A-Za-z][\w-]*$/.test(e.id)) {
      parts.unshift(part + '#' + e.id);
      break;
    }
    const classes = Array.from(e.classList)
      .filter((c) => /^[A-Za-z_][\w-]*$/.test(c))
      .slice(0, 2);
    if (classes.length > 0) part += '.' + classes.join('.');
    const parent = e.parentElement;
    if (parent) {
      const tag = e.tagName;
      const same = Array.from(parent.children).filter((c) => c.tagName === tag);
      const alike = same.filter((c) => classes.every((name) => c.classList.contains(name)));
      if (alike.length > 1) part += ':nth-of-type(' + (same.indexOf(e) + 1) + ')';
    }
    parts.unshift(part);
    if (e === body) break;
  }
  return parts.join(' > ');
};

export const collapse = (t: string): string => t.replace(/\s+/g, ' ').trim();
