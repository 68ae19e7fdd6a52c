/** Print-only content (issue 23): hidden on screen, shown only on paper; listed, not carried. */
import type { Element } from '../dom';
import { collapse, getAttr, textContent } from '../dom';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/**
 * Leaves out an element marked print-only (by the identity probe, or from the stylesheets by
 * ../print-only.ts): its words were never on screen, so they are neither content nor counted as
 * the page's text; when it has words it is listed as not carried.
 */
export function handlePrintOnly(context: WalkContext, element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.printOnly) === undefined) return false;
  const text = collapse(textContent(element));
  if (text)
    context.dropped.push({
      kind: 'other',
      what: `Print-only text "${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`,
      reason: 'Shown only when the page is printed, never on screen',
    });
  return true;
}
