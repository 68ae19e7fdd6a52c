/** Tab groups (found beforehand by findTabGroups): one tabs block, each panel walked on its own. */
import type { Block, Tab } from '../../../model';
import type { Element } from '../dom';
import type { TabGroup } from '../tab-groups';
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';

/**
 * The element of a tab group becomes a tabs block the first time the walk meets its group (and the
 * group's other elements are skipped); inside a menu or a form it stays plain content.
 */
export function handleTabGroup(context: WalkContext, element: Element): false | undefined {
  // (A panel walked on its own is the root of that walk.)
  const group = element === context.root ? undefined : context.tabGroups.byElement.get(element);
  if (!group) return undefined;
  // Inside a menu or a form a tab group stays plain content: its links are the menu's, its
  // fields the form's.
  if (!context.tabGroupsMet.has(group)) {
    const asTabs =
      context.nav === 0 && !context.form && context.labelDepth === 0 && !context.buttonText;
    context.tabGroupsMet.set(group, asTabs);
    if (asTabs) {
      flush(context);
      emitTabs(context, group);
    }
  }
  return context.tabGroupsMet.get(group) ? false : undefined;
}

/** A tab group becomes one block: the labels of its tabs and each panel's own blocks. */
function emitTabs(context: WalkContext, group: TabGroup): void {
  const { tabAnchors } = context;
  const tabs: Tab[] = [];
  const panelTexts: string[] = [];
  for (const { id, label, panel } of group.tabs) {
    const inner = context.walkSubtree(panel, context.assets, context.tabGroups);
    tabs.push({ id, label, blocks: inner.blocks.filter((block) => block.kind !== 'break') });
    panelTexts.push(...inner.textBlocks);
    context.navLinks.push(...inner.navLinks);
    context.dropped.push(...inner.dropped);
    for (const [anchor, tab] of inner.tabAnchors)
      if (!tabAnchors.has(anchor)) tabAnchors.set(anchor, tab);
    for (const anchor of inner.anchors.keys())
      if (!tabAnchors.has(anchor)) tabAnchors.set(anchor, id);
  }
  // The tab labels are visible text of the original, above the panel that shows.
  context.textBlocks.push(...group.tabs.map((tab) => tab.label), ...panelTexts);
  const block: Block = { kind: 'tabs', tabs };
  if (group.label) block.label = group.label;
  emit(context, block);
}
