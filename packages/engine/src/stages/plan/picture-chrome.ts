/**
 * Pictures that are a page's frame, not its content (issue 23): an old site drawn as a sliced
 * picture (a Dreamweaver or Fireworks export) cuts its border, corners and bars into pictures with
 * no words, and draws its menu as a row of linked picture buttons. The rebuild has a header menu and
 * a frame of its own, so a row of linked pictures going to the menu's pages is the menu again, and a
 * wordless slice (a thin column or bar, no alt, no link) is left out; a row of items left empty goes
 * too. Pictures with words, links or a photo's proportions stay.
 */
import type { Block, ImageRef, Panel, PlannedMenuItem, PlannedPage } from '../../model';

/** A row of linked pictures is the menu again when this share of its links are the menu's pages. */
const SAME_MENU_SHARE = 0.8;
/** A menu of pictures has at least this many buttons. */
const MIN_MENU_PICTURES = 3;
/** A slice is at least this many times longer than it is thick. */
const SLICE_RATIO = 4;
/** The thickest a column slice (px wide) and a bar slice (px high) are. */
const MAX_COLUMN_SLICE = 100;
const MAX_BAR_SLICE = 24;

/** A wordless, unlinked picture cut thin from a sliced layout: a border column or a bar. */
export function isSlice(image: ImageRef): boolean {
  const { width, height } = image;
  if (image.alt.trim() !== '' || image.href || !width || !height) return false;
  return (
    (height >= width * SLICE_RATIO && width <= MAX_COLUMN_SLICE) ||
    (width >= height * SLICE_RATIO && height <= MAX_BAR_SLICE)
  );
}

function toPage(route: string): string {
  return route.replace(/#.*$/, '') || '/';
}

function menuPagesOf(menu: PlannedMenuItem[]): Set<string> {
  const pages = new Set<string>();
  const visit = (items: PlannedMenuItem[]) => {
    for (const item of items) {
      if (item.route) pages.add(toPage(item.route));
      visit(item.children);
    }
  };
  visit(menu);
  return pages;
}

/** Whether linked pictures go (nearly all) to pages of the menu. */
function isMenuAgain(images: ImageRef[], menuPages: Set<string>): boolean {
  if (images.length < MIN_MENU_PICTURES || menuPages.size < MIN_MENU_PICTURES) return false;
  const inMenu = images.filter((image) => image.href && menuPages.has(toPage(image.href)));
  return inMenu.length >= images.length * SAME_MENU_SHARE;
}

const isPictureOnly = (item: Panel): boolean => item.blocks.length === 0 && !!item.image;

function cleanPanel(item: Panel, menuPages: Set<string>): Panel | undefined {
  const blocks = cleanBlocks(item.blocks, menuPages);
  const image = item.image && !isSlice(item.image) ? item.image : undefined;
  if (blocks.length === 0 && !image) return undefined;
  return image ? { ...item, image, blocks } : { blocks };
}

function cleanBlocks(blocks: Block[], menuPages: Set<string>): Block[] {
  const out: Block[] = [];
  let linked: number[] = [];
  // A run of linked picture blocks in a row, as one menu.
  const closeRun = () => {
    const images = linked.map((index) => (out[index] as Extract<Block, { kind: 'image' }>).image);
    if (isMenuAgain(images, menuPages)) for (const index of linked.reverse()) out.splice(index, 1);
    linked = [];
  };
  for (const block of blocks) {
    if (block.kind === 'image') {
      if (isSlice(block.image)) continue;
      if (block.image.href) {
        linked.push(out.length);
        out.push(block);
        continue;
      }
    }
    closeRun();
    if (block.kind !== 'items') {
      out.push(block);
      continue;
    }
    if (
      block.items.every(isPictureOnly) &&
      isMenuAgain(
        block.items.map((item) => item.image!),
        menuPages,
      )
    )
      continue;
    const items = block.items.flatMap((item) => cleanPanel(item, menuPages) ?? []);
    if (items.length === 0) continue;
    if (items.length === 1 && isPictureOnly(items[0]!) && block.items.length > 1)
      out.push({ kind: 'image', image: items[0]!.image! });
    else if (items.length === block.items.length) out.push({ ...block, items });
    else {
      // Columns measured for the items that were: the rest share the row evenly.
      const { widths: _widths, ...rest } = block;
      out.push({ ...rest, columns: Math.min(block.columns, items.length), items });
    }
  }
  closeRun();
  return out;
}

/** The page without its picture menu copies and wordless slices. */
export function withoutPictureChrome(page: PlannedPage, menu: PlannedMenuItem[]): PlannedPage {
  const menuPages = menuPagesOf(menu);
  return {
    ...page,
    sections: page.sections.map((section) => ({
      ...section,
      blocks: cleanBlocks(section.blocks, menuPages),
    })),
  };
}
