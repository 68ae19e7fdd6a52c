/**
 * Dialogs of the original (issue 12): content hidden at load that a trigger opens — a Bootstrap
 * modal, an element with `role=dialog` or `aria-modal`, a `<dialog>` not open, or a hidden element a
 * trigger targets (a lightbox popup). The identity probe marks them in the rendered page
 * (PROBE_MARKS.dialog, PROBE_MARKS.opens); without a browser the markup says the same.
 * They stay dialogs: closed, every word kept, opened by their trigger; an overlay shown on load
 * (a cookie notice, ./overlays.ts) is none.
 */
import type { Element, Node } from './dom';
import { collapse, findElements, getAttr, textContent } from './dom';
import { findOverlay } from './overlays';
import type { TabGroups } from './tab-groups';
import { PROBE_MARKS } from '../../measure/probe-marks';

/** One dialog: its id (the original's, so that old links still name it) and its title. */
export interface DialogInfo {
  id: string;
  title: string;
  element: Element;
}

/** The dialogs of a page, with the ones already turned into blocks (shared by nested walks). */
export interface Dialogs {
  byElement: Map<Element, DialogInfo>;
  byId: Map<string, DialogInfo>;
  /** Ids of the dialogs already emitted as blocks. */
  emitted: Set<string>;
}

const MODAL_CLASS = /(?:^|\s)(?:modal|lightbox-popup|mfp-hide|popup-modal)(?:\s|$)/;
const TOGGLE = /^(?:modal|dialog|lightbox)$/i;

/** The id a trigger opens (`data-target="#x"`, `data-bs-target`, `href="#x"`, `aria-controls`). */
export function targetIdOf(element: Element): string | undefined {
  const marked = getAttr(element, PROBE_MARKS.opens);
  if (marked) return marked;
  for (const name of ['data-target', 'data-bs-target', 'href', 'aria-controls']) {
    const value = getAttr(element, name)?.trim();
    if (!value) continue;
    if (name === 'aria-controls') return value;
    const match = /^#([\w:.-]+)$/.exec(value);
    if (match) return match[1];
  }
  return undefined;
}

function isTrigger(element: Element): boolean {
  return (
    getAttr(element, PROBE_MARKS.opens) !== undefined ||
    TOGGLE.test(getAttr(element, 'data-toggle') ?? '') ||
    TOGGLE.test(getAttr(element, 'data-bs-toggle') ?? '') ||
    (getAttr(element, 'aria-haspopup') ?? '').toLowerCase() === 'dialog'
  );
}

function hiddenByMarkup(element: Element): boolean {
  const style = getAttr(element, 'style') ?? '';
  return (
    getAttr(element, 'hidden') !== undefined ||
    /(?:^|;)\s*display\s*:\s*none/i.test(style) ||
    /(?:^|\s)(?:hidden|d-none|mfp-hide)(?:\s|$)/.test(getAttr(element, 'class') ?? '')
  );
}

/** Dialog-like by its markup: a modal's outer element, role=dialog, aria-modal, a closed <dialog>. */
function isDialogLike(element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.dialog) !== undefined) return true;
  if (element.tagName === 'dialog') return getAttr(element, 'open') === undefined;
  const role = (getAttr(element, 'role') ?? '').toLowerCase();
  if (role === 'dialog' || role === 'alertdialog') return true;
  if ((getAttr(element, 'aria-modal') ?? '').toLowerCase() === 'true') return true;
  return MODAL_CLASS.test(getAttr(element, 'class') ?? '');
}

/** The dialog's title: its label, else its first heading, else its first words. */
function titleOf(root: Node, element: Element): string {
  const label = collapse(getAttr(element, 'aria-label') ?? '');
  if (label) return label;
  const labelledBy = getAttr(element, 'aria-labelledby');
  if (labelledBy) {
    const [named] = findElements(root, (e) => getAttr(e, 'id') === labelledBy);
    const text = named ? collapse(textContent(named)) : '';
    if (text) return text;
  }
  const [heading] = findElements(element, (e) => /^h[1-6]$/.test(e.tagName));
  const text = heading ? collapse(textContent(heading)) : '';
  if (text) return text;
  const words = collapse(textContent(element)).split(' ').slice(0, 6).join(' ');
  return words || 'Details';
}

/**
 * The dialogs under `root`: dialog-like elements (the outermost of nested ones: a modal holds a
 * `.modal-dialog`), and hidden elements a trigger opens. Each needs an id (made up when it has none).
 */
export function findDialogs(root: Node, tabGroups?: TabGroups): Dialogs {
  const targeted = new Set<string>();
  for (const element of findElements(root, isTrigger)) {
    const id = targetIdOf(element);
    if (id) targeted.add(id);
  }
  const dialogs: Dialogs = { byElement: new Map(), byId: new Map(), emitted: new Set() };
  const inside = new Set<Element>();
  let made = 0;
  for (const element of findElements(root, (e) => e.tagName !== 'body' && e.tagName !== 'html')) {
    // A tab group's panel is a tab, whatever marks it.
    if (inside.has(element) || tabGroups?.byElement.has(element)) continue;
    // A consent notice or a sign-up laid over the page on load is no dialog of the site (./overlays.ts).
    if (findOverlay(element)) {
      for (const child of findElements(element, () => true)) inside.add(child);
      continue;
    }
    const id = getAttr(element, PROBE_MARKS.dialog) || getAttr(element, 'id');
    const isDialog = isDialogLike(element) || (!!id && targeted.has(id) && hiddenByMarkup(element));
    if (!isDialog) continue;
    // An element that holds the page's navigation or most of it is a layout wrapper, not a dialog.
    if (findElements(element, (e) => e.tagName === 'nav' || e.tagName === 'main').length > 0)
      continue;
    for (const child of findElements(element, () => true)) inside.add(child);
    const info: DialogInfo = {
      id: id || `dialog-${++made}`,
      title: titleOf(root, element),
      element,
    };
    if (dialogs.byId.has(info.id)) continue;
    dialogs.byElement.set(element, info);
    dialogs.byId.set(info.id, info);
  }
  return dialogs;
}
