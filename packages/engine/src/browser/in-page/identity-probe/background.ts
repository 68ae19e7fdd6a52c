/** The page's background: what a visitor sees behind the content of the first views. */
import type { PageProbe } from '../../../measure/page-probe';
import { add, rectOf } from './dom';
import { fillOf, isInCover, pictureLayoutOf, type Fill } from './fill';
import { body, doc, H, W } from './view';

/**
 * Samples the first views on a grid (scrolling down and back to the top) and takes the most seen
 * fill of an element that spans the page (the body, a wrapper as tall as the document), not of a
 * section or hero that happens to fill the first view. Where that fill is a picture shown in under a
 * quarter of the samples (a body photo seen only in the gutters beside boxed sections of their own
 * colours), the page is what it mostly shows: the colour seen most. Also returns the document's height.
 */
export function readBackground(): { background: PageProbe['background']; documentHeight: number } {
  const fills = new Map<Element, number>();
  const fillInfo = new Map<Element, Fill>();
  const colors = new Map<string, number>();
  let samples = 0;
  const pageHeight = Math.min(doc.documentElement.scrollHeight, H * 3);
  for (let y = H * 0.05; y < pageHeight; y += H / 6) {
    window.scrollTo(0, Math.max(0, y - H / 2));
    const viewY = y - window.scrollY;
    for (let x = W * 0.05; x < W; x += W / 10) {
      const hit = doc.elementsFromPoint(x, viewY).find((e) => !isInCover(e));
      if (!hit) continue;
      const fill = fillOf(hit);
      samples++;
      if (!fill.image) add(colors, fill.color, 1);
      add(fills, fill.element, 1);
      fillInfo.set(fill.element, fill);
    }
  }
  window.scrollTo(0, 0);
  const documentHeight = doc.documentElement.scrollHeight;
  let background: PageProbe['background'] | undefined;
  let best = -1;
  for (const [element, count] of fills) {
    const r = rectOf(element);
    const spans =
      element === body ||
      element === doc.documentElement ||
      (r.width >= W * 0.9 && r.height >= documentHeight * 0.6);
    if (!spans || count <= best) continue;
    best = count;
    background = toBackground(fillInfo.get(element)!);
  }
  if (background?.image !== undefined && best < samples * 0.25) {
    const [color, seen] = [...colors].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (seen > best) background = { color };
  }
  return { background: background ?? toBackground(fillOf(body)), documentHeight };
}

/** A fill as the page's background: its colour, and its picture with how it is laid (issue 23). */
function toBackground(f: Fill): PageProbe['background'] {
  return f.image
    ? { color: f.color, image: f.image, ...pictureLayoutOf(f.element) }
    : { color: f.color };
}
