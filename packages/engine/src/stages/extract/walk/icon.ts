/**
 * Icon-font glyphs (Font Awesome, Glyphicons): an `<i class="fa fa-envelope">` becomes an inline
 * run with `icon` set (issue 12), so the rebuild draws the same icon from an SVG package. The
 * backdrop of a stacked icon (`fa-stack-2x` under a `fa-stack-1x`) is dropped: the rebuild draws one.
 */
import type { InlineRun } from '../../../model';
import type { Element } from '../dom';
import { childrenOf, getAttr, isElement } from '../dom';
import { toIconName } from '../icon-names';
import { currentOpens } from './dialog';
import { currentButton, currentHref, type WalkContext } from './walk-context';

/** Tags icon fonts are drawn with. */
const ICON_TAGS = new Set(['i', 'span', 'em', 'b']);

/** An icon element becomes an icon run (its children are never content); other elements go on. */
export function handleIcon(context: WalkContext, element: Element): boolean | undefined {
  if (!ICON_TAGS.has(element.tagName)) return undefined;
  const className = getAttr(element, 'class') ?? '';
  if (!/(?:^|\s)(?:fa[a-z-]*|glyphicon)(?:\s|$)/.test(className)) return undefined;
  const icon = toIconName(className);
  if (!icon) return undefined;
  if (/(?:^|\s)fa-stack-2x(?:\s|$)/.test(className) && hasStackedSibling(element)) return false;
  if (context.labelDepth > 0 || context.buttonText) return false;
  const run: InlineRun = { text: '', icon };
  const opens = currentOpens(context);
  const href = currentHref(context);
  if (opens) run.opens = opens;
  else if (href) run.href = href;
  const button = currentButton(context);
  if (button) run.button = button;
  context.buffer.push(run);
  return false;
}

function hasStackedSibling(element: Element): boolean {
  const parent = element.parentNode as Element | null;
  if (!parent) return false;
  return childrenOf(parent).some(
    (child) =>
      child !== element &&
      isElement(child) &&
      /(?:^|\s)fa-stack-1x(?:\s|$)/.test(getAttr(child, 'class') ?? ''),
  );
}
