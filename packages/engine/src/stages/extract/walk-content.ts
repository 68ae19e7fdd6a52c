/**
 * Turns a page's body into content blocks, in document order, with one iterative walk. The walk
 * knows the quirks of old markup: layout tables (walked into) versus data tables (kept as tables),
 * <font>/<center> soup, navigation lists, forms laid out in tables, hidden templates and spacer GIFs.
 *
 * Each kind of element has its handler under ./walk/ (the dispatch table is ./walk/handlers.ts);
 * the handlers share the walk's state as a WalkContext (./walk/walk-context.ts).
 */
import { pageTone } from './walk/tone';
import type { Node } from './dom';
import { walk } from './dom';
import type { Dialogs } from './dialogs';
import { findDialogs } from './dialogs';
import type { TabGroups } from './tab-groups';
import { findTabGroups } from './tab-groups';
import { flush } from './walk/flush';
import { endForm } from './walk/form';
import { dropPendingSentMessage } from './walk/form-state';
import { enterNode, exitNode } from './walk/handlers';
import { dropPictureMenus } from './walk/picture-menu';
import { findItemCopies } from './walk/item-copies';
import { findRepeatedPictures } from './walk/repeated-pictures';
import type { AssetIndex, PagePictures, WalkResult } from './walk/walk-context';
import { createWalkContext } from './walk/walk-context';

export type { AssetIndex, WalkResult } from './walk/walk-context';
export { normalizeRuns } from './walk/normalize-runs';
export { isDataTable } from './walk/table';

/**
 * Walks a page body (or any subtree) into blocks. Tab groups (found on the whole subtree unless
 * given) become `tabs` blocks, each panel walked on its own; dialogs become closed `dialog` blocks.
 */
export function walkContent(
  root: Node,
  pageUrl: string,
  assets: AssetIndex,
  tabGroups: TabGroups = findTabGroups(root),
  dialogs: Dialogs = findDialogs(root, tabGroups),
  shared?: PagePictures,
): WalkResult {
  const pictures: PagePictures = shared ?? {
    repeated: findRepeatedPictures(root, pageUrl, assets, dialogs, tabGroups),
    copies: findItemCopies(root, pageUrl, assets),
    navLinks: new Set(),
  };
  const context = createWalkContext(
    root,
    pageUrl,
    assets,
    tabGroups,
    (subtree, a, groups) => walkContent(subtree, pageUrl, a, groups, dialogs, pictures),
    dialogs,
    pictures,
  );
  // A page's own ink (<body text>): the tone its paragraphs start in (./walk/tone.ts).
  const ink = shared ? undefined : pageTone(root);
  if (ink) context.tones.push(ink);
  walk(
    root,
    (node) => enterNode(context, node),
    (node) => exitNode(context, node),
  );
  flush(context);
  if (context.form) endForm(context);
  dropPendingSentMessage(context);
  // The page's own walk (not a subtree's): its menus are all known now.
  if (!shared) dropPictureMenus(context);
  const { blocks, textBlocks, navLinks, dropped, anchors, tabAnchors, aside, asideFrom } = context;
  const result: WalkResult = { blocks, textBlocks, navLinks, dropped, anchors, tabAnchors };
  if (aside) result.aside = aside;
  if (aside && asideFrom !== undefined && asideFrom > 0 && asideFrom < blocks.length)
    result.asideFrom = asideFrom;
  return result;
}
