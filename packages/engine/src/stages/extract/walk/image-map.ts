/**
 * Image maps (issue 23): a picture whose regions link to pages (`<img usemap>` with a `<map>` of
 * `<area href>`) is kept once as a picture, and its regions become a row of text links named by
 * their alt text or title (plan names a region without either by its target page's title), so
 * that the pages it led to stay reachable by keyboard, screen reader and phone.
 */
import type { InlineRun, NavLink } from '../../../model';
import type { Element, Node } from '../dom';
import { collapse, findElements, getAttr, resolveUrl } from '../dom';
import { emit } from './emit';
import type { WalkContext } from './walk-context';

/** The document an element belongs to (parse5 trees link parents only). */
function rootOf(element: Element): Node {
  let node: Node = element;
  while ('parentNode' in node && node.parentNode) node = node.parentNode as Node;
  return node;
}

/** The links of the map an image uses, in order, one per target: label (may be empty) and URL. */
export function findImageMapLinks(element: Element, pageUrl: string): NavLink[] {
  const usemap = getAttr(element, 'usemap')?.trim().replace(/^#/, '');
  if (!usemap) return [];
  const map = findElements(
    rootOf(element),
    (e) => e.tagName === 'map' && (getAttr(e, 'name') === usemap || getAttr(e, 'id') === usemap),
  )[0];
  if (!map) return [];
  const links: NavLink[] = [];
  for (const area of findElements(map, (e) => e.tagName === 'area')) {
    const raw = getAttr(area, 'href')?.trim();
    if (!raw || raw.startsWith('#') || getAttr(area, 'nohref') !== undefined) continue;
    if (/^javascript:/i.test(raw)) continue;
    const href = resolveUrl(raw, pageUrl);
    if (!href) continue;
    const label = collapse(getAttr(area, 'alt') ?? '') || collapse(getAttr(area, 'title') ?? '');
    const known = links.find((link) => link.href === href);
    if (known) {
      if (!known.label) known.label = label;
      continue;
    }
    links.push({ label, href });
  }
  return links;
}

/**
 * After an image map's picture: its regions' links, as the menu's links inside a navigation, else
 * as one row of text links right under the picture.
 */
export function emitImageMapLinks(context: WalkContext, element: Element): void {
  const links = findImageMapLinks(element, context.pageUrl);
  if (links.length === 0) return;
  if (context.nav > 0) {
    context.navLinks.push(...links.filter((link) => link.label));
    return;
  }
  const items: InlineRun[][] = links.map((link) => [{ text: link.label, href: link.href }]);
  emit(context, { kind: 'list', ordered: false, items, inline: true });
}
