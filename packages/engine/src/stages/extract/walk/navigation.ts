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

const FOOTER_TOKEN = /(?:^|[\s_-])footer(?:$|[\s_-])/i;

/** Whether the element is or lies in a footer: <footer>, role=contentinfo, or named `footer`. */
function isInFooter(element: Element): boolean {
  for (
    let node: Node | null = element;
    node;
    node = (node as { parentNode?: Node | null }).parentNode ?? null
  ) {
    if (!isElement(node)) continue;
    if (node.tagName === 'footer' || getAttr(node, 'role') === 'contentinfo') return true;
    if (FOOTER_TOKEN.test(`${getAttr(node, 'id') ?? ''} ${getAttr(node, 'class') ?? ''}`))
      return true;
  }
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
  // A <nav> of placeholder links (anchors with no address: a page builder's menu left unwired) is
  // a menu as drawn all the same, never the page's first words (issue 23).
  return isLinkDominated(element, tag === 'nav' || role === 'navigation' || role === 'menubar');
}

/**
 * Two links or more, and at least four fifths of the words inside links (hidden words left out).
 * With `placeholders`, an anchor with no address counts as a link too.
 */
export function isLinkDominated(element: Element, placeholders = false): boolean {
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
      if (node.tagName === 'a' && (placeholders || getAttr(node, 'href'))) links++;
      if (SKIPPED.has(node.tagName) || isHiddenElement(node)) return false;
    }
    return true;
  });
  return links >= 2 && linked >= all * 0.8;
}

/** Elements a row of links old pages set as their menu is written in (not lists: a page's contents). */
const ROW_TAGS = new Set(['p', 'div', 'td', 'center']);
/**
 * Links a menu row holds at least (fewer are a breadcrumb or a pager) and at most. Three are a menu
 * only when what stands between them is no breadcrumb's step (`Home | About | Contact`, not
 * `Home > Docs > API`) and every label has a letter (not a pager's `1 2 3`).
 */
const ROW_LINKS = { min: 4, max: 30, short: 3 };
/** Marks between links that make a row a trail of steps, not a menu. */
const TRAIL_MARKS = /[>»›→/\\]/;
/** Nodes a row of links holds at most. */
const ROW_NODES_MAX = 400;
/** Letters of a menu label at most: longer link texts are sentences, not a menu. */
const ROW_LABEL_MAX = 40;

/**
 * A row of links to the site's pages an old page opens with, in place of a menu (issue 23): a
 * FrontPage navigation bar `[ Home ] [ News ] [ Photos ]`, a `|`-separated line in a table cell.
 * Outside any footer, before any words of the page (only headings and pictures before it), a
 * paragraph, division, cell or centre of 4 to 30 links to pages of the site (same origin, not a
 * fragment of this page), with short labels holding at least 85 % of its letters and digits (the
 * brackets and bars between them are no words), no picture and no heading inside. It is the site's
 * menu, rebuilt as the header.
 */
export function isLeadingLinkRow(
  element: Element,
  pageUrl: string,
  before: readonly { kind: string }[],
): boolean {
  if (!ROW_TAGS.has(element.tagName)) return false;
  // A footer's row of links (a page builder's site map at the foot) is the footer's, not the menu
  // the page opens with: a footer walked as a section of its own has nothing before it.
  if (isInFooter(element)) return false;
  if (before.some((block) => block.kind !== 'heading' && block.kind !== 'image')) return false;
  let all = 0;
  let linked = 0;
  const hrefs: string[] = [];
  let fits = true;
  let nodes = 0;
  let between = '';
  let wordless = false;
  const letters = (value: string) => value.replace(/[^\p{L}\p{N}]/gu, '').length;
  walk(element, (node) => {
    // A row of 30 links is a few hundred nodes: a larger subtree is no row (and a page of deep
    // wrappers, each asked in turn, is not walked over and over).
    if (++nodes > ROW_NODES_MAX) fits = false;
    if (!fits) return false;
    if (node.nodeName === '#text') {
      between += (node as { value: string }).value;
      all += letters((node as { value: string }).value);
      return false;
    }
    if (!isElement(node)) return true;
    if (SKIPPED.has(node.tagName) || isHiddenElement(node)) return false;
    if (/^(?:h[1-6]|img|svg|picture|ul|ol|table|form|input|select|textarea)$/.test(node.tagName)) {
      fits = false;
      return false;
    }
    if (node.tagName === 'a') {
      const label = collapse(textOf(node));
      const href = getAttr(node, 'href');
      const target = href === undefined ? undefined : toSitePage(href, pageUrl);
      if (!target || letters(label) === 0 || label.length > ROW_LABEL_MAX) {
        fits = false;
        return false;
      }
      hrefs.push(target);
      if (!/\p{L}/u.test(label)) wordless = true;
      linked += letters(label);
      all += letters(label);
      return false;
    }
    return true;
  });
  const min = TRAIL_MARKS.test(between) || wordless ? ROW_LINKS.min : ROW_LINKS.short;
  return (
    fits &&
    hrefs.length >= min &&
    hrefs.length <= ROW_LINKS.max &&
    new Set(hrefs).size >= min &&
    linked >= all * 0.85
  );
}

/** The text inside an element (its hidden parts left out). */
function textOf(element: Element): string {
  let out = '';
  walk(element, (node) => {
    if (node.nodeName === '#text') out += (node as { value: string }).value;
    else if (isElement(node) && (SKIPPED.has(node.tagName) || isHiddenElement(node))) return false;
    return true;
  });
  return out;
}

/** A link's page on the page's own site, without its fragment; undefined for another site's or this page's. */
function toSitePage(href: string, pageUrl: string): string | undefined {
  try {
    const url = new URL(href, pageUrl);
    const page = new URL(pageUrl);
    if (url.origin !== page.origin || !/^https?:$/.test(url.protocol)) return undefined;
    url.hash = '';
    page.hash = '';
    return url.href === page.href && href.startsWith('#') ? undefined : url.href;
  } catch {
    return undefined;
  }
}
