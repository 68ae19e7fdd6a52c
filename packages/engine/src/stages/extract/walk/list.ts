/**
 * Lists: bullet and numbered lists become list blocks (their items joined by flush); lists whose
 * items carry headings (a blog's post list) are item containers instead.
 */
import type { Element, Node } from '../dom';
import { childrenOf, findElement, getAttr, isElement } from '../dom';
import type { Container, WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** Classes of lists that frameworks lay out in a row (read when no browser measured the page). */
const INLINE_CLASS =
  /(?:^|\s)(?:list-inline|pagination|pager|inline-list|social-buttons|list-social)(?:\s|$)/i;

/**
 * Whether the original showed a list's items side by side: as the identity probe measured it
 * (PROBE_MARKS.inline; the page's body carries PROBE_MARKS.align when it was measured),
 * else as its framework class says.
 */
function isInlineList(element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.inline) !== undefined) return true;
  let node: Node | null = element;
  while (node && isElement(node) && node.tagName !== 'body') node = node.parentNode;
  if (node && isElement(node) && getAttr(node, PROBE_MARKS.align) !== undefined) return false;
  return INLINE_CLASS.test(getAttr(element, 'class') ?? '');
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
