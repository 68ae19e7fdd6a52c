/**
 * Picture menus (issue 23): old sites drew their menu as a column of picture buttons and wrote it
 * once more as text links (a footer's "Home | About | Contact"). The rebuild shows one menu: a row
 * or column of linked pictures going to (nearly) the pages the text menu goes to is left out, and a
 * menu's picture links whose page a text link names already are dropped from its links. A page
 * with no text menu at all keeps a column of small labelled picture buttons as its menu.
 */
import type { Block, ImageRef, NavLink } from '../../../model';
import { plainText } from '../../../model';
import { toPageAddress } from '../../../lib/client-route';
import type { WalkContext } from './walk-context';

/** A run of linked pictures is the text menu again when this share of its pages are the menu's. */
const SAME_MENU_SHARE = 0.8;
/** Picture buttons of a menu are short; photos are not. */
const MAX_BUTTON_HEIGHT = 100;

/** Blocks written as a text menu: two links or more, four fifths of the words linked. */
function menuHrefsOf(block: Block): string[] {
  const lines =
    block.kind === 'paragraph' ? [block.inlines] : block.kind === 'list' ? block.items : [];
  const runs = lines.flat();
  const all = plainText(runs).length;
  const linked = runs.filter((run) => run.href).reduce((n, run) => n + run.text.trim().length, 0);
  const hrefs = [...new Set(runs.flatMap((run) => (run.href ? [toPageAddress(run.href)] : [])))];
  return hrefs.length >= 2 && linked >= all * 0.8 ? hrefs : [];
}

/** The linked pictures a block is: a linked image, or items that are only linked pictures. */
function linkedPicturesOf(block: Block): ImageRef[] | undefined {
  if (block.kind === 'image') return block.image.href ? [block.image] : undefined;
  if (block.kind === 'items') {
    const images = block.items.map((item) =>
      item.blocks.length === 0 && item.image?.href ? item.image : undefined,
    );
    return images.every(Boolean) ? (images as ImageRef[]) : undefined;
  }
  return undefined;
}

/** Runs of blocks next to each other that are only linked pictures: [start, end) and the pictures. */
function findPictureRuns(blocks: Block[]): { start: number; end: number; images: ImageRef[] }[] {
  const runs: { start: number; end: number; images: ImageRef[] }[] = [];
  let current: { start: number; end: number; images: ImageRef[] } | undefined;
  blocks.forEach((block, index) => {
    const images = linkedPicturesOf(block);
    if (!images) {
      current = undefined;
      return;
    }
    if (!current) {
      current = { start: index, end: index, images: [] };
      runs.push(current);
    }
    current.end = index + 1;
    current.images.push(...images);
  });
  return runs;
}

function isSameOrigin(href: string, pageUrl: string): boolean {
  try {
    return new URL(href).origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Where a menu's link leads: its page, or on a one-page site (links to this page's sections) the
 * section (`#program`).
 */
function toDestination(href: string, pageUrl: string): string {
  const page = toPageAddress(href);
  return page === toPageAddress(pageUrl) && /#./.test(href) ? href : page;
}

/**
 * The pictures of a menu with no text menu beside it: three or more short, labelled picture
 * buttons, each to another page of the site or, on a one-page site, to another of its sections.
 */
function isPictureMenu(images: ImageRef[], pageUrl: string): boolean {
  const pages = new Set(images.map((image) => toDestination(image.href!, pageUrl)));
  return (
    images.length >= 3 &&
    pages.size === images.length &&
    images.every(
      (image) =>
        image.alt !== '' &&
        image.height !== undefined &&
        image.height <= MAX_BUTTON_HEIGHT &&
        isSameOrigin(image.href!, pageUrl) &&
        !/\.(?:jpe?g|png|gif|webp|svg|pdf)$/i.test(new URL(image.href!).pathname),
    )
  );
}

/** Leaves out the page's picture menus that repeat its text menu (see the file's comment). */
export function dropPictureMenus(context: WalkContext): void {
  const { blocks, navLinks, pictures } = context;
  const textMenu = new Set(
    navLinks.filter((link) => !pictures.navLinks.has(link)).map((link) => toPageAddress(link.href)),
  );
  const hasTextNav = textMenu.size > 0;
  for (const block of blocks) for (const href of menuHrefsOf(block)) textMenu.add(href);

  // A menu's picture links to pages its text links go to already.
  for (let i = navLinks.length - 1; i >= 0; i--) {
    const link = navLinks[i]!;
    if (pictures.navLinks.has(link) && textMenu.has(toPageAddress(link.href)))
      navLinks.splice(i, 1);
  }

  const removed = new Set<number>();
  const madeLinks: NavLink[] = [];
  for (const run of findPictureRuns(blocks)) {
    const pages = new Set(run.images.map((image) => toPageAddress(image.href!)));
    const shared = [...pages].filter((page) => textMenu.has(page)).length;
    const repeatsMenu = pages.size >= 2 && shared >= 2 && shared >= pages.size * SAME_MENU_SHARE;
    const isMenu = !repeatsMenu && !hasTextNav && isPictureMenu(run.images, context.pageUrl);
    if (!repeatsMenu && !isMenu) continue;
    for (let index = run.start; index < run.end; index++) removed.add(index);
    if (isMenu) {
      for (const image of run.images) {
        const link = { label: image.alt, href: image.href! };
        madeLinks.push(link);
        pictures.navLinks.add(link);
      }
    }
  }
  navLinks.push(...madeLinks);
  if (removed.size === 0) return;
  removeBlocks(context, removed);
}

/** Removes blocks by index, moving the link targets that pointed at or past them. */
function removeBlocks(context: WalkContext, removed: Set<number>): void {
  const { blocks, anchors } = context;
  const shift: number[] = [];
  let gone = 0;
  for (let index = 0; index <= blocks.length; index++) {
    shift.push(gone);
    if (removed.has(index)) gone++;
  }
  for (const [id, index] of anchors) anchors.set(id, index - (shift[index] ?? gone));
  const kept = blocks.filter((_, index) => !removed.has(index));
  blocks.length = 0;
  blocks.push(...kept);
}
