/**
 * A skip link of the original ("Skip to content", out of sight until focused; the identity probe
 * marks it, PROBE_MARKS.skipLink): the rebuild's layout has a skip link of its own, so this one is
 * not content. Listed as not carried.
 */
import type { Element } from '../dom';
import { collapse, getAttr, textContent } from '../dom';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** Leaves out a marked skip link, listing its words. */
export function handleSkipLink(context: WalkContext, element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.skipLink) === undefined) return false;
  const words = collapse(textContent(element));
  context.dropped.push({
    kind: 'other',
    what: `Skip link "${words}"`,
    reason: 'A link shown only to keyboards, to skip to the content: the rebuild has its own',
  });
  return true;
}
