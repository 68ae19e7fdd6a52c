/**
 * Sidebars: a narrow column of mostly links (a layout table's cell, a floated or positioned block)
 * beside a wider column holding the page's content, at this width. Marked PROBE_MARKS.aside with its
 * side, asideWidth and asideSpan in px, and (when it has a fill of its own) asideFill and asideText,
 * so that extract keeps it as the page's aside, beside the content.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isOpaque } from './color';
import { isShown, rectOf, text } from './dom';
import { fillOf, textColorOf } from './fill';
import { body, W } from './view';

/** The share of an element's characters that are link words. */
const linkedShare = (e: Element): number => {
  const all = text(e).length;
  if (all === 0) return 0;
  let linked = 0;
  for (const a of e.querySelectorAll('a[href]')) linked += text(a).length;
  return linked / all;
};

/** A column found beside the content: its side, the element to mark, the layout's width. */
interface Beside {
  side: 'left' | 'right';
  element: Element;
  /** The wider column beside it (the content). */
  content: Element;
  span: number;
}

/** Climbs from the column while its box stays the column's, looking for a wider sibling beside it. */
const besideOf = (column: Element, r: DOMRect): Beside | undefined => {
  for (
    let child: Element | null = column;
    child && child.parentElement;
    child = child.parentElement
  ) {
    const parent: HTMLElement = child.parentElement;
    for (const sibling of parent.children) {
      if (sibling === child || !isShown(sibling)) continue;
      const s = rectOf(sibling);
      const overlap = Math.min(s.bottom, r.bottom) - Math.max(s.top, r.top);
      if (overlap < Math.min(r.height, s.height) * 0.5) continue;
      if (
        s.width < r.width * 1.5 ||
        text(sibling).length < Math.max(200, text(column).length * 0.5)
      )
        continue;
      // The span: the sidebar and the content together (the layout's width, centred or not).
      if (s.left >= r.right - 2)
        return {
          side: 'left',
          element: child,
          content: sibling,
          span: s.right - Math.max(0, r.left),
        };
      if (s.right <= r.left + 2)
        return {
          side: 'right',
          element: child,
          content: sibling,
          span: Math.min(W, r.right) - s.left,
        };
    }
    const p = rectOf(parent);
    if (parent === body || p.width > r.width * 1.25 || p.height > r.height * 1.5) return undefined;
  }
  return undefined;
};

/**
 * Where the sidebar's two columns begin in the markup: the first child of their parent that is not
 * wholly above both (a banner or hero laid in the same parent before them stays above).
 */
const startOf = (found: Beside): Element | undefined => {
  const parent = found.element.parentElement;
  if (!parent) return undefined;
  const top = Math.min(rectOf(found.element).top, rectOf(found.content).top);
  return [...parent.children].find((child) => isShown(child) && rectOf(child).bottom > top + 2);
};

/** Marks the page's sidebars. */
export function markAsides(): void {
  const ASIDE = markSelector(PROBE_MARKS.aside);
  const DOCK = markSelector(PROBE_MARKS.dock);
  for (const e of [...body.querySelectorAll('td, div, aside, nav, ul, section')].slice(0, 4000)) {
    if (e.closest(`${ASIDE}, ${DOCK}, header, footer, [role=contentinfo], #footer, .footer`))
      continue;
    if (!isShown(e)) continue;
    const r = rectOf(e);
    if (r.width < 80 || r.width > W * 0.3 || r.height < 120 || r.left > W * 0.9) continue;
    if (e.querySelectorAll('a[href]').length < 3 || linkedShare(e) < 0.3) continue;
    const found = besideOf(e, r);
    if (!found || found.element.closest(ASIDE)) continue;
    const box = rectOf(found.element);
    found.element.setAttribute(PROBE_MARKS.aside, found.side);
    found.element.setAttribute(PROBE_MARKS.asideWidth, String(Math.round(box.width)));
    found.element.setAttribute(PROBE_MARKS.asideSpan, String(Math.round(found.span)));
    const start = startOf(found);
    if (start && !start.closest(markSelector(PROBE_MARKS.asideStart)))
      start.setAttribute(PROBE_MARKS.asideStart, found.side);
    // Its own fill and words' colour (a blue menu column with white links), when it has a fill.
    const fill = fillOf(found.element);
    if (found.element.contains(fill.element) && !fill.image && isOpaque(fill.color)) {
      found.element.setAttribute(PROBE_MARKS.asideFill, fill.color);
      found.element.setAttribute(PROBE_MARKS.asideText, textColorOf(found.element));
    }
  }
}
