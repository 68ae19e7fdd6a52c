/**
 * The walk's dispatch: which handler an element's tag goes to, in three steps.
 *
 * 1. Dropped kinds (scripts, styles, embeds...), reported even when hidden.
 * 2. (Overlays laid over the page on load are kept out, ./overlay.ts, docks pinned to a side of
 *    the window, ./dock.ts, and so are a form's states
 *    hidden at load, ./form-state.ts, and panels of controls hidden at load with the controls that
 *    open them, ./closed-panel.ts; other hidden elements are skipped, and so is what the
 *    original shows only on paper, the visit's date and time a script wrote (./clock.ts), on
 *    hover or to open its menu on a small screen; icon-font glyphs become icon runs.) Leaf kinds,
 *    whose whole subtree one handler turns into a block or a form field: images, rules, preformatted text, data tables, controls,
 *    form labels. A leaf handler may decline (a layout table, a label naming no field) and the
 *    element goes on.
 * 3. (The element's id is recorded as a link target; a tab group becomes a tabs block, a carousel
 *    a carousel block, cards side by side an items block.) Container
 *    kinds the walk goes into: blocks, links, inline marks. Any other element is walked into.
 */
import type { Element, Node } from '../dom';
import { getAttr, isElement } from '../dom';
import { recordAnchor } from './anchor';
import { handleAside, recordAsideStart } from './aside';
import { BLOCKS, handleBlock, handleSubheading } from './block';
import { handleClock } from './clock';
import { handleClosedPanel } from './closed-panel';
import { handleButtonRow } from './button-row';
import { handleButton, handleControl, handleInput } from './control';
import { enterDialogTrigger, handleDialog } from './dialog';
import { handleDock } from './dock';
import { handleSkipLink } from './skip-link';
import { EMBEDS, handleEmbed } from './embed';
import { pushText } from './flush';
import { handleLabel } from './form';
import { handleFormState } from './form-state';
import { isHiddenElement } from './hidden';
import { handleMenuCopy } from './menu-copy';
import { handleUnfilledSlot } from './unfilled-slot';
import { handleIcon } from './icon';
import { handleImage } from './image';
import { inlineMark } from './inline-mark';
import { handleLineBreak } from './line-break';
import { handleLink } from './link';
import { enterCellFill, enterTextSize, handleTone } from './tone';
import { handleOverlay } from './overlay';
import { isMenuToggle } from './menu-toggle';
import { handlePanels } from './panels';
import { isPermalinkMark } from './permalink';
import { handlePreformatted } from './preformatted';
import { handlePrintOnly } from './print-only';
import { handleRule } from './rule';
import { handleScreenCopy } from './screen-copy';
import { SKIPPED, handleSkipped } from './skipped';
import { handleTabGroup } from './tab-group';
import { handleTable } from './table';
import type { Handler, WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

function byTags(tags: Iterable<string>, handler: Handler): [string, Handler][] {
  return [...tags].map((tag) => [tag, handler]);
}

/** Step 1: kinds dropped with their subtree, hidden or not. */
export const DROPPED_HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ...byTags(SKIPPED, handleSkipped),
  ...byTags(EMBEDS, handleEmbed),
]);

/** Step 2: leaf kinds. */
export const LEAF_HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ['br', handleLineBreak],
  ['img', handleImage],
  ['hr', handleRule],
  ...byTags(['pre', 'xmp', 'listing', 'plaintext'], handlePreformatted),
  ['table', handleTable],
  ['input', handleInput],
  ['select', handleControl],
  ['textarea', handleControl],
  ['button', handleButton],
  ['label', handleLabel],
]);

/** Step 3: container kinds. */
export const CONTAINER_HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ...byTags(BLOCKS, handleBlock),
  ['small', handleSubheading],
  ['a', handleLink],
  ...byTags(['b', 'strong'], inlineMark('strong')),
  ...byTags(['i', 'em', 'cite', 'dfn'], inlineMark('em')),
  ...byTags(['code', 'tt', 'kbd', 'samp', 'var'], inlineMark('code')),
  ...byTags(['font', 'big'], handleTone),
]);

/**
 * An entry screen the identity probe marked (PROBE_MARKS.splash: a "Lets begin" link alone in a
 * screen that hid the content): listed as not carried, so that it is neither the hero nor content;
 * the rebuild opens on the content.
 */
function handleSplash(context: WalkContext, element: Element): boolean {
  const label = getAttr(element, PROBE_MARKS.splash);
  if (label === undefined) return false;
  context.dropped.push({
    kind: 'other',
    what: `Entry screen "${label}"`,
    reason: 'An entry screen that hid the content until clicked: the rebuild opens on the content',
  });
  return true;
}

/**
 * Marks the original does not show at rest (issue 23): a heading's permalink mark or what the probe
 * saw shown only on hover (its own id stays a link target), and the menu toggle of a small screen
 * (the rebuilt header has its own). None carries words of the page of its own.
 */
function handleNotShownMark(context: WalkContext, element: Element): boolean {
  // What only a pointer over it shows, its words shown elsewhere too (the probe's mark).
  if (isPermalinkMark(element) || getAttr(element, PROBE_MARKS.hoverOnly) !== undefined) {
    recordAnchor(context, element);
    return true;
  }
  return isMenuToggle(element, context.root);
}

