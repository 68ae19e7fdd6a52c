/**
 * Overlays the original laid over itself on load (issue 23): a cookie or consent notice, a
 * newsletter sign-up, a chat launcher. They are not content (the walk lists them as not carried,
 * ./walk/overlay.ts), not dialogs of the site (./dialogs.ts) and no evidence of its colours
 * (./brand.ts). The identity probe marks them in the rendered page (PROBE_MARKS.overlay, valued
 * with the kind); without a browser the markup says where one sits: an inline `position: fixed` or
 * `sticky`, a dialog (`role=dialog|alertdialog`, `aria-modal`, `<dialog>`) or a region named by its
 * `aria-label`. What it says and offers decides its kind (measure/overlay-kind.ts), never a vendor's
 * class names.
 */
import type { Element, Node } from './dom';
import { collapse, findElement, findElements, getAttr, textContent } from './dom';
import type { OverlayKind } from '../../measure/overlay-kind';
import { EMAIL_FIELD, isOverlayKind, toOverlayKind } from '../../measure/overlay-kind';
import { PROBE_MARKS } from '../../measure/probe-marks';

const FIXED = /(?:^|;)\s*position\s*:\s*(?:fixed|sticky)/i;

/** Holding one of these, an element is the page or its frame, never an overlay over it. */
const PAGE_PARTS = new Set(['nav', 'main', 'h1', 'article']);

const factsByDocument = new WeakMap<Node, Set<string>>();

function parentOf(node: Node): Node | null {
  return (node as { parentNode?: Node | null }).parentNode ?? null;
}

function documentOf(element: Element): Node {
  let node: Node = element;
  for (let parent = parentOf(node); parent; parent = parentOf(parent)) node = parent;
  return node;
}

/** The ids that something on the page opens: an in-page link, a toggle's target, aria-controls. */
function readOpenedIds(document: Node): Set<string> {
  const cached = factsByDocument.get(document);
  if (cached) return cached;
  const opened = new Set<string>();
  for (const element of findElements(document, () => true)) {
    const marked = getAttr(element, PROBE_MARKS.opens);
    if (marked) opened.add(marked);
    for (const name of ['href', 'data-target', 'data-bs-target']) {
      const id = /^#([\w:.-]+)$/.exec(getAttr(element, name)?.trim() ?? '')?.[1];
      if (id) opened.add(id);
    }
    for (const id of (getAttr(element, 'aria-controls') ?? '').split(/\s+/)) if (id) opened.add(id);
  }
  factsByDocument.set(document, opened);
  return opened;
}

/** Where an element sits, as its markup says: fixed to the viewport, a dialog, or in the flow. */
function surfaceOf(element: Element): 'fixed' | 'dialog' | undefined {
  if (FIXED.test(getAttr(element, 'style') ?? '')) return 'fixed';
  const role = (getAttr(element, 'role') ?? '').trim().toLowerCase();
  if (
    element.tagName === 'dialog' ||
    role === 'dialog' ||
    role === 'alertdialog' ||
    (getAttr(element, 'aria-modal') ?? '').trim().toLowerCase() === 'true' ||
    (role === 'region' && collapse(getAttr(element, 'aria-label') ?? '') !== '')
  )
    return 'dialog';
  return undefined;
}

const isControl = (e: Element): boolean =>
  e.tagName === 'button' ||
  (e.tagName === 'a' && getAttr(e, 'href') !== undefined) ||
  (e.tagName === 'input' && /^(?:submit|button)$/i.test(getAttr(e, 'type') ?? '')) ||
  getAttr(e, 'role') === 'button';

const labelOf = (e: Element): string =>
  collapse(textContent(e)) || collapse(getAttr(e, 'value') ?? getAttr(e, 'aria-label') ?? '');

const isEmailField = (e: Element): boolean =>
  e.tagName === 'input' &&
  ((getAttr(e, 'type') ?? '').toLowerCase() === 'email' ||
    ['name', 'id', 'placeholder', 'aria-label'].some((name) =>
      EMAIL_FIELD.test(getAttr(e, name) ?? ''),
    ));

/**
 * The kind of overlay the element is (the probe's mark, else its markup), or undefined when it is
 * none. The walk asks this of every element, so the cheap test of where it sits comes first.
 */
export function findOverlay(element: Element): OverlayKind | undefined {
  const marked = getAttr(element, PROBE_MARKS.overlay);
  if (marked !== undefined) return isOverlayKind(marked) ? marked : undefined;
  const surface = surfaceOf(element);
  if (!surface) return undefined;
  if (findElement(element, (e) => PAGE_PARTS.has(e.tagName))) return undefined;
  const id = getAttr(element, 'id');
  // A frame's title and a label name what has no words of its own (a chat launcher's iframe).
  const named = findElements(element, (e) => e.tagName === 'iframe').map(
    (frame) => getAttr(frame, 'title') ?? '',
  );
  return toOverlayKind({
    text: collapse(
      [getAttr(element, 'aria-label') ?? '', textContent(element), ...named].join(' '),
    ),
    controls: findElements(element, isControl).map(labelOf),
    hasEmailField: findElement(element, isEmailField) !== undefined,
    isLauncher: surface === 'fixed',
    isOpened: !!id && readOpenedIds(documentOf(element)).has(id),
  });
}

/** What the report says of an overlay left out, by kind. */
export const OVERLAY_REPORT: Record<OverlayKind, { what: string; reason: string }> = {
  cookie: {
    what: 'Cookie notice',
    reason: 'A cookie notice the original showed over the page: not content of it',
  },
  newsletter: {
    what: 'Newsletter pop-up',
    reason: 'A newsletter sign-up the original showed over the page: not content of it',
  },
  chat: {
    what: 'Chat widget',
    reason: 'A chat launcher the original kept in a corner of the screen: not content of it',
  },
};
