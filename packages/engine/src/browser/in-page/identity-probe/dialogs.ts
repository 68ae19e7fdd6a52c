/**
 * Dialogs hidden at load (issue 12): a modal, role=dialog, aria-modal, a <dialog> not open, or a
 * hidden element a dialog trigger targets (a lightbox popup). Marked PROBE_MARKS.dialog with their
 * id, their triggers PROBE_MARKS.opens with the id they open: extract keeps them as closed dialogs,
 * not as page content.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { style } from './dom';
import { inSplash } from './entry-screen';
import { inOverlay } from './overlays';
import { doc } from './view';

const DIALOG_TOGGLE = /^(?:modal|dialog|lightbox)$/i;

const shownNow = (e: Element): boolean => {
  const s = style(e);
  return s.display !== 'none' && s.visibility !== 'hidden';
};

/** The id a trigger targets (`data-target`, `aria-controls`, an in-page `href`). */
const targetOf = (t: Element): string | undefined => {
  const value = (
    t.getAttribute('data-target') ||
    t.getAttribute('data-bs-target') ||
    t.getAttribute('aria-controls') ||
    t.getAttribute('href') ||
    ''
  ).trim();
  const m = /^#?([\w:.-]+)$/.exec(value);
  if (!m || (value === t.getAttribute('href') && !value.startsWith('#'))) return undefined;
  return m[1];
};

const opensDialog = (t: Element): boolean =>
  DIALOG_TOGGLE.test(t.getAttribute('data-toggle') || t.getAttribute('data-bs-toggle') || '') ||
  (t.getAttribute('aria-haspopup') || '').toLowerCase() === 'dialog';

/** Marks the page's hidden dialogs and their triggers. */
export function markDialogs(): void {
  const dialogTriggers = new Map<string, Element[]>();
  for (const t of doc.querySelectorAll(
    '[data-toggle], [data-bs-toggle], [aria-haspopup], a[href^="#"]',
  )) {
    const id = targetOf(t);
    if (!id) continue;
    // Tabs, collapsible panels and dropdowns are hidden and targeted too: they are not dialogs.
    const toggle = t.getAttribute('data-toggle') || t.getAttribute('data-bs-toggle') || '';
    if (/^(?:tab|pill|collapse|dropdown)$/i.test(toggle) || t.getAttribute('role') === 'tab')
      continue;
    if (
      !opensDialog(t) &&
      (t.hasAttribute('aria-expanded') || t.closest(`nav, ${markSelector(PROBE_MARKS.menu)}`))
    )
      continue;
    const list = dialogTriggers.get(id) || [];
    list.push(t);
    dialogTriggers.set(id, list);
  }
  let dialogCount = 0;
  for (const e of doc.querySelectorAll('body *')) {
    if (e.closest(markSelector(PROBE_MARKS.dialog)) || inSplash(e) || inOverlay(e) || shownNow(e))
      continue;
    const dialogLike =
      e.tagName === 'DIALOG' ||
      e.matches('.modal, [role="dialog"], [role="alertdialog"], [aria-modal="true"]');
    const triggers = (e.id && dialogTriggers.get(e.id)) || [];
    if (!dialogLike && triggers.length === 0) continue;
    // Panels side by side, one shown and the others targeted (jQuery tabs by plain links): tabs.
    if (
      !dialogLike &&
      !triggers.some(opensDialog) &&
      [...(e.parentElement?.children || [])].some(
        (sibling) =>
          sibling !== e && sibling.id && dialogTriggers.has(sibling.id) && shownNow(sibling),
      )
    )
      continue;
    if (
      e.querySelector(`nav, main, ${markSelector(PROBE_MARKS.menu)}`) ||
      e.closest('[role="tabpanel"]')
    )
      continue;
    const id = e.id || `sitelift-dialog-${++dialogCount}`;
    e.setAttribute(PROBE_MARKS.dialog, id);
    for (const t of triggers) t.setAttribute(PROBE_MARKS.opens, id);
  }
}
