/**
 * The site's main menu as a tree (issue 12): every top-level item in order, dropdowns with their
 * children (hidden until hovered in the original, still there in the DOM), the brand link left out.
 * The menu roots are the elements the identity probe marked PROBE_MARKS.menu; without a browser,
 * the first element that reads as navigation.
 */
import type { MenuItem } from '../../model';
import type { Element, Node } from './dom';
import {
  childrenOf,
  collapse,
  findElements,
  getAttr,
  isElement,
  resolveUrl,
  textContent,
} from './dom';
import { isInAside, isNavigation } from './walk/navigation';
import { PROBE_MARKS } from '../../measure/probe-marks';

/** Arrows and carets that mark a dropdown toggle: decoration, not part of the label. */
const TOGGLE_GLYPHS = /[▼▾▿⌄⯆▽↓›»+]+\s*$/u;
const DROPDOWN_CLASS =
  /(?:^|[\s_-])(?:dropdown|submenu|sub-menu|has-sub|has-children|menu-item-has-children|with_ul|children)(?:$|[\s_-])/i;
const DROPDOWN_MENU_CLASS =
  /(?:^|[\s_-])(?:dropdown-menu|submenu|sub-menu|children|submenu_\d+)(?:$|[\s_-])/i;

function classOf(element: Element): string {
  return getAttr(element, 'class') ?? '';
}

/** A language version's link or their line (issue 23): the language switcher's, not the menu's. */
function isLanguageLinks(element: Element): boolean {
  return getAttr(element, PROBE_MARKS.language) !== undefined;
}

function isBrand(element: Element): boolean {
  return (
    isLanguageLinks(element) ||
    getAttr(element, PROBE_MARKS.brand) !== undefined ||
    /(?:^|\s)(?:navbar-brand|brand|logo|site-title|site-logo)(?:\s|$)/.test(classOf(element))
  );
}

function isList(element: Element): boolean {
  return element.tagName === 'ul' || element.tagName === 'ol' || element.tagName === 'menu';
}

/** An item's label: its own words, without nested menus; `<b>x</b><span>x</span>` rollover twins read once. */
function toLabel(element: Element): string {
  const parts = childrenOf(element).filter(
    (child) =>
      !(isElement(child) && (isList(child) || DROPDOWN_MENU_CLASS.test(classOf(child)))) &&
      !(isElement(child) && (child.tagName === 'script' || child.tagName === 'style')),
  );
  const texts = parts.map((part) => collapse(textContent(part))).filter(Boolean);
  const elementTexts = parts
    .filter((part) => isElement(part))
    .map((part) => collapse(textContent(part)))
    .filter(Boolean);
  const label =
    elementTexts.length === 2 &&
    texts.length === 2 &&
    elementTexts[0]!.toLowerCase() === elementTexts[1]!.toLowerCase()
      ? elementTexts[0]!
      : collapse(texts.join(' '));
  return label.replace(TOGGLE_GLYPHS, '').trim() || toPictureLabel(element, parts);
}

/** A file name given as alt text ("nav_home.gif") names no page. */
const FILE_NAME = /\.(?:gif|jpe?g|png|webp|svg|bmp)$/iu;

/**
 * The label of an item drawn as pictures (a hover-swap button, a sliced image): its pictures'
 * alt or title (a hover twin's read once), else the link's own aria-label or title.
 */
function toPictureLabel(element: Element, parts: Node[]): string {
  const names = parts
    .filter(isElement)
    .flatMap((part) =>
      findElements(
        part,
        (e) => e.tagName === 'img' || (e.tagName === 'input' && getAttr(e, 'type') === 'image'),
      ),
    )
    .map((image) => collapse(getAttr(image, 'alt') || getAttr(image, 'title') || ''))
    .filter((name) => name !== '' && !FILE_NAME.test(name));
  const own = [getAttr(element, 'aria-label'), getAttr(element, 'title')]
    .map((name) => collapse(name ?? ''))
    .filter(Boolean);
  return [...new Set(names)].join(' ') || own[0] || '';
}

