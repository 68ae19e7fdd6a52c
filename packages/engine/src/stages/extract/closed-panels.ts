/**
 * Panels hidden at load that a control of the page opens (issue 23): a reader's font and theme
 * settings, a language or account dropdown, a collapsed answer. Which of them are content is told by
 * what they hold: a panel of controls (buttons, fields, links that go nowhere, with at most a few
 * short captions) does nothing in the rebuild and is no content, and neither is the control that
 * opened it; a panel with words of its own that the page shows nowhere else (an answer), pictures,
 * headings or links to other pages stays content, closed or shown as today.
 *
 * Where they are comes from the identity probe (PROBE_MARKS.closed on the panel, PROBE_MARKS.toggles
 * on its controls, both valued with the panel's id), and, for a page read without a browser, from the
 * markup: hidden by its attribute or inline style, and named by a control (`aria-controls`,
 * `data-target`) or right after one (`aria-expanded`, `aria-haspopup`, a dropdown toggle).
 */
import type { Element, Node } from './dom';
import {
  childrenOf,
  collapse,
  findElements,
  getAttr,
  isElement,
  resolveUrl,
  textContent,
  walk,
} from './dom';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { toDocumentUrl } from '../../lib/client-route';

/** The panels of a page that are controls only, and the controls that open them. */
export interface ClosedPanels {
  /** Panels holding only controls (a settings menu): no content. */
  readonly controlPanels: ReadonlySet<Element>;
  /** The controls that open those panels: they open nothing in the rebuild. */
  readonly toggles: ReadonlySet<Element>;
}

/** Captions of a panel of controls ("Font size", "Theme"): short, and few. */
const MAX_CAPTION_LENGTH = 24;
const MAX_CAPTIONS_LENGTH = 40;

