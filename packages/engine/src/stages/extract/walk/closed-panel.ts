/** Panels of controls hidden at load, and the controls that open them (issue 23): no content. */
import type { Element, Node } from '../dom';
import { findClosedPanels, toControlPanelLabel } from '../closed-panels';
import type { WalkContext } from './walk-context';

/** The document a node belongs to (a subtree's walk reads its page's panels too). */
function documentOf(node: Node): Node {
  let current = node;
  for (
    let parent = (current as { parentNode?: Node | null }).parentNode;
    parent;
    parent = (current as { parentNode?: Node | null }).parentNode
  )
    current = parent;
  return current;
}

/**
 * Leaves out a panel of controls hidden at load (a reader's font settings, a language menu; listed
 * as not carried) and the control that opened it (it would open nothing); true when it did.
 */
export function handleClosedPanel(context: WalkContext, element: Element): boolean {
  const { controlPanels, toggles } = findClosedPanels(documentOf(context.root), context.pageUrl);
  if (toggles.has(element)) return true;
  if (!controlPanels.has(element)) return false;
  const label = toControlPanelLabel(element);
  context.dropped.push({
    kind: 'other',
    what: `Panel of controls hidden at load${label ? ` "${label}"` : ''}`,
    reason:
      'Controls a button opened (settings, a language or account menu): they do nothing in the rebuild',
  });
  return true;
}
