/**
 * Short texts hidden at load on a page with a form (issue 23): a contact form's "Thank you! Your
 * message was sent." or "*This is not a valid email address.", hidden by the page's stylesheet until
 * a script reveals it. extract reads the HTML without styles, so the probe marks what the browser
 * rendered hidden (PROBE_MARKS.hidden); extract decides from the markup which of them are the form's
 * states. Only the outermost hidden element is marked, and only one that could be a message: no
 * heading, field, form or table in it, a few words long. Dialogs are marked before and left alone.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { style, text } from './dom';
import { inSplash } from './entry-screen';
import { inOverlay } from './overlays';
import { doc } from './view';

/** Longer than this, a hidden text is content (an answer, a panel), not a message. */
const MAX_MESSAGE_LENGTH = 300;

const NOT_A_MESSAGE = 'h1, h2, h3, h4, h5, h6, form, input, select, textarea, table, nav';

const hiddenHere = (e: Element): boolean => {
  const s = style(e);
  return s.display === 'none' || s.visibility === 'hidden';
};

/** Marks the short texts hidden at load, when the page has a form. */
export function markHiddenText(): void {
  if (doc.forms.length === 0) return;
  for (const e of doc.querySelectorAll('body *')) {
    if (/^(?:SCRIPT|STYLE|TEMPLATE|NOSCRIPT|OPTION|DIALOG)$/.test(e.tagName) || !hiddenHere(e))
      continue;
    const parent = e.parentElement;
    // Inside a marked message, or hidden only as its parent is (visibility is inherited).
    if (parent && (parent.closest(markSelector(PROBE_MARKS.hidden)) || hiddenHere(parent)))
      continue;
    if (e.closest(markSelector(PROBE_MARKS.dialog)) || inSplash(e) || inOverlay(e)) continue;
    const words = text(e);
    if (!/\p{L}{2}/u.test(words) || words.length > MAX_MESSAGE_LENGTH) continue;
    if (e.querySelector(NOT_A_MESSAGE)) continue;
    e.setAttribute(PROBE_MARKS.hidden, '');
  }
}
