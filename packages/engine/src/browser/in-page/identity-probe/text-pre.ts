/**
 * Preformatted text that is not code: a `<pre>` whose computed font names no monospace family and
 * that draws no fill of its own is marked PROBE_MARKS.textPre. Old pages lay out lists of dates,
 * times and places in a `<pre>` with tabs and set it in the body's type; a code block is monospace
 * (the browser's default for `<pre>`) or sits on a panel.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, style } from './dom';
import { body } from './view';

/** A family list that names a monospace face, or the generic one. */
const MONOSPACE =
  /monospace|mono\b|courier|consolas|menlo|monaco|lucida console|fixedsys|typewriter/i;

/** Whether a computed style draws a fill (colour or picture) of its own. */
function hasFill(s: CSSStyleDeclaration): boolean {
  const color = s.backgroundColor.replace(/\s+/g, '');
  const clear = color === '' || color === 'transparent' || /^rgba\(.*,0\)$/.test(color);
  return !clear || (s.backgroundImage !== '' && s.backgroundImage !== 'none');
}

export function isTextPre(pre: Element): boolean {
  const s = style(pre);
  return s.fontFamily !== '' && !MONOSPACE.test(s.fontFamily) && !hasFill(s);
}

export function markTextPres(): void {
  for (const pre of [...body.querySelectorAll('pre, xmp, listing, plaintext')].slice(0, 500)) {
    if (isShown(pre) && isTextPre(pre)) pre.setAttribute(PROBE_MARKS.textPre, '');
  }
}
