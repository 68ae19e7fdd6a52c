/**
 * Finds the tab groups of a page: a list of in-page links (or ARIA tabs) whose targets are panels
 * that a script shows one at a time. jQuery, jQuery UI and Bootstrap hide the inactive panels with
 * display:none; their content is still the page's, and the rebuild keeps it in a tabs component.
 *
 * Recognised: a list of `#id` links whose targets are sibling panels, named like tabs somewhere
 * (`.tabs` / `.tabs_cont` / `.tab-content` of jQuery-era templates, jQuery UI's `#tabs`);
 * Bootstrap's `.nav-tabs` or `data-toggle="tab"` links with their `.tab-pane`s; and ARIA
 * `role="tablist"` / `role="tab"` with `aria-controls`. A table of contents (in-page links to
 * sections that are all shown) is not a tab group: it has no tab naming and no ARIA tabs.
 */
import type { Element, Node } from './dom';
import {
  childrenOf,
  collapse,
  findElement,
  findElements,
  getAttr,
  isElement,
  textContent,
  walk,
} from './dom';

/** One tab of a group in the original's DOM. */
export interface TabElement {
  /** The panel's id in the rebuild: the original's when it is usable, unique on the page. */
  id: string;
  label: string;
  panel: Element;
}

/** A group of tabs in the original's DOM. */
export interface TabGroup {
  /** The element holding the tabs (a ul, a `role="tablist"` element...). */
  list: Element;
  tabs: TabElement[];
  /** Name of the tab list: its ARIA label, or the label of an in-page link to the part holding it. */
  label?: string;
}

/** The tab groups of a page, looked up by their list and by each of their panels. */
export interface TabGroups {
  byElement: Map<Node, TabGroup>;
  /** Every group's list, to tell a tab list from the site's navigation. */
  lists: Set<Node>;
}

/** No tab groups (for subtrees that cannot hold any, such as table cells). */
export const NO_TAB_GROUPS: TabGroups = { byElement: new Map(), lists: new Set() };

/** Class or id words that name tabs: `tabs`, `tab-content`, `tabs_cont`, `ui-tabs-nav`, `tabContent`. */
const TAB_WORD =
  /^(?:tabs?|tabbed|tabset|tabber|tabbertab|tabcontent|tabcont|tabpane|tabpanel|tabpanels|tabnav|tablist|tabbar|tabcontainer|tabwrap|tabwrapper)$/;
/** How far the list and the panels may sit from the element that holds them both. */
const MAX_DEPTH = 5;
/** Private Use Area glyphs of icon fonts (`<i class="fa fa-tree">`): empty boxes without the font. */
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

function parentOf(node: Node): Node | null {
  return (node as { parentNode?: Node | null }).parentNode ?? null;
}

function hasTabWord(element: Element): boolean {
  const names = `${getAttr(element, 'class') ?? ''} ${getAttr(element, 'id') ?? ''}`
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return names.split(/[\s_-]+/).some((part) => TAB_WORD.test(part));
}

function classTokens(element: Element): string[] {
  return (getAttr(element, 'class') ?? '').split(/\s+/).filter(Boolean);
}

