/** Links: the text inside carries the link's target (none for script links and bare `#`). */
import type { Element } from '../dom';
import { getAttr, resolveUrl } from '../dom';
import type { WalkContext } from './walk-context';

/** Enters a link: its resolved href applies to the runs and images inside until its end. */
export function handleLink(context: WalkContext, element: Element): boolean {
  const raw = getAttr(element, 'href');
  let href: string | undefined;
  if (raw && !/^\s*(?:javascript:|#\s*$)/i.test(raw)) href = resolveUrl(raw, context.pageUrl);
  context.hrefs.push(href);
  context.exits.set(element, () => context.hrefs.pop());
  return true;
}
