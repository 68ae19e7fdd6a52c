/**
 * Panels hidden at load that a control of the page opens (issue 23): a reader's font and theme
 * settings, a language dropdown, a collapsed answer. Their stylesheet hides them (extract reads the
 * HTML without styles), and a script opens them on a click, so the probe marks the outermost such
 * panel PROBE_MARKS.closed and the controls that open it PROBE_MARKS.toggles, both valued with an
 * id of its own; extract tells from what the panel holds whether it is content
 * (stages/extract/closed-panels.ts). A control opens a panel when it names it (`aria-controls`,
 * `data-target`, `href="#id"`) or stands right before it. Dialogs, tab panels, overlays, entry
 * screens, print-only parts and copies for another screen size are marked apart and left alone.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { style, text } from './dom';
import { doc } from './view';

/** A control: a button, a field, or a link that goes nowhere (a script's handle). */
const CONTROL =
  'button, summary, [role="button"], [aria-expanded], [aria-haspopup], [data-toggle], [data-bs-toggle], a[href="#"], a[href^="javascript:"], a:not([href])';
/** Longer than this, the words before a panel are a text of their own, not one control's. */
const MAX_TOGGLE_TEXT = 120;

const SKIPPED = /^(?:SCRIPT|STYLE|TEMPLATE|NOSCRIPT|OPTION|OPTGROUP|DIALOG|INPUT|BR|LINK|META)$/;

const MARKED_APART = [
  PROBE_MARKS.dialog,
  PROBE_MARKS.overlay,
  PROBE_MARKS.splash,
  PROBE_MARKS.printOnly,
  PROBE_MARKS.screenCopy,
  PROBE_MARKS.slider,
  PROBE_MARKS.closed,
]
  .map(markSelector)
  .join(', ');

const hiddenHere = (e: Element): boolean => {
  const s = style(e);
  return s.display === 'none' || s.visibility === 'hidden';
};

/** The element or one of its ancestors is hidden. */
const inHidden = (e: Element | null): boolean => {
  for (let node = e; node && node !== doc.body; node = node.parentElement)
    if (hiddenHere(node)) return true;
  return false;
};

/** The ids a control names as what it opens. */
const namedTargets = (control: Element): string[] => {
  const ids = (control.getAttribute('aria-controls') || '').split(/\s+/).filter(Boolean);
  for (const name of ['data-target', 'data-bs-target', 'href']) {
    const match = /^#([\w:.-]+)$/.exec((control.getAttribute(name) || '').trim());
    if (match?.[1]) ids.push(match[1]);
  }
  return ids;
};

/**
 * The control an element right before a panel is, or holds alone with few words and no picture
 * around it (a question's button; not a gallery's item whose link goes nowhere).
 */
const toggleBefore = (panel: Element): Element | undefined => {
  const before = panel.previousElementSibling;
  if (!before || inHidden(before)) return undefined;
  if (before.matches(CONTROL)) return before;
  if (before.querySelector('img, picture, video')) return undefined;
  const controls = before.querySelectorAll(CONTROL);
  return controls.length === 1 && text(before).length <= MAX_TOGGLE_TEXT ? controls[0] : undefined;
};

/** Marks the panels hidden at load that a control opens, and their controls. */
export function markClosedPanels(): void {
  const named = new Map<string, Element[]>();
  for (const control of doc.querySelectorAll(CONTROL)) {
    if (inHidden(control)) continue;
    for (const id of namedTargets(control)) named.set(id, [...(named.get(id) || []), control]);
  }
  let count = 0;
  for (const e of doc.querySelectorAll('body *')) {
    if (SKIPPED.test(e.tagName) || !hiddenHere(e) || inHidden(e.parentElement)) continue;
    if (e.closest(MARKED_APART) || e.closest('[role="tabpanel"], [role="tablist"]')) continue;
    if (e.querySelector(markSelector(PROBE_MARKS.dialog))) continue;
    const before = toggleBefore(e);
    const toggles = [...((e.id && named.get(e.id)) || []), ...(before ? [before] : [])];
    if (toggles.length === 0) continue;
    const id = `sitelift-closed-${++count}`;
    e.setAttribute(PROBE_MARKS.closed, id);
    for (const toggle of new Set(toggles)) {
      const ids = toggle.getAttribute(PROBE_MARKS.toggles);
      toggle.setAttribute(PROBE_MARKS.toggles, ids ? `${ids} ${id}` : id);
    }
  }
}
