/**
 * An item listed again (issue 23): a filterable gallery lists a photo once per category it belongs
 * to ("All", "Events", "Graduations"…) and its script shows one category at load, hiding the others
 * by a stylesheet the walk cannot read. The rebuild has no filter and shows every item: an item the
 * same as one before it among its siblings (the same pictures, words and links) but listed under
 * other classes (its category's) is that item again, shown once. Equal items of one kind (a
 * template's placeholder cards) are all shown, as the original showed them. Decided by what the items hold, never by their class names.
 */
import { findCarouselSlides } from '../carousels';
import type { Element, Node } from '../dom';
import { childrenOf, collapse, getAttr, isElement, resolveUrl, textContent, walk } from '../dom';
import { pictureOf } from '../picture-key';
import { SKIPPED } from './skipped';
import type { AssetIndex } from './walk-context';

/** A table's rows and cells are its data: equal rows stay. */
const NOT_ITEMS = new Set(['tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'img']);

/** An item longer than this is an article; two equal articles are left to the page's author. */
const MAX_ITEM_TEXT = 700;

/** What an item shows: its pictures (by their bytes when fetched), its links and its words. */
function toItemKey(item: Element, pageUrl: string, assets: AssetIndex): string | undefined {
  const pictures: string[] = [];
  const links: string[] = [];
  walk(item, (node) => {
    if (!isElement(node)) return true;
    if (node !== item && SKIPPED.has(node.tagName)) return false;
    if (node.tagName === 'img') {
      const raw = getAttr(node, 'src') ?? getAttr(node, 'data-src');
      const src = raw && !raw.startsWith('data:') ? resolveUrl(raw, pageUrl) : undefined;
      if (src) pictures.push(pictureOf(src, assets));
    }
    if (node.tagName === 'a') links.push(getAttr(node, 'href') ?? '');
    return true;
  });
  // Only items with a picture: equal words alone ("Read more", a price) repeat by design; and
  // with words or a link: a row of the same icon (rating stars, spacers) is drawn, not listed.
  if (pictures.length === 0) return undefined;
  const text = collapse(textContent(item));
  if (text.length > MAX_ITEM_TEXT || (text === '' && links.length === 0)) return undefined;
  return JSON.stringify([pictures, links, text]);
}

/**
 * The elements of `root` that are an earlier sibling's item again under another category: same
 * tag, pictures, links and words, other classes (the category's). The first of each stays.
 */
export function findItemCopies(root: Node, pageUrl: string, assets: AssetIndex): Set<Element> {
  const copies = new Set<Element>();
  walk(root, (node) => {
    if (!isElement(node) && node !== root) return true;
    if (isElement(node) && SKIPPED.has(node.tagName)) return false;
    // A slider's copies of its slides are its own (./panels.ts keeps one of each).
    if (isElement(node) && findCarouselSlides(node)) return false;
    const children = childrenOf(node).filter(isElement);
    if (children.length < 2) return true;
    // Each item's classes where it was first listed, by what it shows.
    const seen = new Map<string, Set<string>>();
    for (const child of children) {
      if (NOT_ITEMS.has(child.tagName)) continue;
      const key = toItemKey(child, pageUrl, assets);
      if (key === undefined) continue;
      const tagged = `${child.tagName} ${key}`;
      const classes = getAttr(child, 'class')?.trim().replace(/\s+/g, ' ') ?? '';
      const listed = seen.get(tagged);
      // Listed again under another category (its classes differ): a copy. Equal items of one kind
      // (a template's placeholder team cards) are each shown, as the original showed them.
      if (listed && !listed.has(classes)) copies.add(child);
      else if (listed) listed.add(classes);
      else seen.set(tagged, new Set([classes]));
    }
    return true;
  });
  return copies;
}
