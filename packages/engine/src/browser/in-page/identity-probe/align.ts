/**
 * Text alignment as rendered: an element whose computed text-align differs from its parent's is
 * marked PROBE_MARKS.align (`center` or `left`); the body always is, so that extract knows the page
 * was measured and reads these marks rather than guessing from class names.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { style } from './dom';
import { body } from './view';

export function markAlignment(): void {
  const aligns = new Map<Element, string>();
  const alignOf = (e: Element): string => {
    let a = aligns.get(e);
    if (a === undefined) {
      a = /center/.test(style(e).textAlign) ? 'center' : 'left';
      aligns.set(e, a);
    }
    return a;
  };
  body.setAttribute(PROBE_MARKS.align, alignOf(body));
  for (const e of [...body.querySelectorAll('*')].slice(0, 20000)) {
    if (e.closest('svg, script, style, template') || !e.parentElement) continue;
    const a = alignOf(e);
    if (a !== alignOf(e.parentElement)) e.setAttribute(PROBE_MARKS.align, a);
  }
}
