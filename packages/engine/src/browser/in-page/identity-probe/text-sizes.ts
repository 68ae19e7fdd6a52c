/**
 * Text set larger or smaller than the body by the page's CSS (issue 23): an about text at 18 px on
 * a 15 px page, a lead line at 40 px italic, a 1998 page's small print. The body's size is the one
 * measureTypography found; a block (the nearest element not laid out inline) most of whose letters
 * share a size at least 15% away from it is marked PROBE_MARKS.textSize with that size and its line
 * height (shares of the body's size and of its own), and bold or italic where the body is neither.
 * Headings and buttons keep their own scale; the header, footer, menus and other chrome are not
 * content. The hero's words are, wherever it sits: a hero drawn in a `<header>` (a lead line at
 * 40 px italic over an agency page's picture) keeps its sub-line's size as the body's text does.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, style, textOf } from './dom';
import { body, doc } from './view';

/** How far from the body's size a block's size must be to count as set apart. */
const LARGER = 1.15;
const SMALLER = 0.85;
/** Share of a block's letters that must share the size. */
const PREDOMINANT = 2 / 3;

const px = (v: string): number => Number.parseFloat(v) || 0;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const isBold = (s: CSSStyleDeclaration): boolean => (Number(s.fontWeight) || 400) >= 600;
const isItalic = (s: CSSStyleDeclaration): boolean =>
  s.fontStyle === 'italic' || s.fontStyle === 'oblique';

/** A text's size as a mark's value, against the body's size and style. */
function sizeValue(
  s: CSSStyleDeclaration,
  bodySize: number,
  bodyStyle: CSSStyleDeclaration,
): string {
  const size = px(s.fontSize);
  const parts = [String(round2(Math.max(0.5, Math.min(3, size / bodySize))))];
  // A line height of its own (`normal` reads as none).
  const leading = px(s.lineHeight);
  if (leading > 0 && size > 0)
    parts.push(String(round2(Math.max(1, Math.min(2.2, leading / size)))));
  if (isBold(s) && !isBold(bodyStyle)) parts.push('bold');
  if (isItalic(s) && !isItalic(bodyStyle)) parts.push('italic');
  return parts.join(' ');
}

/** Marks the blocks of text set apart from the body's size `bodySize` (CSS px). */
export function markTextSizes(
  bodySize: number,
  chrome: readonly (Element | null | undefined)[],
  hero?: Element,
): void {
  if (!(bodySize > 0)) return;
  const outside = [
    'header, footer, nav, [role=banner], [role=contentinfo], [role=navigation]',
    // A link drawn as a button has the button's own size.
    ...[
      PROBE_MARKS.menu,
      PROBE_MARKS.splash,
      PROBE_MARKS.dialog,
      PROBE_MARKS.overlay,
      PROBE_MARKS.button,
    ].map(markSelector),
    'script, style, noscript, template, button, select, textarea, pre, h1, h2, h3, h4, h5, h6',
  ].join(', ');
  const blockOf = (e: Element): Element => {
    for (let a: Element | null = e; a && a !== body; a = a.parentElement)
      if (!/^inline/.test(style(a).display)) return a;
    return body;
  };
  const bodyStyle = style(body);
  // Each block's letters by the size they are drawn in.
  const blocks = new Map<Element, Map<string, number>>();
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  let nodes = 0;
  for (let n = walker.nextNode(); n && nodes < 20000; n = walker.nextNode()) {
    nodes++;
    const letters = textOf(n).replace(/\s+/g, '').length;
    const parent = n.parentElement;
    if (letters === 0 || !parent) continue;
    // Outside the content, unless what marks it so is the hero's own wrapper (its <header>).
    const outer = parent.closest(outside);
    if (outer && !(hero && outer.contains(hero) && hero.contains(parent))) continue;
    if (chrome.some((part) => part && part.contains(parent)) || !isShown(parent)) continue;
    const block = blockOf(parent);
    if (block === body) continue;
    const s = style(parent);
    const size = px(s.fontSize);
    if (!(size > 0)) continue;
    const apart = size >= bodySize * LARGER || size <= bodySize * SMALLER;
    const key = apart ? sizeValue(s, bodySize, bodyStyle) : 'body';
    const tally = blocks.get(block) ?? new Map<string, number>();
    tally.set(key, (tally.get(key) ?? 0) + letters);
    blocks.set(block, tally);
  }
  const level = new Map<Element, string>();
  for (const [block, tally] of blocks) {
    const total = [...tally.values()].reduce((sum, each) => sum + each, 0);
    const [key, letters] = [...tally.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['body', 0];
    level.set(block, key !== 'body' && letters >= total * PREDOMINANT ? key : 'body');
  }
  for (const [block, key] of level)
    if (key !== 'body') block.setAttribute(PROBE_MARKS.textSize, key);
  // A block at the body's size inside a marked one keeps the body's size (extract: innermost wins).
  for (const [block, key] of level)
    if (key === 'body' && block.parentElement?.closest(markSelector(PROBE_MARKS.textSize)))
      block.setAttribute(PROBE_MARKS.textSize, 'body');
}
