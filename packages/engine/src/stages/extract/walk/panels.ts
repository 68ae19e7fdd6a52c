/**
 * Carousels and repeated items (issue 12): a slider becomes one `carousel` block, cards laid out
 * side by side one `items` block with the original's column count. Each slide or item is walked on
 * its own; its leading picture (an `<img>` or a CSS background) becomes the panel's image.
 */
import type { Block, ImageRef, Panel } from '../../../model';
import {
  findBackgroundImage,
  findCarouselSlides,
  toSliderBand,
  toVisibleSlides,
} from '../carousels';
import type { Element } from '../dom';
import { childrenOf, getAttr, isElement, resolveUrl } from '../dom';
import { pictureOf } from '../picture-key';
import { findRepeatedItems } from '../repeated-items';
import { emit } from './emit';
import { flush } from './flush';
import { isNavigation } from './navigation';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** A carousel root or a parent of repeated cards becomes one block; other elements go on. */
export function handlePanels(context: WalkContext, element: Element): false | undefined {
  // The root of a walk of its own (a tab panel, a slide) is walked as content.
  if (element === context.root) return undefined;
  if (context.nav > 0 || context.form || context.labelDepth > 0 || context.buttonText)
    return undefined;
  // A menu stays the menu, icons and all.
  if (getAttr(element, PROBE_MARKS.menu) !== undefined || isNavigation(element)) return undefined;
  const slides = findCarouselSlides(element);
  if (slides) {
    flush(context);
    // Circular sliders (jCarouselLite) copy their slides without marking the copies: one of each,
    // the same picture under another URL (a lazy loader's copy) being the same slide.
    const seen = new Set<string>();
    const panels = slides
      .map((slide) => walkPanel(context, slide))
      .filter(({ panel }) => {
        const key = JSON.stringify({
          ...panel,
          image: panel.image && {
            ...panel.image,
            src: pictureOf(panel.image.src, context.assets),
            asset: undefined,
          },
        });
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((walked) => keepPanel(context, walked));
    // A slider that showed several slides side by side is a row of items that scrolled: the
    // rebuild shows them all, in that many columns.
    const visible = toVisibleSlides(element, slides);
    if (visible !== undefined && visible >= 2 && panels.length >= 2)
      emit(context, { kind: 'items', columns: Math.min(visible, panels.length), items: panels });
    else {
      const band = toSliderBand(element, slides);
      emit(context, { kind: 'carousel', slides: panels, ...(band ? { band } : {}) });
    }
    return false;
  }
  const repeated = findRepeatedItems(element, context.pictures.copies);
  if (repeated) {
    flush(context);
    for (const child of repeated.before) walkInPlace(context, child);
    emit(context, {
      kind: 'items',
      columns: repeated.columns,
      items: repeated.items.map((item) => toPanel(context, item)),
      ...(repeated.boxed ? { boxed: repeated.boxed } : {}),
      ...(repeated.boxStyle ? { boxStyle: repeated.boxStyle } : {}),
    });
    for (const child of repeated.after) walkInPlace(context, child);
    return false;
  }
  const row = findLayoutRow(element);
  if (row) {
    flush(context);
    const items = row.columns.map((column) => {
      const inner = context.walkSubtree(column, context.assets, context.tabGroups);
      const blocks = inner.blocks.filter((block) => block.kind !== 'break');
      return keepPanel(context, { panel: { blocks }, inner });
    });
    emit(context, {
      kind: 'items',
      columns: items.length,
      items,
      widths: row.widths,
      ...(row.box?.width ? { rowWidth: row.box.width } : {}),
      ...(row.box?.isCentred ? { align: 'center' as const } : {}),
    });
    for (const child of row.others) walkInPlace(context, child);
    return false;
  }
  return undefined;
}

/**
 * A layout row the identity probe measured (PROBE_MARKS.row: its columns' shares in percent from
 * the row's start edge, the columns marked PROBE_MARKS.col with their places): its columns in that
 * order (floats may have swapped the markup's), their widths, and its other children.
 */
function findLayoutRow(element: Element):
  | {
      columns: Element[];
      widths: number[];
      others: Element[];
      box?: { width: number; isCentred: boolean };
    }
  | undefined {
  const marked = getAttr(element, PROBE_MARKS.row);
  if (marked === undefined) return undefined;
  const widths = marked.split(/\s+/).map(Number);
  const children = childrenOf(element).filter(isElement);
  const place = (child: Element): number => Number(getAttr(child, PROBE_MARKS.col)) || 0;
  const columns = children
    .filter((child) => getAttr(child, PROBE_MARKS.col) !== undefined)
    .sort((a, b) => place(a) - place(b));
  if (
    columns.length < 2 ||
    widths.length !== columns.length ||
    !widths.every((width) => Number.isFinite(width) && width > 0 && width <= 100)
  )
    return undefined;
  const others = children.filter((child) => !columns.includes(child));
  const box = toRowBox(getAttr(element, PROBE_MARKS.rowBox));
  return box ? { columns, widths, others, box } : { columns, widths, others };
}

/** A layout table's narrower row (PROBE_MARKS.rowBox, `230 center`): its width and centring. */
function toRowBox(value: string | undefined): { width: number; isCentred: boolean } | undefined {
  const match = value?.trim().match(/^(\d{2,4})( center)?$/);
  if (!match) return undefined;
  return { width: Number(match[1]), isCentred: match[2] !== undefined };
}

/** A sibling of the items (the section's title row): walked on its own, its blocks in place. */
function walkInPlace(context: WalkContext, root: Element): void {
  const at = context.blocks.length;
  const inner = context.walkSubtree(root, context.assets, context.tabGroups);
  for (const block of inner.blocks) if (block.kind !== 'break') emit(context, block);
  context.textBlocks.push(...inner.textBlocks);
  context.navLinks.push(...inner.navLinks);
  context.dropped.push(...inner.dropped);
  for (const [id, index] of inner.anchors)
    if (!context.anchors.has(id)) context.anchors.set(id, at + index);
  for (const [id, tab] of inner.tabAnchors)
    if (!context.tabAnchors.has(id)) context.tabAnchors.set(id, tab);
}

function isIconOnly(block: Block): boolean {
  return block.kind === 'paragraph' && block.inlines.every((run) => run.icon || !run.text.trim());
}

/** A slide or item walked on its own: its panel, and what the walk found in it (not yet recorded). */
interface WalkedPanel {
  panel: Panel;
  inner: ReturnType<WalkContext['walkSubtree']>;
}

function walkPanel(context: WalkContext, root: Element): WalkedPanel {
  const inner = context.walkSubtree(root, context.assets, context.tabGroups);
  let blocks: Block[] = inner.blocks.filter((block) => block.kind !== 'break');
  const panel: Panel = { blocks };
  // The leading picture, past a hover overlay's icon (a portfolio tile's "+") drawn over it.
  const pictureAt = blocks.findIndex((block) => !isIconOnly(block));
  const first = blocks[pictureAt];
  if (first?.kind === 'image') {
    panel.image = first.image;
    blocks = blocks.slice(pictureAt + 1);
  } else {
    const background = toBackgroundImage(context, root);
    if (background) panel.image = background;
  }
  panel.blocks = blocks;
  return { panel, inner };
}

/** Records a kept panel's text, links and targets in the page's walk, and returns its panel. */
function keepPanel(context: WalkContext, { panel, inner }: WalkedPanel): Panel {
  const anchorAt = context.blocks.length;
  context.textBlocks.push(...inner.textBlocks);
  context.navLinks.push(...inner.navLinks);
  context.dropped.push(...inner.dropped);
  // Links to an id inside a panel land on the block that holds the panel.
  for (const id of inner.anchors.keys())
    if (!context.anchors.has(id)) context.anchors.set(id, anchorAt);
  for (const [id, tab] of inner.tabAnchors)
    if (!context.tabAnchors.has(id)) context.tabAnchors.set(id, tab);
  return panel;
}

function toPanel(context: WalkContext, root: Element): Panel {
  return keepPanel(context, walkPanel(context, root));
}

function toBackgroundImage(context: WalkContext, root: Element): ImageRef | undefined {
  const raw = findBackgroundImage(root);
  const src = raw ? resolveUrl(raw, context.pageUrl) : undefined;
  if (!src) return undefined;
  const image: ImageRef = { src, alt: '' };
  const asset = context.assets.get(src);
  if (asset) {
    image.asset = src;
    if (asset.width !== undefined) image.width = asset.width;
    if (asset.height !== undefined) image.height = asset.height;
  }
  return image;
}
