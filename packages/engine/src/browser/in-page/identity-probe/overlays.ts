/**
 * Overlays the page lays over itself on load (issue 23): a cookie or consent notice, a newsletter
 * sign-up, a chat launcher. An element the browser draws fixed or sticky to the viewport whose
 * words and controls make one of these kinds (measure/overlay-kind.ts, the rule extract reads the
 * markup with too) is marked PROBE_MARKS.overlay with its kind, the outermost only, whether shown
 * yet or still waiting for its script. This step runs first: the later ones look past the marked
 * overlays, so that a cookie bar's fill or its "Accept" button is no evidence of the brand's
 * colours, and extract leaves them out of the content.
 */
import { EMAIL_FIELD, toOverlayKind } from '../../../measure/overlay-kind';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { rectOf, style, text } from './dom';
import { doc, H, W } from './view';

/** Holding one of these, an element is the page or its frame, never an overlay over it. */
const PAGE_PARTS = 'nav, main, h1, article';

const CONTROLS = 'a[href], button, input[type=submit], input[type=button], [role=button]';

/** A chat launcher sits in a corner: narrower and lower than this share of the viewport. */
const LAUNCHER_SHARE = 0.4;

/** The ids something on the page opens (an in-page link, a toggle's target, aria-controls). */
function readOpenedIds(): Set<string> {
  const opened = new Set<string>();
  for (const t of doc.querySelectorAll('[href^="#"], [data-target], [data-bs-target]')) {
    for (const name of ['href', 'data-target', 'data-bs-target']) {
      const id = /^#([\w:.-]+)$/.exec((t.getAttribute(name) || '').trim())?.[1];
      if (id) opened.add(id);
    }
  }
  for (const t of doc.querySelectorAll('[aria-controls]'))
    for (const id of (t.getAttribute('aria-controls') || '').split(/\s+/)) if (id) opened.add(id);
  return opened;
}

const labelOf = (c: Element): string =>
  text(c) || (c as HTMLInputElement).value || c.getAttribute('aria-label') || '';

const isEmailField = (input: HTMLInputElement): boolean =>
  input.type === 'email' ||
  ['name', 'id', 'placeholder', 'aria-label'].some((name) =>
    EMAIL_FIELD.test(input.getAttribute(name) || ''),
  );

/** Small enough to be a launcher in a corner (one not laid out yet, hidden, has no size). */
const isSmall = (e: Element): boolean => {
  const r = rectOf(e);
  return r.width <= W * LAUNCHER_SHARE && r.height <= H * LAUNCHER_SHARE;
};

/** Marks the overlays the page lays over itself. */
export function markOverlays(): void {
  const opened = readOpenedIds();
  for (const e of doc.querySelectorAll('body *')) {
    if (/^(?:SCRIPT|STYLE|TEMPLATE|NOSCRIPT|svg)$/.test(e.tagName)) continue;
    const position = style(e).position;
    if (position !== 'fixed' && position !== 'sticky') continue;
    if (e.closest(markSelector(PROBE_MARKS.overlay)) || e.querySelector(PAGE_PARTS)) continue;
    const frames = [...e.querySelectorAll('iframe')].map((f) => f.title);
    const kind = toOverlayKind({
      text: [e.getAttribute('aria-label') || '', text(e), ...frames].join(' ').trim(),
      controls: [...e.querySelectorAll(CONTROLS)].map(labelOf),
      hasEmailField: [...e.querySelectorAll('input')].some(isEmailField),
      isLauncher: isSmall(e),
      isOpened: !!e.id && opened.has(e.id),
    });
    if (kind) e.setAttribute(PROBE_MARKS.overlay, kind);
  }
}

/** Inside (or being) an overlay the page lays over itself. */
export const inOverlay = (e: Element): boolean => !!e.closest(markSelector(PROBE_MARKS.overlay));
