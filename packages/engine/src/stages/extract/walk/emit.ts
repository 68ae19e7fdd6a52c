/** Appends blocks to the walk's output, keeping the items of titled lists together. */
import type { Block } from '../../../model';
import type { WalkContext } from './walk-context';

/** Appends a block (held back when it comes before the heading of a titled list item). */
export function emit(context: WalkContext, block: Block): void {
  if (block.kind !== 'list') context.openList = undefined;
  // In a list of titled items (a blog's post list), what comes before an item's title (its date,
  // its thumbnail) follows the title, so that each item stays one unit under its heading.
  const item = context.items[context.items.length - 1];
  if (item && !item.headed) {
    if (block.kind !== 'heading') {
      item.held.push(block);
      return;
    }
    item.headed = true;
    context.blocks.push(block, ...item.held);
    item.held = [];
    return;
  }
  context.blocks.push(block);
}

/** Ends the innermost titled item, releasing what it still holds. */
export function releaseItem(context: WalkContext): void {
  const item = context.items.pop();
  if (item) context.blocks.push(...item.held);
}
