/**
 * Sidebars (issue 12): the column the identity probe marked PROBE_MARKS.aside (a narrow column
 * of mostly links beside the content at 1440 px) is walked on its own and kept as the page's aside,
 * so that the rebuild draws it beside the content instead of above it.
 */
import { contrast, parseColor, toHex } from '../../../lib/color';
import type { Aside, Block, InlineRun } from '../../../model';
import type { Element } from '../dom';
import { getAttr } from '../dom';
import { flush } from './flush';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/**
 * Where the sidebar's columns begin (PROBE_MARKS.asideStart): the blocks met before span the full
 * width above them (a banner, a hero), as the original showed them.
 */
export function recordAsideStart(context: WalkContext, element: Element): void {
  if (getAttr(element, PROBE_MARKS.asideStart) === undefined) return;
  if (context.root.nodeName !== '#document' || context.asideFrom !== undefined) return;
  flush(context);
  context.asideFrom = context.blocks.length;
}

/** A marked sidebar becomes the walk's aside (the first one; another is walked as content). */
export function handleAside(context: WalkContext, element: Element): false | undefined {
  const side = getAttr(element, PROBE_MARKS.aside);
  if (side !== 'left' && side !== 'right') return undefined;
  // Only the page's own walk keeps an aside: a walk of a subtree (a tab panel, a table cell, the
  // aside itself) walks it as content, so that no word is lost.
  if (context.root.nodeName !== '#document' || context.aside) return undefined;
  if (context.nav > 0 || context.form || context.labelDepth > 0 || context.buttonText)
    return undefined;
  flush(context);
  const inner = context.walkSubtree(element, context.assets, context.tabGroups);
  const blocks = inner.blocks.filter((block) => block.kind !== 'break');
  if (blocks.length === 0) return undefined;
  const width = Number.parseInt(getAttr(element, PROBE_MARKS.asideWidth) ?? '', 10);
  const span = Number.parseInt(getAttr(element, PROBE_MARKS.asideSpan) ?? '', 10);
  context.aside = {
    side,
    width: Number.isFinite(width) && width > 0 ? width : 240,
    ...(Number.isFinite(span) && span > width ? { span } : {}),
    isNavigation: isMostlyLinks(blocks),
    ...toAsideColors(
      getAttr(element, PROBE_MARKS.asideFill),
      getAttr(element, PROBE_MARKS.asideText),
    ),
    blocks,
  };
  context.textBlocks.push(...inner.textBlocks);
  context.navLinks.push(...inner.navLinks);
  context.dropped.push(...inner.dropped);
  // Links to an id in the sidebar land where the content starts.
  const at = context.blocks.length;
  for (const id of inner.anchors.keys()) if (!context.anchors.has(id)) context.anchors.set(id, at);
  for (const [id, tab] of inner.tabAnchors)
    if (!context.tabAnchors.has(id)) context.tabAnchors.set(id, tab);
  return false;
}

/** The sidebar's fill and words' colour as #rrggbb, kept only when they read together (AA, 4.5:1). */
export function toAsideColors(
  fill: string | undefined,
  text: string | undefined,
): { fill?: string; text?: string } {
  const background = fill ? parseColor(fill) : undefined;
  const words = text ? parseColor(text) : undefined;
  if (!background || !words || contrast(background, words) < 4.5) return {};
  return { fill: toHex(background), text: toHex(words) };
}

function runsOf(block: Block): InlineRun[] {
  if (block.kind === 'paragraph' || block.kind === 'heading') return block.inlines;
  if (block.kind === 'list') return block.items.flat();
  return [];
}

/** Whether most of the blocks' words are link labels (a menu tree, a list of pages). */
export function isMostlyLinks(blocks: Block[]): boolean {
  let linked = 0;
  let all = 0;
  for (const run of blocks.flatMap(runsOf)) {
    const length = run.text.replace(/\s+/g, '').length;
    all += length;
    if (run.href) linked += length;
  }
  return all > 0 && linked >= all * 0.5;
}

/** An aside from blocks, e.g. a frameset's narrow frame. */
export function toAside(blocks: Block[], side: Aside['side'], width: number): Aside {
  return { side, width, isNavigation: isMostlyLinks(blocks), blocks };
}
