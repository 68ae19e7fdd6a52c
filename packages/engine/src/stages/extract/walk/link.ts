/** Links: the text inside carries the link's target (none for script links and bare `#`). */
import type { Element } from '../dom';
import { getAttr, isElement, resolveUrl } from '../dom';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** Enters a link: its resolved href applies to the runs and images inside until its end. */
export function handleLink(context: WalkContext, element: Element): boolean {
  const raw = getAttr(element, 'href');
  let href: string | undefined;
  if (raw && !/^\s*(?:javascript:|#\s*$)/i.test(raw)) href = resolveUrl(raw, context.pageUrl);
  // Links side by side with nothing between them (a menu of `inline-block` items) are words apart.
  const siblings = element.parentNode?.childNodes ?? [];
  const before = siblings[siblings.indexOf(element) - 1];
  const last = context.buffer.at(-1);
  if (before && isElement(before) && before.tagName === 'a' && last && /\S$/.test(last.text))
    context.buffer.push({ text: ' ' });
  context.hrefs.push(href);
  // A button that leads nowhere (`href="#"`, a script's) still looked like one: it stays one.
  context.buttons.push(toButtonKind(element));
  context.exits.set(element, () => {
    context.hrefs.pop();
    context.buttons.pop();
  });
  return true;
}

const BUTTON_CLASS = /(?:^|\s)(?:btn|button|cta)(?:\s|$|-)/i;
const SECONDARY_CLASS =
  /(?:^|\s)(?:btn|button)-(?:default|secondary|outline[\w-]*|light|ghost|white|alt)(?:\s|$)/i;

/**
 * The kind of button a link was drawn as (issue 12): as the identity probe measured it in the
 * rendered page (PROBE_MARKS.button), else as its classes say (`btn btn-primary`, `button`).
 */
export function toButtonKind(element: Element): 'primary' | 'secondary' | undefined {
  const measured = getAttr(element, PROBE_MARKS.button);
  if (measured === 'primary' || measured === 'secondary') return measured;
  const className = getAttr(element, 'class') ?? '';
  if (!BUTTON_CLASS.test(className) || /(?:^|\s)btn-link(?:\s|$)/.test(className)) return undefined;
  return SECONDARY_CLASS.test(className) ? 'secondary' : 'primary';
}