const CONTROL_TAGS = new Set(['button', 'input', 'select', 'textarea', 'option', 'optgroup']);
const CONTROL_ROLES = new Set([
  'button',
  'checkbox',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'slider',
  'spinbutton',
  'switch',
]);
/** What is content wherever it is: pictures, headings, tables, media. */
const CONTENT_TAGS = new Set([
  'img',
  'picture',
  'svg',
  'video',
  'audio',
  'iframe',
  'object',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const INLINE_HIDDEN = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;
const DROPDOWN_TOGGLE = /^(?:dropdown|collapse)$/i;

/** A link that goes nowhere: a script's handle (`#`, `javascript:`, no address). */
function goesNowhere(link: Element): boolean {
  const href = getAttr(link, 'href')?.trim();
  return href === undefined || href === '' || href === '#' || /^javascript:/i.test(href);
}

function isControl(element: Element): boolean {
  if (CONTROL_TAGS.has(element.tagName)) return true;
  if (CONTROL_ROLES.has((getAttr(element, 'role') ?? '').toLowerCase())) return true;
  return element.tagName === 'a' && goesNowhere(element);
}

function isHiddenByMarkup(element: Element): boolean {
  return (
    getAttr(element, 'hidden') !== undefined || INLINE_HIDDEN.test(getAttr(element, 'style') ?? '')
  );
}

/** A control that says it opens something: expanded state, a popup, a dropdown or collapse toggle. */
function isToggle(element: Element): boolean {
  return (
    isControl(element) &&
    (getAttr(element, 'aria-expanded') !== undefined ||
      getAttr(element, 'aria-haspopup') !== undefined ||
      DROPDOWN_TOGGLE.test(getAttr(element, 'data-toggle') ?? '') ||
      DROPDOWN_TOGGLE.test(getAttr(element, 'data-bs-toggle') ?? ''))
  );
}

function previousElement(element: Element): Element | undefined {
  const siblings = childrenOf(element.parentNode as Node);
  for (let i = siblings.indexOf(element) - 1; i >= 0; i--) {
    const sibling = siblings[i]!;
    if (isElement(sibling)) return sibling;
  }
  return undefined;
}

/** The ids a control names as what it opens. */
function namedTargets(element: Element): string[] {
  const ids = (getAttr(element, 'aria-controls') ?? '').split(/\s+/).filter(Boolean);
  for (const name of ['data-target', 'data-bs-target']) {
    const match = /^#([\w:.-]+)$/.exec(getAttr(element, name)?.trim() ?? '');
    if (match) ids.push(match[1]!);
  }
  return ids;
}

/** The panels and their toggles: as the probe marked them, and as the markup tells. */
function findCandidates(document: Node): Map<Element, Element[]> {
  const panels = new Map<Element, Element[]>();
  const byMark = new Map<string, Element>();
  for (const panel of findElements(document, (e) => getAttr(e, PROBE_MARKS.closed) !== undefined)) {
    panels.set(panel, []);
    byMark.set(getAttr(panel, PROBE_MARKS.closed)!, panel);
  }
  for (const toggle of findElements(document, (e) => getAttr(e, PROBE_MARKS.toggles) !== undefined))
    for (const id of getAttr(toggle, PROBE_MARKS.toggles)!.split(/\s+/)) {
      const panel = byMark.get(id);
      if (panel) panels.get(panel)!.push(toggle);
    }
  // Without a browser: hidden by the markup, opened by a control that names it or stands before it.
  const named = new Map<string, Element[]>();
  for (const control of findElements(document, isControl))
    for (const id of namedTargets(control)) named.set(id, [...(named.get(id) ?? []), control]);
  walk(document, (node) => {
    if (!isElement(node)) return true;
    if (panels.has(node)) return false;
    if (!isHiddenByMarkup(node) || node.tagName === 'input' || node.tagName === 'template')
      return true;
    const role = (getAttr(node, 'role') ?? '').toLowerCase();
    if (role === 'tabpanel' || role === 'dialog' || role === 'alertdialog') return false;
    const id = getAttr(node, 'id');
    const before = previousElement(node);
    const toggles = [
      ...((id && named.get(id)) || []),
      ...(before && isToggle(before) ? [before] : []),
    ];
    if (toggles.length > 0) panels.set(node, toggles);
    return false;
  });
  return panels;
}

/**
 * True when the panel holds only controls: no picture, heading or table, no link to another page
 * (a language version's link is the switcher's), at least one control, and of words outside its
 * controls only short captions or words the page shows elsewhere.
 */
function isControlPanel(panel: Element, pageUrl: string, pageText: string): boolean {
  let controls = 0;
  let content = false;
  const captions: string[] = [];
  walk(panel, (node) => {
    if (content) return false;
    if (node.nodeName === '#text') {
      const words = collapse((node as { value: string }).value);
      if (/[\p{L}\p{N}]/u.test(words)) captions.push(words);
      return false;
    }
    if (!isElement(node)) return false;
    if (node.tagName === 'script' || node.tagName === 'style') return false;
    if (getAttr(node, PROBE_MARKS.language) !== undefined) return false;
    if (CONTENT_TAGS.has(node.tagName)) {
      content = true;
      return false;
    }
    if (node.tagName === 'a' && !goesNowhere(node)) {
      const href = resolveUrl(getAttr(node, 'href')!, pageUrl);
      if (!href || toDocumentUrl(href) !== toDocumentUrl(pageUrl)) {
        content = true;
        return false;
      }
    }
    if (isControl(node)) {
      controls++;
      return false;
    }
    return true;
  });
  if (content || controls === 0) return false;
  // Words the page shows once, here, are its own (an answer); shown elsewhere too, they are not.
  const own = captions.filter((words) => pageText.indexOf(words) === pageText.lastIndexOf(words));
  return (
    own.every((words) => words.length <= MAX_CAPTION_LENGTH) &&
    own.join(' ').length <= MAX_CAPTIONS_LENGTH
  );
}

const cache = new WeakMap<Node, ClosedPanels>();

/** The page's panels of controls hidden at load, and their toggles (computed once per document). */
export function findClosedPanels(document: Node, pageUrl: string): ClosedPanels {
  const cached = cache.get(document);
  if (cached) return cached;
  const pageText = collapse(textContent(document));
  const controlPanels = new Set<Element>();
  const toggles = new Set<Element>();
  for (const [panel, opening] of findCandidates(document)) {
    if (!isControlPanel(panel, pageUrl, pageText)) continue;
    controlPanels.add(panel);
    for (const toggle of opening) toggles.add(toggle);
  }
  const found = { controlPanels, toggles };
  cache.set(document, found);
  return found;
}

/** The label a panel of controls is listed by in the report: its controls' words. */
export function toControlPanelLabel(panel: Element): string {
  const words = collapse(
    findElements(panel, isControl)
      .map((control) => collapse(textContent(control)) || getAttr(control, 'aria-label') || '')
      .filter(Boolean)
      .join(' '),
  );
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}