function toHref(link: Element | undefined, pageUrl: string): string | undefined {
  const raw = link ? getAttr(link, 'href') : undefined;
  if (!raw || /^\s*(?:javascript:|#\s*$)/i.test(raw)) return undefined;
  return resolveUrl(raw, pageUrl);
}

/** The first element under `root` (itself excluded) matching, not looking into nested lists. */
function findOwn(root: Element, predicate: (element: Element) => boolean): Element | undefined {
  for (const child of childrenOf(root)) {
    if (!isElement(child)) continue;
    if (predicate(child)) return child;
    if (isList(child) || DROPDOWN_MENU_CLASS.test(classOf(child))) continue;
    const found = findOwn(child, predicate);
    if (found) return found;
  }
  return undefined;
}

/** The submenu of an item: a nested list or a dropdown panel. */
function findSubmenu(item: Element): Element | undefined {
  return childrenOf(item)
    .filter(isElement)
    .find((child) => isList(child) || DROPDOWN_MENU_CLASS.test(classOf(child)));
}

function toItem(element: Element, pageUrl: string): MenuItem | undefined {
  if (isBrand(element)) return undefined;
  const submenu = findSubmenu(element);
  const link =
    element.tagName === 'a'
      ? element
      : findOwn(element, (e) => e.tagName === 'a' || e.tagName === 'button');
  if (link && isBrand(link)) return undefined;
  const label = toLabel(link ?? element);
  if (!label) return undefined;
  const item: MenuItem = { label, children: submenu ? toItems(submenu, pageUrl) : [] };
  const href = link?.tagName === 'a' ? toHref(link, pageUrl) : undefined;
  if (href) item.href = href;
  // A dropdown toggle that leads nowhere else but whose children do: it stays a toggle.
  if (!item.href && item.children.length === 0) return undefined;
  return item;
}

/** The items of a menu container: its list items, dropdown wrappers and bare links, in order. */
function toItems(container: Element, pageUrl: string): MenuItem[] {
  const items: MenuItem[] = [];
  const visit = (node: Node): void => {
    for (const child of childrenOf(node)) {
      if (!isElement(child) || isBrand(child)) continue;
      const tag = child.tagName;
      if (tag === 'script' || tag === 'style' || tag === 'form' || tag === 'button') continue;
      if (
        tag === 'li' ||
        tag === 'a' ||
        (DROPDOWN_CLASS.test(classOf(child)) && findSubmenu(child))
      ) {
        const item = toItem(child, pageUrl);
        if (item) items.push(item);
        continue;
      }
      visit(child);
    }
  };
  visit(container);
  return items;
}

/**
 * The menu roots of a page: those the probe marked, else the first navigation element; a bar of
 * language links only is none (the menu is found without them), nor is a menu in a marked sidebar.
 */
export function findMenuRoots(document: Node): Element[] {
  const isMenuOfPages = (element: Element): boolean =>
    // A sidebar's menu (a documentation site's table of contents) stays in the sidebar (issue 23).
    !isInAside(element) &&
    !isLanguageLinks(element) &&
    !hasLanguageAncestor(element) &&
    findElements(element, (e) => e.tagName === 'a' && !!getAttr(e, 'href')).some(
      (link) => !isLanguageLinks(link) && !hasLanguageAncestor(link),
    );
  const marked = findElements(
    document,
    (e) => getAttr(e, PROBE_MARKS.menu) !== undefined && isMenuOfPages(e),
  );
  const outermost = marked.filter(
    (element) => !marked.some((other) => other !== element && contains(other, element)),
  );
  if (outermost.length > 0) return outermost;
  const first = findElements(document, (e) => isNavigation(e) && isMenuOfPages(e))[0];
  return first ? [first] : [];
}

function hasLanguageAncestor(node: Element): boolean {
  for (let parent = parentOf(node); parent; parent = parentOf(parent)) {
    if (isElement(parent) && isLanguageLinks(parent)) return true;
  }
  return false;
}

function contains(ancestor: Element, node: Element): boolean {
  for (let parent = node.parentNode as Node | null; parent; parent = parentOf(parent)) {
    if (parent === ancestor) return true;
  }
  return false;
}

function parentOf(node: Node): Node | null {
  return (node as { parentNode?: Node | null }).parentNode ?? null;
}

/** The main menu of a page as a tree; empty when the page has none. */
export function findMenu(document: Node, pageUrl: string): MenuItem[] {
  const items: MenuItem[] = [];
  for (const root of findMenuRoots(document)) {
    for (const item of toItems(root, pageUrl)) {
      if (!items.some((other) => other.label === item.label && other.href === item.href))
        items.push(item);
    }
  }
  return items;
}
