/**
 * A hidden copy of the main menu (issue 23): a site builder writes its menu twice, once for the
 * desktop and once for a phone's drop-down, and hides the phone's by a stylesheet. The rebuild has
 * one menu that serves both; walked as content, the copy showed the menu again as a bulleted list.
 * An element hidden at load (./form-state.ts) whose links all lead where the page's marked menu's
 * links lead is that copy: no content. Decided by the links, never by class names.
 */
import type { Element, Node } from '../dom';
import { findElements, getAttr, isElement, resolveUrl } from '../dom';
import { documentOf, isHiddenAtLoad } from './form-state';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

const menusByDocument = new WeakMap<Node, Set<string>>();

function linksOf(root: Node, pageUrl: string): string[] {
  return findElements(root, (element) => element.tagName === 'a').flatMap((link) => {
    const href = getAttr(link, 'href');
    const url = href === undefined ? undefined : resolveUrl(href, pageUrl);
    return url === undefined ? [] : [url];
  });
}

/** Where the page's marked menus' links lead. */
function menuTargets(document: Node, pageUrl: string): Set<string> {
  const cached = menusByDocument.get(document);
  if (cached) return cached;
  const menus = findElements(document, (e) => getAttr(e, PROBE_MARKS.menu) !== undefined);
  const targets = new Set(menus.flatMap((menu) => linksOf(menu, pageUrl)));
  menusByDocument.set(document, targets);
  return targets;
}

function insideMenu(element: Element): boolean {
  for (let node: Node | null = element; node; node = parentOf(node))
    if (isElement(node) && getAttr(node, PROBE_MARKS.menu) !== undefined) return true;
  return false;
}

function parentOf(node: Node): Node | null {
  return (node as { parentNode?: Node | null }).parentNode ?? null;
}

/** Leaves out a hidden copy of the page's menu. Returns whether the element was one. */
export function handleMenuCopy(context: WalkContext, element: Element): boolean {
  // The root of a walk of its own too: a layout row walks its other children (a header's hidden
  // phone menu beside its logo and menu) each on its own.
  if (!isHiddenAtLoad(element)) return false;
  // A menu's own hidden parts (its drop-downs) are the menu's.
  if (context.nav > 0 || insideMenu(element)) return false;
  const links = linksOf(element, context.pageUrl);
  if (links.length < 2) return false;
  const targets = menuTargets(documentOf(element), context.pageUrl);
  return links.every((link) => targets.has(link));
}
