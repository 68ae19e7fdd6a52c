/**
 * A row of separate buttons (issue 23: a list's filter pills, "All (57)", "Invited (12)"): a block
 * whose children are only buttons the identity probe saw side by side (PROBE_MARKS.inline). The
 * rebuild keeps them a row of separate items (an inline list), not one paragraph of their labels.
 */
import type { Element } from '../dom';
import { childrenOf, collapse, getAttr, isElement, textContent } from '../dom';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';

const isButton = (element: Element): boolean =>
  element.tagName === 'button' || getAttr(element, 'role') === 'button';

/** The labels of a row of buttons the probe marked, in order; undefined when it is none. */
export function buttonRowLabels(element: Element): string[] | undefined {
  if (getAttr(element, PROBE_MARKS.inline) === undefined) return undefined;
  if (['ul', 'ol', 'menu', 'dir'].includes(element.tagName)) return undefined;
  const children = childrenOf(element);
  // Words of its own between the buttons (a sentence with a button in it) make it no row.
  if (children.some((node) => node.nodeName === '#text' && /\S/.test(textContent(node))))
    return undefined;
  const buttons = children
    .filter(isElement)
    .filter((child) => !/^(script|template)$/.test(child.tagName));
  if (buttons.length < 2 || !buttons.every(isButton)) return undefined;
  const labels = buttons.map((button) => collapse(textContent(button)));
  return labels.every((label) => label.length > 0) ? labels : undefined;
}

/** Emits a marked row of buttons as an inline list: returns true when it did. */
export function handleButtonRow(context: WalkContext, element: Element): boolean {
  if (context.form || context.nav > 0) return false;
  const labels = buttonRowLabels(element);
  if (!labels) return false;
  flush(context);
  context.textBlocks.push(...labels);
  emit(context, {
    kind: 'list',
    ordered: false,
    items: labels.map((text) => [{ text }]),
    inline: true,
  });
  return true;
}
