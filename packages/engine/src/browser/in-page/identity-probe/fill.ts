/**
 * What an element is drawn on: the fill behind it (colour, picture or gradient), the colour of its
 * words, and the layers laid over the whole page (loaders, modals, cookie walls) that are not what
 * the page looks like.
 */
import { gradientColor, imageUrl, isOpaque } from './color';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, rectOf, style, textOf } from './dom';
import { body, doc, H, W } from './view';

/** A fill: the element drawing it, its colour and, when it is a picture, the picture's URL. */
export interface Fill {
  element: Element;
  color: string;
  image?: string | undefined;
}

/** How an element's background picture is laid: its first layer's repeat, size, position, attachment. */
export interface PictureLayout {
  repeat: string;
  size: string;
  position: string;
  attachment: string;
}

/** The first layer of a computed background list (`repeat, no-repeat` → `repeat`). */
const firstLayer = (value: string): string => value.split(',')[0]!.trim();

/** How `e` lays its background picture (computed values of the first layer). */
export const pictureLayoutOf = (e: Element): PictureLayout => {
  const s = style(e);
  return {
    repeat: firstLayer(s.backgroundRepeat),
    size: firstLayer(s.backgroundSize),
    position: firstLayer(s.backgroundPosition),
    attachment: firstLayer(s.backgroundAttachment),
  };
};

/** Loaders, modals and cookie walls laid over the whole page: not what the page looks like. */
export const isCover = (e: Element): boolean => {
  if (
    /(?:^|[\s_-])(?:spinner|loader|loading|preloader|page-loader)(?:$|[\s_-])/i.test(
      e.id + ' ' + e.className,
    )
  )
    return true;
  const s = style(e);
  if (s.position !== 'fixed') return false;
  const r = rectOf(e);
  return (Number.parseInt(s.zIndex, 10) || 0) >= 1000 && r.width >= W * 0.9 && r.height >= H * 0.9;
};

/** Inside a layer laid over the page: a cover, or an overlay (a cookie bar) the probe marked. */
export const isInCover = (e: Element): boolean => {
  if (e.closest(markSelector(PROBE_MARKS.overlay))) return true;
  for (let a: Element | null = e; a && a !== body && a !== doc.documentElement; a = a.parentElement)
    if (isCover(a)) return true;
  return false;
};

/** The first ancestor-or-self with a fill (colour, picture or gradient), and what it is. */
export const fillOf = (start: Element | null): Fill => {
  for (let e = start; e && e.nodeType === 1; e = e.parentElement) {
    if (e !== doc.documentElement && e !== body && isCover(e)) continue;
    const s = style(e);
    const image = imageUrl(s.backgroundImage);
    if (image || isOpaque(s.backgroundColor))
      return { element: e, color: s.backgroundColor, image };
    const gradient = gradientColor(s.backgroundImage);
    if (gradient) return { element: e, color: gradient };
  }
  // The canvas beyond a short body shows the body's background (CSS propagates it there).
  const b = style(body);
  const bodyImage = imageUrl(b.backgroundImage);
  if (bodyImage || isOpaque(b.backgroundColor))
    return { element: body, color: b.backgroundColor, image: bodyImage };
  const bodyGradient = gradientColor(b.backgroundImage);
  if (bodyGradient) return { element: body, color: bodyGradient };
  const root = style(doc.documentElement).backgroundColor;
  return { element: doc.documentElement, color: isOpaque(root) ? root : 'rgb(255, 255, 255)' };
};

/** The colour most of a region's words are written in (its links included). */
export const textColorOf = (region: Element): string => {
  const colors = new Map<string, number>();
  const walker = doc.createTreeWalker(region, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const words = textOf(n).trim().length;
    if (words > 0 && n.parentElement && isShown(n.parentElement))
      colors.set(
        style(n.parentElement).color,
        (colors.get(style(n.parentElement).color) || 0) + words,
      );
  }
  return (
    [...colors.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c)[0] || style(region).color
  );
};
