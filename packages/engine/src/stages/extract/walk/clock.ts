/** A clock (issue 23): the visit's date and time a script wrote into the page; listed, not carried. */
import type { Element } from '../dom';
import { collapse, getAttr, walk } from '../dom';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/**
 * Leaves out an element the identity probe marked as a clock (today's date and the present time,
 * written by a script as the page loaded): the rebuild would show the moment it was made as if it
 * were now. Its words are listed as not carried, so that they are not counted as the page's text.
 */
export function handleClock(context: WalkContext, element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.clock) === undefined) return false;
  // A space between its text nodes: a script writes `27/11/2026<i></i>7:21:20`.
  const parts: string[] = [];
  walk(element, (node) => {
    if (node.nodeName === '#text') parts.push((node as { value: string }).value);
  });
  const text = collapse(parts.join(' '));
  context.dropped.push({
    kind: 'script',
    what: `Date and time of the visit "${text}"`,
    reason:
      'A script wrote the moment the page was read: the rebuild would show it as if it were now',
  });
  return true;
}
