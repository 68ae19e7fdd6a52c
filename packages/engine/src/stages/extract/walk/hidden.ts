/** Elements the visitor does not see. */
import type { Element } from '../dom';
import { getAttr, isHidden } from '../dom';

const HIDDEN_CLASS =
  /(?:^|\s)(?:sr-only|visually-hidden|screen-reader-text|skip-link|skip-to-content|skiplink)(?:\s|$)/;

/** Hidden by markup or style, or by a class that hides it for screen readers and skip links. */
export function isHiddenElement(element: Element): boolean {
  return isHidden(element) || HIDDEN_CLASS.test(getAttr(element, 'class') ?? '');
}
