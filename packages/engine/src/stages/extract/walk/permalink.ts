/**
 * A heading's permalink mark (issue 23): the `¶`, `§`, `#` or 🔗 link a documentation site puts
 * inside or right beside a heading, pointing at that heading (or its section), shown only on hover.
 * It is a handle for copying the address, not words of the page; the heading keeps its id, so old
 * links to `#install` still land on it. Decided by shape, whatever a theme calls it: a link whose
 * visible text is only such a symbol (or nothing but an icon), in or next to a heading, whose
 * fragment names the heading, an element around the link, or the link itself.
 */
import type { Element, Node } from '../dom';
import { childrenOf, getAttr, isElement, walk } from '../dom';
import { isHiddenElement } from './hidden';
import { SKIPPED } from './skipped';

/** The marks themes draw: pilcrow, section sign, hash, link and anchor emoji. */
const MARK_TEXT = /^[\s¶§#🔗⚓]*$/u;

/** Emoji and text presentation selectors (`⚓️`): they draw a mark, they are not one. */
const VARIATION_SELECTORS = /\uFE0E|\uFE0F/g;

const HEADING = /^h[1-6]$/;

/** True for a heading's permalink mark: the walk leaves it out, words and all. */
export function isPermalinkMark(element: Element): boolean {
  if (element.tagName !== 'a') return false;
  const href = getAttr(element, 'href')?.trim();
  if (!href?.startsWith('#') || href.length < 2) return false;
  if (
    !MARK_TEXT.test(visibleText(element).replace(VARIATION_SELECTORS, '')) ||
    holdsPicture(element)
  )
    return false;
  const heading = headingOf(element);
  if (!heading) return false;
  const target = decodeFragment(href.slice(1));
  return idsAround(element, heading).has(target);
}

/** The heading the link sits in, or the heading right before or after it among its siblings. */
function headingOf(element: Element): Element | undefined {
  for (let node = element.parentNode as Node | null; node && isElement(node);) {
    if (HEADING.test(node.tagName)) return node;
    node = node.parentNode as Node | null;
  }
  const parent = element.parentNode as Node | null;
  if (!parent) return undefined;
  const siblings = childrenOf(parent).filter(
    (child) => isElement(child) || ((child as { value?: string }).value ?? '').trim() !== '',
  );
  const index = siblings.indexOf(element);
  for (const sibling of [siblings[index - 1], siblings[index + 1]])
    if (sibling && isElement(sibling) && HEADING.test(sibling.tagName)) return sibling;
  return undefined;
}

/** Ids the mark may point at: its own, the heading's and every element's around it. */
function idsAround(element: Element, heading: Element): Set<string> {
  const ids = new Set<string>();
  const add = (e: Element): void => {
    const id = getAttr(e, 'id') ?? (e.tagName === 'a' ? getAttr(e, 'name') : undefined);
    if (id) ids.add(id);
  };
  add(heading);
  for (let node: Node | null = element; node && isElement(node);) {
    add(node);
    node = node.parentNode as Node | null;
  }
  return ids;
}

/** The words of a subtree a visitor sees (screen-reader text and vector art left out). */
function visibleText(root: Element): string {
  let text = '';
  walk(root, (node) => {
    if (node.nodeName === '#text') text += (node as { value: string }).value;
    if (node !== root && isElement(node) && (SKIPPED.has(node.tagName) || isHiddenElement(node)))
      return false;
    return true;
  });
  return text;
}

/** A picture in the link is something to see (a figure linking to its own heading), not a mark. */
function holdsPicture(element: Element): boolean {
  let found = false;
  walk(element, (node) => {
    if (isElement(node) && (node.tagName === 'img' || node.tagName === 'picture')) found = true;
    return !found;
  });
  return found;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
