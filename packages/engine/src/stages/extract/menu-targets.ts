/**
 * The parts of a one-page site (issue 23): its menu links to anchors of the page itself (`#intro`,
 * `#program`), and each anchor begins a part of the page. Where several of them fall under one
 * heading (parts titled with pictures, or not titled at all), the sections split at headings would
 * hold them all and the menu would lead to one place; extract starts a section at each of them.
 */
import type { NavLink } from '../../model';
import { hasClientRoute, toPageAddress } from '../../lib/client-route';
import { PROBE_MARKS } from '../../measure/probe-marks';
import type { Element, Node } from './dom';
import { collapse, findElements, getAttr, resolveUrl, textContent } from './dom';

/** A link's label: its words, else its pictures' alt text. */
function toLabel(link: Element): string {
  const words = collapse(textContent(link));
  if (words) return words;
  return collapse(
    findElements(link, (e) => e.tagName === 'img')
      .map((image) => getAttr(image, 'alt') ?? '')
      .join(' '),
  );
}

/** The element id a link goes to on `pageUrl` itself (not a client-side route's view), if any. */
function toOwnAnchor(href: string, pageUrl: string): string | undefined {
  if (hasClientRoute(href) || toPageAddress(href) !== toPageAddress(pageUrl)) return undefined;
  const hash = href.slice(href.indexOf('#') + 1);
  if (!href.includes('#') || !hash) return undefined;
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/**
 * The anchors of the page its menus link to, each with the label of the first menu link to it: the
 * walk's navigation links and the links of the menus the identity probe marked (in order).
 */
export function findMenuTargets(
  document: Node,
  navLinks: readonly NavLink[],
  pageUrl: string,
): Map<string, string> {
  const targets = new Map<string, string>();
  const add = (href: string, label: string) => {
    const id = toOwnAnchor(href, pageUrl);
    if (id && label && !targets.has(id)) targets.set(id, label);
  };
  for (const link of navLinks) add(link.href, link.label);
  for (const menu of findElements(document, (e) => getAttr(e, PROBE_MARKS.menu) !== undefined))
    for (const link of findElements(menu, (e) => e.tagName === 'a')) {
      const href = getAttr(link, 'href');
      const url = href ? resolveUrl(href, pageUrl) : undefined;
      if (url) add(url, toLabel(link));
    }
  return targets;
}
