/**
 * A copy of the page's content for another screen size (issue 23): the probe marks it
 * (browser/in-page/identity-probe/screen-copies.ts) when a width query hides it at the probe's
 * width and what it holds is shown elsewhere. The rebuild, responsive itself, shows that content
 * once; the copy is left out and, when it held words or pictures, listed as not carried.
 */
import type { Element } from '../dom';
import { findElements, getAttr } from '../dom';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { wordsOf } from './overlay';
import type { WalkContext } from './walk-context';

/** Longer than this, the report quotes the first words of a copy. */
const QUOTE_LENGTH = 60;

/** Leaves out a copy for another screen size. Returns whether the element was one. */
export function handleScreenCopy(context: WalkContext, element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.screenCopy) === undefined) return false;
  const text = wordsOf(element);
  const pictures = findElements(element, (e) => e.tagName === 'img').length;
  // A menu button's bars: nothing a visitor would miss.
  if (text === '' && pictures === 0) return true;
  const quote = text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text;
  const holds = pictures === 0 ? '' : ` (${pictures} picture${pictures === 1 ? '' : 's'})`;
  context.dropped.push({
    kind: 'other',
    what: `Layout for another screen size${quote ? ` "${quote}"` : ''}${holds}`,
    reason:
      'The same content laid out again for another screen size and hidden at desktop width: the rebuild shows it once, for every width',
  });
  return true;
}
