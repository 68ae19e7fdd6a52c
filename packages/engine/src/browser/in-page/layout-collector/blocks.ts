/**
 * Text blocks: every non-empty text node, grouped by its nearest ancestor that is not `display:
 * inline` (inline-block buttons are blocks of their own), skipped when invisible, screen-reader-only
 * or outside the page. A block's box is the union of its text's line boxes (Range rects).
 */
import type { TextBlock } from '../../../measure/layout-snapshot';
import { backgroundOf, blockOf, clipOf, collapse, isTransparent, isVisible, style } from './dom';
import { body, pageHeight, pageWidth, sx, sy, vh } from './view';

/**
 * A picture drawn under an element's words: from the element up to the first opaque fill, an
 * ancestor with a CSS background image, or an `<img>` it holds that is positioned (laid under the
 * words, as a hero's backdrop) and covers the point. Only the first screen is read: the checks
 * measure the contrast on its screenshot.
 */
const isOverPicture = (el: Element, x: number, y: number): boolean => {
  for (let e: Element | null = el, depth = 0; e && depth < 8; e = e.parentElement, depth++) {
    const s = style(e);
    if (/url\(/.test(s.backgroundImage)) return true;
    if (e !== el)
      for (const img of Array.from(e.querySelectorAll('img')).slice(0, 20)) {
        if (img.contains(el) || el.contains(img)) continue;
        const position = style(img).position;
        const parentPosition = img.parentElement ? style(img.parentElement).position : '';
        if (position !== 'absolute' && position !== 'fixed' && parentPosition !== 'absolute')
          continue;
        const r = img.getBoundingClientRect();
        if (x >= r.left + sx && x <= r.right + sx && y >= r.top + sy && y <= r.bottom + sy)
          return true;
      }
    if (!isTransparent(s.backgroundColor) || e === body) return false;
  }
  return false;
};

/** A block's text as it is gathered, in document order. */
interface Group {
  block: Element;
  parts: string[];
  left: number;
  top: number;
  right: number;
  bottom: number;
  area: number;
  /** Characters per element holding them: the heaviest gives the block's colours and font. */
  weights: Map<Element, number>;
}

/** The page's visible text blocks in document order, at most `maxBlocks`. */
export function collectBlocks(maxBlocks: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  // Groups in document order; `open` maps each block element to the group its text still adds to.
  const groups: Group[] = [];
  const open = new Map<Element, Group>();
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.data;
    if (!/\S/.test(text)) continue;
    const parent = node.parentElement;
    if (!parent || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TITLE|OPTION)$/.test(parent.tagName)) continue;
    if (!isVisible(parent)) continue;
    range.selectNodeContents(node);
    const clip = clipOf(parent);
    const rects = Array.from(range.getClientRects()).filter(
      (r) =>
        r.width >= 1 &&
        r.height >= 1 &&
        (!clip ||
          (r.right + sx > clip.left + 1 &&
            r.left + sx < clip.right - 1 &&
            r.bottom + sy > clip.top + 1 &&
            r.top + sy < clip.bottom - 1)),
    );
    if (rects.length === 0) continue;
    let left = Infinity,
      top = Infinity,
      right = -Infinity,
      bottom = -Infinity,
      area = 0;
    for (const r of rects) {
      area += r.width * r.height;
      left = Math.min(left, r.left + sx);
      top = Math.min(top, r.top + sy);
      right = Math.max(right, r.right + sx);
      bottom = Math.max(bottom, r.bottom + sy);
    }
    if (right <= 0 || bottom <= 0 || left >= pageWidth || top >= pageHeight) continue;
    const block = blockOf(parent);
    // A block's text that a nested block box interrupts (text straight in <body> between
    // paragraphs, words after a <pre> that closed their <p>) continues as a new block: on the
    // page they are separate blocks. An inline-block (a button in a line) does not interrupt.
    // From block box to enclosing block box (inline elements between them never interrupt).
    for (let e = block; e !== body && e.parentElement;) {
      const outer = blockOf(e.parentElement);
      if (!style(e).display.startsWith('inline')) open.delete(outer);
      e = outer;
    }
    let group = open.get(block);
    if (!group && groups.length >= maxBlocks) break;
    if (!group) {
      group = { block, parts: [], left, top, right, bottom, area: 0, weights: new Map() };
      groups.push(group);
      open.set(block, group);
    }
    group.parts.push(text);
    group.area += area;
    group.left = Math.min(group.left, left);
    group.top = Math.min(group.top, top);
    group.right = Math.max(group.right, right);
    group.bottom = Math.max(group.bottom, bottom);
    group.weights.set(parent, (group.weights.get(parent) || 0) + text.trim().length);
  }
  for (const group of groups) {
    const block = group.block;
    const text = collapse(group.parts.join(' '));
    if (text === '') continue;
    let holder = block;
    let most = -1;
    for (const [el, weight] of group.weights)
      if (weight > most) {
        most = weight;
        holder = el;
      }
    const s = style(holder);
    const overPicture =
      group.top < vh &&
      isOverPicture(holder, (group.left + group.right) / 2, (group.top + group.bottom) / 2);
    blocks.push({
      text,
      box: {
        x: Math.round(group.left),
        y: Math.round(group.top),
        width: Math.max(1, Math.round(group.right - group.left)),
        height: Math.max(1, Math.round(group.bottom - group.top)),
      },
      area: Math.round(group.area),
      color: s.color,
      background: backgroundOf(holder),
      fontFamily: s.fontFamily,
      ...(overPicture ? { overPicture } : {}),
    });
    if (blocks.length >= maxBlocks) break;
  }
  return blocks;
}
