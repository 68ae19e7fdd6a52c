/** Elements the visitor does not see. */
import type { Element } from '../dom';
import { getAttr, isHidden } from '../dom';

const HIDDEN_CLASS =
  /(?:^|\s)(?:sr-only|visually-hidden|screen-reader-text|skip-link|skip-to-content|skiplink)(?:\s|$)/;

/** An inline style that moves the element far off the page (`left: -10000px`), as hand-made sr-only text is. */
const OFF_SCREEN = /(?:^|;)\s*(?:left|top|text-indent)\s*:\s*-\d{4,}(?:\.\d+)?px/i;

/**
 * A live region: what a script announces to screen readers at that moment ("Page loaded
 * successfully", "Showing 20 of 126"), not content of the page.
 */
function isLiveRegion(element: Element): boolean {
  const live = (getAttr(element, 'aria-live') ?? '').trim().toLowerCase();
  return live !== '' && live !== 'off';
}

/**
 * Hidden by markup or style, by a class that hides it for screen readers and skip links, moved off
 * the page by its inline style, or a live region.
 */
export function isHiddenElement(element: Element): boolean {
  return (
    isHidden(element) ||
    HIDDEN_CLASS.test(getAttr(element, 'class') ?? '') ||
    OFF_SCREEN.test(getAttr(element, 'style') ?? '') ||
    isLiveRegion(element)
  );
}
