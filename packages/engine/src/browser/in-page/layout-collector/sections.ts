/**
 * Sections: from <body>, single visible wrappers are unwrapped (#root, .wrapper); their visible
 * children at least 24 px tall and 30 % of the viewport wide are the sections (absolutely positioned
 * ones left out, fixed ones kept); a `<main>` or `<div>` taller than half a screen that wraps
 * sections (visible children stacked one above the other, two or more of them at least 12 % of a
 * screen tall, as `<main>` holding the hero and the content) is split into them (at most three
 * levels).
 */
import type { SectionBand } from '../../../measure/layout-snapshot';
import { selectorOf, style, toBox } from './dom';
import { body, vh, vw } from './view';

const MIN_SECTION = 24;

// Absolutely positioned children (decorations, overlays) are not sections; fixed ones (a navbar
// pinned over the hero) are, but do not count when deciding whether the others are stacked.
const visibleChildren = (el: Element): Element[] =>
  Array.from(el.children).filter((c) => {
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|LINK|META)$/.test(c.tagName)) return false;
    const s = style(c);
    if (s.display === 'none' || s.visibility === 'hidden' || s.position === 'absolute')
      return false;
    const r = c.getBoundingClientRect();
    return r.height >= MIN_SECTION && r.width >= vw * 0.3;
  });
const isFixed = (el: Element): boolean => style(el).position === 'fixed';
const isStacked = (kids: Element[]): boolean => {
  const rects = kids
    .filter((k) => !isFixed(k))
    .map((k) => k.getBoundingClientRect())
    .sort((a, b) => a.top - b.top);
  for (let i = 1; i < rects.length; i++) if (rects[i]!.top < rects[i - 1]!.bottom - 4) return false;
  return true;
};
const isWrapper = (kids: Element[]): boolean =>
  kids.length >= 2 &&
  isStacked(kids) &&
  kids.filter((k) => !isFixed(k) && k.getBoundingClientRect().height >= vh * 0.12).length >= 2;
// Only generic wrappers are split: a <section>, <header> or <footer> is a section as a whole.
const isSplittable = (el: Element): boolean =>
  el.tagName === 'MAIN' || el.tagName === 'DIV' || el.tagName.includes('-');
const expand = (el: Element, depth: number): Element[] => {
  const r = el.getBoundingClientRect();
  if (depth < 3 && r.height > vh * 0.5 && !isFixed(el) && isSplittable(el)) {
    const kids = visibleChildren(el);
    if (isWrapper(kids)) return kids.flatMap((k) => expand(k, depth + 1));
    if (kids.length === 1 && kids[0]!.getBoundingClientRect().height >= r.height * 0.9)
      return expand(kids[0]!, depth + 1);
  }
  return [el];
};

/** The page's top-level blocks, top to bottom. */
export function collectSections(): SectionBand[] {
  const pinned: Element[] = [];
  let top: Element = body;
  for (let depth = 0; depth < 8; depth++) {
    const kids = visibleChildren(top);
    const flow = kids.filter((k) => !isFixed(k));
    if (flow.length !== 1) break;
    pinned.push(...kids.filter(isFixed));
    top = flow[0]!;
  }
  let sectionEls = visibleChildren(top);
  if (sectionEls.length === 0 || !isStacked(sectionEls)) sectionEls = [top];
  sectionEls = [
    ...pinned,
    ...sectionEls.flatMap((el) => (el === top ? [el] : expand(el, 0))),
  ].slice(0, 40);
  return sectionEls
    .map((el) => {
      const b = toBox(el.getBoundingClientRect());
      return { selector: selectorOf(el), top: Math.max(0, b.y), height: b.height };
    })
    .filter((s) => s.height >= MIN_SECTION)
    .sort((a, b) => a.top - b.top);
}
