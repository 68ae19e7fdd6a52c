/** Overlays the original laid over itself on load (issue 23): left out, listed as not carried. */
import type { Element, Node } from '../dom';
import { collapse, isElement, walk } from '../dom';
import { findOverlay, OVERLAY_REPORT } from '../overlays';
import type { WalkContext } from './walk-context';

/** Longer than this, the report quotes the first words of an overlay. */
const QUOTE_LENGTH = 80;

/** Elements inside a line of text: no space between their words and the words around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'em',
  'i',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
]);

/** An element's words as they read, a space where a block or a control ends ("privacy" | "We"). */
export function wordsOf(element: Element): string {
  let words = '';
  const gap = (node: Node): void => {
    if (isElement(node) && !INLINE.has(node.tagName)) words += ' ';
  };
  walk(
    element,
    (node) => {
      if (node.nodeName === '#text') words += (node as { value: string }).value;
      if (isElement(node) && (node.tagName === 'script' || node.tagName === 'style')) return false;
      gap(node);
      return true;
    },
    gap,
  );
  return collapse(words);
}

/**
 * Leaves out a cookie notice, a newsletter pop-up or a chat launcher (../overlays.ts): its words
 * are neither content nor counted as the page's text, and the report lists it, quoting its words.
 * The root of a walk is never one (a dialog walked on its own is the site's).
 */
export function handleOverlay(context: WalkContext, element: Element): boolean {
  if (element === context.root) return false;
  const kind = findOverlay(element);
  if (!kind) return false;
  const text = wordsOf(element);
  const quote = text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text;
  const { what, reason } = OVERLAY_REPORT[kind];
  context.dropped.push({ kind: 'other', what: quote ? `${what} "${quote}"` : what, reason });
  return true;
}
