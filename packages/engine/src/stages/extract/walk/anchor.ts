/** Link targets: element ids (and the names of <a name>) map to where their content starts. */
import type { Element } from '../dom';
import { getAttr } from '../dom';
import type { WalkContext } from './walk-context';

/** Records the element's id as pointing at the next block, unless an earlier element took it. */
export function recordAnchor(context: WalkContext, element: Element): void {
  const anchorId =
    getAttr(element, 'id') ?? (element.tagName === 'a' ? getAttr(element, 'name') : undefined);
  if (anchorId && !context.anchors.has(anchorId))
    context.anchors.set(anchorId, context.blocks.length);
}
