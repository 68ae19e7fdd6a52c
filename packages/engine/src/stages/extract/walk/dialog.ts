/**
 * Dialogs (found beforehand by findDialogs): a dialog becomes one closed `dialog` block, placed
 * after the block that holds its trigger (or where it stands, when no trigger came before it); its
 * triggers become runs and images that open it.
 */
import type { Block } from '../../../model';
import type { Element } from '../dom';
import { collapse, getAttr } from '../dom';
import type { DialogInfo } from '../dialogs';
import { targetIdOf } from '../dialogs';
import { emit } from './emit';
import type { WalkContext } from './walk-context';
import { plainText } from '../../../model';

const DISMISS = /^(?:modal|dialog)$/i;

/** A dialog met by the walk: skipped when already placed at its trigger, else placed here. */
export function handleDialog(context: WalkContext, element: Element): false | undefined {
  // A dialog's own close control ("Close Project"): the rebuilt dialog has its close button.
  if (
    context.dialogs.byElement.has(context.root as Element) &&
    (DISMISS.test(getAttr(element, 'data-dismiss') ?? '') ||
      DISMISS.test(getAttr(element, 'data-bs-dismiss') ?? ''))
  )
    return false;
  if (element === context.root) return undefined;
  const info = context.dialogs.byElement.get(element);
  if (!info) return undefined;
  if (!context.dialogs.emitted.has(info.id)) {
    context.pendingDialogs.push(info.id);
    emitPendingDialogs(context);
  }
  return false;
}

/**
 * A trigger of a dialog (a link to `#id`, a `data-toggle="modal"` element): the runs and images
 * inside open the dialog; the dialog follows the block the trigger ends in.
 */
export function enterDialogTrigger(context: WalkContext, element: Element): void {
  const id = targetIdOf(element);
  const info = id === undefined ? undefined : context.dialogs.byId.get(id);
  if (!info || info.element === element) return;
  context.opens.push(info.id);
  const previous = context.exits.get(element);
  context.exits.set(element, () => {
    previous?.();
    context.opens.pop();
    if (!context.dialogs.emitted.has(info.id) && !context.pendingDialogs.includes(info.id))
      context.pendingDialogs.push(info.id);
  });
}

/** The id of the dialog the innermost trigger the walk is inside opens. */
export function currentOpens(context: WalkContext): string | undefined {
  return context.opens.length > 0 ? context.opens[context.opens.length - 1] : undefined;
}

/** Emits the dialogs whose trigger the walk has passed, each walked on its own. */
export function emitPendingDialogs(context: WalkContext): void {
  const ids = context.pendingDialogs.splice(0);
  for (const id of ids) {
    const info = context.dialogs.byId.get(id);
    if (!info || context.dialogs.emitted.has(id)) continue;
    context.dialogs.emitted.add(id);
    emit(context, walkDialog(context, info));
  }
}

function walkDialog(context: WalkContext, info: DialogInfo): Block {
  const inner = context.walkSubtree(info.element, context.assets, context.tabGroups);
  let blocks = inner.blocks.filter((block) => block.kind !== 'break');
  // The dialog's own heading is its title: drawn once, as the dialog's label.
  const first = blocks[0];
  if (first?.kind === 'heading' && collapse(plainText(first.inlines)) === info.title)
    blocks = blocks.slice(1);
  // Its words were text of the original (shown once opened): they count for coverage.
  context.textBlocks.push(...inner.textBlocks);
  context.navLinks.push(...inner.navLinks);
  context.dropped.push(...inner.dropped);
  return { kind: 'dialog', id: info.id, title: info.title, blocks };
}
