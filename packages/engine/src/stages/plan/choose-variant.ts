/** The component variant of each section. */
import type { Block, ImageRef, Section, SectionVariant } from '../../model';
import { splitCards } from './split-cards';
import { isCardGroup } from './to-card-runs';
import { plainText } from '../../model';

/**
 * A gallery's photos are alike in size: one many times wider than another (a page's certificate
 * scan beside its logo) is a picture of its own, not a thumbnail among others.
 */
const GALLERY_MAX_WIDTH_RATIO = 4;

/** Pictures the original showed at comparable widths (its markup's, else the file's). */
function isAlike(pictures: ImageRef[]): boolean {
  const widths = pictures.map((image) => image.shownWidth ?? image.width ?? 200);
  return Math.max(...widths) <= Math.min(...widths) * GALLERY_MAX_WIDTH_RATIO;
}

/** The default component for a section's content. */
export function chooseVariant(
  section: Section,
  index: number,
  isStartPage: boolean,
): SectionVariant {
  const blocks = section.blocks;
  const count = (kind: Block['kind']): number =>
    blocks.filter((block) => block.kind === kind).length;
  if (count('form') > 0) return 'contact';
  // Tabs lay their panels out themselves: the section around them is plain.
  if (count('tabs') > 0) return 'prose';
  // So do carousels and item grids (issue 12).
  if (count('carousel') > 0 || count('items') > 0) return 'prose';
  // Icons and bullets (old sites are full of 16 px GIFs) are no gallery: only picture-sized images count.
  const pictures = blocks.flatMap((block) =>
    block.kind === 'image' && (block.image.width ?? 200) >= 120 && (block.image.height ?? 200) >= 80
      ? [block.image]
      : [],
  );
  if (pictures.length >= 3 && count('image') * 2 >= blocks.length && isAlike(pictures))
    return 'gallery';
  // Code, not lines of text set in the body's type (a list of dates laid out with tabs).
  const code = blocks.filter((block) => block.kind === 'pre' && !block.plain).length;
  if (code > 0 && code * 2 >= blocks.length) return 'doc';
  if (blocks.length > 0 && count('table') === blocks.length) return 'table';
  // The start page's first section under its h1 is the hero (its h1 may follow a lead-in).
  const h1 =
    section.heading?.level === 1 ||
    (!section.heading && blocks.some((block) => block.kind === 'heading' && block.level === 1));
  if (index === 0 && isStartPage && h1) return 'hero';
  // Cards: the deepest headings split the section into short groups; what comes before is the intro.
  const cardLevel = Math.max(
    0,
    ...blocks.map((block) => (block.kind === 'heading' ? block.level : 0)),
  );
  const groups = splitCards(blocks, cardLevel);
  if (
    groups !== undefined &&
    groups.intro.every((b) => b.kind === 'paragraph' || b.kind === 'heading')
  ) {
    const { cards } = groups;
    // Questions under headings ("How do I ...?") with their answers: an FAQ, shown as an accordion.
    const questions = cards.filter((group) => {
      const heading = group[0];
      return heading?.kind === 'heading' && plainText(heading.inlines).endsWith('?');
    }).length;
    if (cards.length >= 3 && questions >= cards.length * 0.6) return 'accordion';
    if (cards.length >= 2 && cards.length <= 60 && cards.every(isCardGroup)) return 'cards';
  }
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (
    only?.kind === 'list' &&
    // A dated list, a price list or a list of links keeps its kind (issue 23): no cards.
    !only.dated &&
    !only.priced &&
    !only.compact &&
    !only.items.every((item) => item.some((run) => run.href)) &&
    only.items.length >= 3 &&
    only.items.every((item) => plainText(item).length <= 140)
  )
    return 'cards';
  return 'prose';
}
