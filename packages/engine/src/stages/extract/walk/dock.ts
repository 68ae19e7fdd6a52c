/**
 * A dock the original pinned to a side of the window (issue 23; the identity probe marks it,
 * PROBE_MARKS.dock): social icons whose names show on hover, a "back to top" or feedback button.
 * Not content: its links to social profiles are the site's (../contact.ts finds them in the whole
 * document, docks included), links going nowhere (`#`, `javascript:`) are dropped, and its other
 * words are listed as not carried.
 */
import type { Element, Node } from '../dom';
import { collapse, getAttr, isElement, resolveUrl, walk } from '../dom';
import { findSocial } from '../contact';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** Longer than this, the report quotes the first words of a dock. */
const QUOTE_LENGTH = 80;

/** A link to one of the site's social profiles. */
function isSocialLink(context: WalkContext, element: Element): boolean {
  if (element.tagName !== 'a') return false;
  const href = resolveUrl(getAttr(element, 'href') ?? '', context.pageUrl);
  return href !== undefined && findSocial([], [href]).length > 0;
}

/** The dock's words, but for its social links' names (carried as the site's profiles). */
function otherWordsOf(context: WalkContext, dock: Element): string {
  let words = '';
  walk(dock, (node: Node) => {
    if (node.nodeName === '#text') words += ` ${(node as { value: string }).value}`;
    if (!isElement(node)) return true;
    return !/^(?:script|style)$/.test(node.tagName) && !isSocialLink(context, node);
  });
  return collapse(words);
}

/** Leaves out a dock pinned to a side of the window, listing its words other than social names. */
export function handleDock(context: WalkContext, element: Element): boolean {
  if (element === context.root || getAttr(element, PROBE_MARKS.dock) === undefined) return false;
  const text = otherWordsOf(context, element);
  const quote = text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text;
  context.dropped.push({
    kind: 'other',
    what: quote ? `Side dock "${quote}"` : 'Side dock',
    reason:
      'A bar the original pinned to a side of the window (social icons, back to top): not content of it; its social profiles are kept as the site’s',
  });
  return true;
}
