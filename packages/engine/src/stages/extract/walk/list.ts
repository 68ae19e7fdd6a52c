/**
 * Lists: bullet and numbered lists become list blocks (their items joined by flush); lists whose
 * items carry headings (a blog's post list) are item containers instead.
 */
import type { Element, Node } from '../dom';
import { childrenOf, findElement, findElements, getAttr, isElement, textContent } from '../dom';
import type { Container, WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** A label a pager or an icon row shows: a number, arrows or marks, or nothing (an icon). */
const ROW_LABEL = /^[\d\s\p{P}\p{S}]{0,4}$/u;

/**
 * Whether a list reads as a row by its kind, when no browser measured the page: a pager
 * ("« 1 2 3 »", "‹ ›") or a row of icon links: every item one link showing a number, arrows or
 * no words.
 */
function isRowByKind(element: Element): boolean {
  const items = childrenOf(element).filter(
    (node): node is Element => isElement(node) && node.tagName === 'li',
  );
  if (items.length < 2) return false;
  return items.every((item) => {
    const links = findElements(item, (e) => e.tagName === 'a');
    return links.length === 1 && ROW_LABEL.test(textContent(item).trim());
  });
}

/**
 * Whether the original showed a list's items side by side: as the identity probe measured it
 * (PROBE_MARKS.inline; the page's body carries PROBE_MARKS.align when it was measured),
 * else as its kind says (a pager, a row of icon links).
 */
function isInlineList(element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.inline) !== undefined) return true;
  let node: Node | null = element;
  while (node && isElement(node) && node.tagName !== 'body') node = node.parentNode;
  if (node && isElement(node) && getAttr(node, PROBE_MARKS.align) !== undefined) return false;
  return isRowByKind(element);
}

/**
 * Sets up a list, list item or titled list the walk enters, on its container: returns true when
 * the element is an item of a titled list (held together until its end, see `releaseItem`).
 */
export function enterList(context: WalkContext, element: Element, container: Container): boolean {
  const tag = element.tagName;
  const isTitledList =
    (tag === 'ul' || tag === 'ol') &&
    childrenOf(element).some(
      (li) =>
        isElement(li) &&
        li.tagName === 'li' &&
        findElement(li, (e) => /^h[1-6]$/.test(e.tagName)) !== undefined,
    );
  const isTitledItem =
    tag === 'li' &&
    element.parentNode !== null &&
    context.titledLists.has(element.parentNode as Node);
  if (isTitledList) {
    context.titledLists.add(element);
    container.tag = 'div';
  } else if (isTitledItem) {
    container.tag = 'div';
    context.items.push({ held: [], headed: false });
  } else if (tag === 'ul' || tag === 'ol' || tag === 'menu' || tag === 'dir') {
    const start = Number.parseInt(getAttr(element, 'start') ?? '1', 10);
    context.lists.push({
      id: context.nextListId,
      ordered: tag === 'ol',
      counter: Number.isFinite(start) ? start : 1,
      breadcrumb: /breadcrumb/i.test(getAttr(element, 'class') ?? ''),
      inline: isInlineList(element),
    });
    container.listId = context.nextListId++;
  }
  if (tag === 'li' && !isTitledItem) {
    const { containers } = context;
    for (let i = containers.length - 1; i >= 0; i--) {
      const listId = containers[i]!.listId;
      if (listId !== undefined) {
        container.listId = listId;
        break;
      }
    }
  }
  return isTitledItem;
}