/** The id a trigger points at (`aria-controls`, `data-bs-target`, `data-target`, `href="#id"`). */
function targetIdOf(element: Element): string | undefined {
  const controls = getAttr(element, 'aria-controls')?.trim().split(/\s+/)[0];
  const raw =
    controls !== undefined && controls !== ''
      ? `#${controls}`
      : (getAttr(element, 'data-bs-target') ??
        getAttr(element, 'data-target') ??
        (element.tagName === 'a' ? getAttr(element, 'href') : undefined));
  const value = raw?.trim();
  if (!value?.startsWith('#') || value.length < 2 || /^#[!/]/.test(value)) return undefined;
  try {
    return decodeURIComponent(value.slice(1));
  } catch {
    return value.slice(1);
  }
}

/** A link or button that does nothing on its own (`href="#"`, a dropdown toggle). */
function isDummy(element: Element): boolean {
  const href = getAttr(element, 'href')?.trim();
  const toggle = getAttr(element, 'data-toggle') ?? getAttr(element, 'data-bs-toggle');
  if (toggle === 'dropdown') return true;
  if (element.tagName === 'button') return targetIdOf(element) === undefined;
  return href === undefined || href === '' || href === '#' || /^javascript:/i.test(href);
}

function contains(ancestor: Node, node: Node): boolean {
  for (let current: Node | null = node; current; current = parentOf(current))
    if (current === ancestor) return true;
  return false;
}

/** Ancestors of a node, nearest first, the node itself included. */
function lineage(node: Node): Node[] {
  const out: Node[] = [];
  for (let current: Node | null = node; current; current = parentOf(current)) out.push(current);
  return out;
}

/**
 * The text of a link or tab. Menus of jQuery-era templates repeat the label for a hover effect
 * (`<a><b>Menu</b><span>Menu</span></a>`): a label its children all repeat counts once.
 */
function linkTextOf(element: Element): string {
  const parts = childrenOf(element)
    .map((child) => collapse(textContent(child).replace(ICON_GLYPHS, '')))
    .filter(Boolean);
  if (parts.length >= 2 && parts.every((part) => part === parts[0])) return parts[0]!;
  return collapse(textContent(element).replace(ICON_GLYPHS, ''));
}

function labelOf(trigger: Element, panel: Element): string {
  const text = linkTextOf(trigger);
  if (text) return text;
  const inner = findElement(trigger, (e) => e.tagName === 'a' || e.tagName === 'button');
  const named = collapse(
    getAttr(trigger, 'aria-label') ??
      getAttr(trigger, 'title') ??
      (inner ? (getAttr(inner, 'aria-label') ?? getAttr(inner, 'title')) : undefined) ??
      '',
  );
  if (named) return named;
  const heading = findElement(panel, (e) => /^h[1-6]$/.test(e.tagName));
  return heading ? collapse(textContent(heading).replace(ICON_GLYPHS, '')) : '';
}

interface Candidate {
  list: Element;
  /** Outermost trigger per panel, in document order. */
  tabs: { trigger: Element; panel: Element }[];
  explicit: boolean;
}

/** Reads one candidate list: its tabs when it is a tab list, else undefined. */
function readCandidate(list: Element, byId: Map<string, Element>): Candidate | undefined {
  const tabs: { trigger: Element; panel: Element }[] = [];
  const covered = new Set<Node>();
  let explicit =
    getAttr(list, 'role') === 'tablist' ||
    classTokens(list).some((token) => token === 'nav-tabs' || token === 'ui-tabs-nav');
  let stray = false;
  walk(list, (node) => {
    if (!isElement(node)) return false;
    if (node === list) return true;
    const isControl = node.tagName === 'a' || node.tagName === 'button';
    const isTab = getAttr(node, 'role') === 'tab' || getAttr(node, 'aria-controls') !== undefined;
    if (!isControl && !isTab) return true;
    const id = targetIdOf(node);
    const panel = id === undefined ? undefined : byId.get(id);
    const insideTrigger = lineage(node).some((ancestor) => covered.has(ancestor));
    if (panel && !insideTrigger) {
      if (!tabs.some((tab) => tab.panel === panel)) tabs.push({ trigger: node, panel });
      covered.add(node);
      const toggle = getAttr(node, 'data-toggle') ?? getAttr(node, 'data-bs-toggle');
      if (getAttr(node, 'role') === 'tab' || toggle === 'tab' || toggle === 'pill') explicit = true;
    } else if (isControl && !insideTrigger && !isDummy(node)) {
      stray = true;
    }
    return true;
  });
  if (stray || tabs.length < 2) return undefined;
  // A tab list is its tabs: text outside them (a description per item) makes it a list of content.
  let all = 0;
  let outside = 0;
  walk(list, (node) => {
    if (node.nodeName !== '#text') return true;
    const length = collapse((node as { value: string }).value).length;
    all += length;
    if (!lineage(node).some((ancestor) => covered.has(ancestor))) outside += length;
    return false;
  });
  if (outside > all * 0.2) return undefined;
  for (const { panel } of tabs) {
    if (contains(panel, list) || contains(list, panel)) return undefined;
    if (tabs.some((other) => other.panel !== panel && contains(other.panel, panel)))
      return undefined;
  }
  return { list, tabs, explicit };
}

/** True when the list and its panels sit close together and, unless ARIA or Bootstrap says so, are named like tabs. */
function isTabGroup(candidate: Candidate): boolean {
  const { list, tabs, explicit } = candidate;
  const panelParents = new Set(tabs.map((tab) => parentOf(tab.panel)));
  const listLine = lineage(list);
  const first = tabs[0]!.panel;
  const panelLine = lineage(first);
  const common = panelLine.find((node) => listLine.includes(node));
  if (!common) return false;
  const listDepth = listLine.indexOf(common);
  const panelDepth = panelLine.indexOf(common) - 1;
  if (listDepth > MAX_DEPTH || panelDepth > MAX_DEPTH) return false;
  if (explicit) return true;
  if (panelParents.size !== 1) return false;
  const named = [
    ...listLine.slice(0, listDepth + 1),
    ...panelLine.slice(0, panelDepth + 2),
    ...tabs.map((tab) => tab.panel),
  ];
  return named.some((node) => isElement(node) && hasTabWord(node));
}

/** The accessible name of the list, when the original gave it one. */
function ariaLabelOf(list: Element, byId: Map<string, Element>): string | undefined {
  const label = collapse(getAttr(list, 'aria-label') ?? '');
  if (label) return label;
  const ids = (getAttr(list, 'aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  const text = collapse(
    ids
      .map((id) => byId.get(id))
      .filter((e): e is Element => e !== undefined)
      .map((e) => textContent(e))
      .join(' '),
  );
  return text || undefined;
}

/**
 * Hash-switched "pages" of jQuery-era templates (`<a href="#!/page_menu">Menu</a>` showing
 * `<li id="page_menu">`) and one-page sites (`<a href="#menu">`) name the part that holds the tabs.
 */
function linkedLabelOf(
  group: Candidate,
  linkLabels: Map<string, string>,
  groupText: number,
): string | undefined {
  const listLine = lineage(group.list);
  const common = lineage(group.tabs[0]!.panel).find((node) => listLine.includes(node));
  for (let current = common ?? null; current; current = parentOf(current)) {
    if (!isElement(current) || current.tagName === 'body' || current.tagName === 'html') break;
    const id = getAttr(current, 'id');
    const label = id === undefined ? undefined : linkLabels.get(id);
    if (label === undefined) continue;
    // A "back to top" link to a wrapper of the whole page does not name the tabs.
    const size = collapse(textContent(current)).length;
    return size <= groupText * 1.25 + 40 ? label : undefined;
  }
  return undefined;
}

/** Finds every tab group of a page (or subtree). */
export function findTabGroups(root: Node): TabGroups {
  const byId = new Map<string, Element>();
  const candidates: Element[] = [];
  const links: Element[] = [];
  walk(root, (node) => {
    if (!isElement(node)) return true;
    if (['script', 'style', 'template', 'noscript'].includes(node.tagName)) return false;
    const id = getAttr(node, 'id');
    if (id && !byId.has(id)) byId.set(id, node);
    const tag = node.tagName;
    if (
      getAttr(node, 'role') === 'tablist' ||
      tag === 'ul' ||
      tag === 'ol' ||
      tag === 'menu' ||
      ((tag === 'div' || tag === 'nav' || tag === 'p') &&
        (hasTabWord(node) || classTokens(node).includes('nav')))
    )
      candidates.push(node);
    if (tag === 'a' && getAttr(node, 'href')?.trim().startsWith('#')) links.push(node);
    return true;
  });

  const claimed = new Set<Node>();
  const lists = new Set<Node>();
  const accepted: Candidate[] = [];
  for (const list of candidates) {
    if (accepted.some((group) => contains(group.list, list))) continue;
    const candidate = readCandidate(list, byId);
    if (!candidate || !isTabGroup(candidate)) continue;
    if (candidate.tabs.some((tab) => claimed.has(tab.panel))) continue;
    accepted.push(candidate);
    lists.add(list);
    for (const tab of candidate.tabs) claimed.add(tab.panel);
  }

  const linkLabels = new Map<string, string>();
  for (const link of links) {
    if (lineage(link).some((node) => lists.has(node))) continue;
    const id = /^#(?:!?\/)?([^/]+)$/.exec(getAttr(link, 'href')!.trim())?.[1];
    const label = linkTextOf(link);
    if (id && label && label.length <= 60 && !linkLabels.has(id)) linkLabels.set(id, label);
  }

  const byElement = new Map<Node, TabGroup>();
  const usedIds = new Set<string>();
  let fallback = 0;
  for (const candidate of accepted) {
    const tabs: TabElement[] = candidate.tabs.map(({ trigger, panel }, index) => {
      const original = getAttr(panel, 'id') ?? '';
      let id = original;
      if (!/^[A-Za-z][\w-]*$/.test(id) || usedIds.has(id)) {
        do id = `tab-panel-${++fallback}`;
        while (usedIds.has(id) || byId.has(id));
      }
      usedIds.add(id);
      return { id, label: labelOf(trigger, panel) || String(index + 1), panel };
    });
    const group: TabGroup = { list: candidate.list, tabs };
    const groupText = tabs.reduce((n, tab) => n + collapse(textContent(tab.panel)).length, 0);
    const label =
      ariaLabelOf(candidate.list, byId) ?? linkedLabelOf(candidate, linkLabels, groupText);
    if (label) group.label = label;
    byElement.set(candidate.list, group);
    for (const tab of tabs) byElement.set(tab.panel, group);
  }
  return { byElement, lists };
}

/** True when every link of the element is a tab of a group: a `<nav>` around tabs is no menu. */
export function holdsOnlyTabs(element: Element, groups: TabGroups): boolean {
  if (groups.lists.size === 0) return false;
  const links = findElements(element, (e) => e.tagName === 'a' && !!getAttr(e, 'href'));
  return (
    links.length > 0 && links.every((link) => lineage(link).some((node) => groups.lists.has(node)))
  );
}
