/** Navigation: menus are rebuilt as the site header, so the walk collects their links apart. */
import type { Element, Node } from '../dom';
import { collapse, getAttr, isElement, walk } from '../dom';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { isHiddenElement } from './hidden';
import { SKIPPED } from './skipped';

/**
 * Whether the element is or lies in a sidebar the probe marked (PROBE_MARKS.aside): a menu there is
 * the sidebar's own content (a documentation site's table of contents), drawn in the sidebar, never
 * moved into the header (issue 23).
 */
export function isInAside(element: Element): boolean {
  for (
    let node: Node | null = element;
    node;
    node = (node as { parentNode?: Node | null }).parentNode ?? null
  )
    if (isElement(node) && getAttr(node, PROBE_MARKS.aside) !== undefined) return true;
  return false;
}

const NAV_TOKEN =
  /(?:^|[\s_-])(?:nav|navbar|navigation|topnav|mainnav|main-nav|menubar|main-menu|menu-main|site-menu|primary-menu)(?:$|[\s_-])/i;

/** Link-dominated lists and containers named like a menu are the site's navigation. */
export function isNavigation(element: Element): boolean {
  const tag = element.tagName;
  const role = getAttr(element, 'role');
  const named = `${getAttr(element, 'class') ?? ''} ${getAttr(element, 'id') ?? ''}`;
  if (!(
    tag === 'nav' ||
    role === 'navigation' ||
    role === 'menubar' ||
    ((tag === 'ul' || tag === 'div') && NAV_TOKEN.test(named))
  ))
    return false;
  return isLinkDominated(element);
}

/** Two links or more, and at least four fifths of the words inside links (hidden words left out). */
export function isLinkDominated(element: Element): boolean {
  let all = 0;
  let linked = 0;
  let links = 0;
  walk(element, (node) => {
    if (node.nodeName === '#text') {
      const length = collapse((node as { value: string }).value).length;
      all += length;
      let parent = node.parentNode as Node | null;
      while (parent && parent !== element) {
        if (isElement(parent) && parent.tagName === 'a') {
          linked += length;
          break;
        }
        parent = (parent as { parentNode: Node | null }).parentNode;
      }
      return false;
    }
    if (isElement(node)) {
      if (node.tagName === 'a' && getAttr(node, 'href')) links++;
      if (SKIPPED.has(node.tagName) || isHiddenElement(node)) return false;
    }
    return true;
  });
  return links >= 2 && linked >= all * 0.8;
}
