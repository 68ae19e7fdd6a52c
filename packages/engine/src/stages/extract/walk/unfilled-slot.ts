/**
 * A script's template (issue 23): a search's results panel reads `0 results matching "…"` only once
 * a visitor searched, its script writing the query and the count into empty elements. The page hides
 * it by a stylesheet the walk cannot read; shown as content it greets every visitor with
 * `results matching ""`. An element whose words quote an empty element (the slot its script fills)
 * is such a template: left out, listed as not carried. Decided by the markup, never by class names.
 */
import type { Element, Node } from '../dom';
import { childrenOf, collapse, isElement, textContent } from '../dom';
import type { WalkContext } from './walk-context';

const OPENING_QUOTE = /["“„«「『‘'‹]\s*$/u;
const CLOSING_QUOTE = /^\s*["”“»」』’'›]/u;

function textOf(node: Node | undefined): string | undefined {
  return node?.nodeName === '#text' ? (node as { value: string }).value : undefined;
}

/**
 * Elements that can hold nothing (HTML's void elements): a line break between two quoted lines of
 * code, or a picture between quotes, is markup, never a slot a script fills.
 */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** An element with no words and nothing drawn in it: a slot a script fills. */
function isEmptySlot(node: Node): boolean {
  if (!isElement(node) || VOID.has(node.tagName) || childrenOf(node).some(isElement)) return false;
  return collapse(textContent(node)) === '';
}

/** True when one of the element's own children is an empty slot between quotes. */
export function quotesEmptySlot(element: Element): boolean {
  const children = childrenOf(element);
  return children.some((child, i) => {
    if (!isEmptySlot(child)) return false;
    const before = textOf(children[i - 1]);
    const after = textOf(children[i + 1]);
    return (
      before !== undefined &&
      after !== undefined &&
      OPENING_QUOTE.test(before) &&
      CLOSING_QUOTE.test(after)
    );
  });
}

/** Leaves out a script's template whose words quote an empty slot; lists it as not carried. */
export function handleUnfilledSlot(context: WalkContext, element: Element): boolean {
  if (!quotesEmptySlot(element)) return false;
  const text = collapse(textContent(element));
  context.dropped.push({
    kind: 'other',
    what: `Script template "${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`,
    reason: 'Filled in by a script only once it is used (a search’s results), never shown at load',
  });
  return true;
}