/** Enters a node of the walk: returns whether to walk into its children. */
export function enterNode(context: WalkContext, node: Node): boolean {
  if (node.nodeName === '#text') {
    const text = (node as { value: string }).value;
    // After a control's box, a word is apart from it; punctuation ("Large.") stays against it.
    if (context.afterControl && /^[\p{L}\p{N}]/u.test(text)) pushSpace(context);
    if (/\S/.test(text)) context.afterControl = false;
    const before = context.buffer.length;
    pushText(context, text);
    // Where the buffer's words begin: a label beside the picture before it (./flush.ts).
    const parent = node.parentNode;
    if (
      context.bufferFrom === undefined &&
      context.buffer.length > before &&
      /\S/.test(text) &&
      parent &&
      isElement(parent)
    )
      context.bufferFrom = parent;
    return false;
  }
  if (!isElement(node))
    return node.nodeName === '#document' || node.nodeName === '#document-fragment';
  return enterElement(context, node);
}

/** Controls a browser draws as boxes of their own, whatever the markup puts between them. */
const BOXED_CONTROLS = new Set(['button', 'label', 'select', 'input', 'textarea']);

/** A space after the words so far, unless they end in one (or a line) or go to a label or button. */
function pushSpace(context: WalkContext): void {
  if (context.labelDepth > 0 || context.buttonText) return;
  const last = context.buffer.at(-1);
  if (last && !last.br && /\S$/.test(last.text)) context.buffer.push({ text: ' ' });
}

function enterElement(context: WalkContext, element: Element): boolean {
  // A control is a box of its own (a row of filter buttons written without spaces, a count beside
  // a "per page" label): its words stay apart from those around it, never "AllBirdsTrees".
  const boxed = BOXED_CONTROLS.has(element.tagName);
  if (boxed) pushSpace(context);
  const entered = enterElementKind(context, element);
  if (boxed) {
    if (!entered) context.afterControl = true;
    else {
      const undo = context.exits.get(element);
      context.exits.set(element, () => {
        undo?.();
        context.afterControl = true;
      });
    }
  }
  // A dialog's trigger (after its handler, whose own exit it keeps): what it holds opens the dialog.
  if (entered) enterDialogTrigger(context, element);
  // The size the page's CSS set its text in (after its handler, whose own exit it keeps).
  if (entered) enterTextSize(context, element);
  // The fill of a coloured box round a title (after its handler, whose own exit it keeps).
  if (entered) enterCellFill(context, element);
  return entered;
}

function enterElementKind(context: WalkContext, element: Element): boolean {
  const tag = element.tagName;
  const dropped = DROPPED_HANDLERS.get(tag);
  if (dropped) return dropped(context, element) ?? false;
  // An item listed again among its siblings (a filterable gallery's): shown once, at the first.
  if (element !== context.root && context.pictures.copies.has(element)) return false;
  // Before dialogs and hidden kinds: a consent notice is often a dialog, or hidden until a script
  // finds no consent stored.
  if (handleOverlay(context, element)) return false;
  // A dock pinned to a side of the window (social icons, back to top): chrome, not content.
  if (handleDock(context, element)) return false;
  if (handleSkipLink(context, element)) return false;
  // A dialog is hidden until opened: placed closed, its words kept.
  if (handleDialog(context, element) === false) return false;
  // A hidden copy of the menu (a phone's drop-down beside the desktop's): the rebuild has one.
  if (handleMenuCopy(context, element)) return false;
  // Before the other hidden kinds: a form's sent message is often a live region too.
  if (handleFormState(context, element)) return false;
  // A panel of controls hidden at load (settings, a language menu) and its toggle: no content.
  if (handleClosedPanel(context, element)) return false;
  if (isHiddenElement(element)) return false;
  // A script's template quoting an empty slot (a search's `results matching ""`): no content.
  if (handleUnfilledSlot(context, element)) return false;
  if (handlePrintOnly(context, element)) return false;
  // The visit's date and time a script wrote (a header's clock): the moment of the read, no content.
  if (handleClock(context, element)) return false;
  // A copy for another screen size (a phone layout beside the desktop one): what it holds is shown.
  if (handleScreenCopy(context, element)) return false;
  // Language versions' links (stages/extract/language-versions.ts): the rebuild's switcher.
  if (getAttr(element, PROBE_MARKS.language) !== undefined) return false;
  if (handleSplash(context, element)) return false;
  if (handleNotShownMark(context, element)) return false;
  const icon = handleIcon(context, element);
  if (icon !== undefined) return icon;
  const leaf = LEAF_HANDLERS.get(tag)?.(context, element);
  if (leaf !== undefined) return leaf;
  recordAnchor(context, element);
  recordAsideStart(context, element);
  if (handleAside(context, element) === false) return false;
  if (handleTabGroup(context, element) === false) return false;
  if (handlePanels(context, element) === false) return false;
  // A row of separate buttons (filter pills): separate items, not one paragraph of labels.
  if (handleButtonRow(context, element)) return false;
  return CONTAINER_HANDLERS.get(tag)?.(context, element) ?? true;
}

/** Leaves a node of the walk: undoes what its handler set up. */
export function exitNode(context: WalkContext, node: Node): void {
  const undo = context.exits.get(node);
  if (undo) {
    context.exits.delete(node);
    undo();
  }
}
