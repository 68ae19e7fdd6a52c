/**
 * The start page's hero as the original had it (issue 12): its picture (behind the words when it
 * spanned the screen, beside them when it sat in the content column), its headline's section shown
 * as a hero, and its call to action as a button in the brand colour.
 */
import type { Block, HeroModel, ImageRef, InlineRun, PlannedPage } from '../../model';
import { normalizeUrl } from './plan-routes';
import { plainText } from '../../model';

type PlannedSection = PlannedPage['sections'][number];

/** How plan rewrites the hero's picture and link for the rebuilt site. */
export interface HeroRewriter {
  /** The hosted copy of an image; undefined when it was not downloaded. */
  image: (image: ImageRef) => ImageRef | undefined;
  href: (href: string) => string | undefined;
}

function sectionText(section: PlannedSection): string {
  return [
    section.heading ? plainText(section.heading.inlines) : '',
    ...section.blocks.flatMap((block) =>
      block.kind === 'paragraph' || block.kind === 'heading' ? [plainText(block.inlines)] : [],
    ),
  ].join(' ');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Marks the call to action's link as a button, or adds it when the section does not have it. */
function withCallToAction(blocks: Block[], label: string, href: string | undefined): Block[] {
  const key = squash(label);
  let found = false;
  const mark = (runs: InlineRun[]) =>
    runs.map((run) => {
      if (!run.href || squash(run.text) !== key) return run;
      found = true;
      return run.button ? run : { ...run, button: 'primary' as const };
    });
  const out = blocks.map((block) =>
    block.kind === 'paragraph' ? { ...block, inlines: mark(block.inlines) } : block,
  );
  if (found || !href) return out;
  return [...out, { kind: 'paragraph', inlines: [{ text: label, href, button: 'primary' }] }];
}

/** The most words a hero lays over its picture (characters): a headline, a line, a button. */
const MAX_HERO_WORDS = 280;

/** A picture band's height (px) when neither the original's band nor the picture gives one. */
const BAND_HEIGHT = 480;

/**
 * Where a hero's opening ends: its first blocks up to MAX_HERO_WORDS characters (the headline and
 * the line under it), and its call-to-action button right after; the whole when it is that short.
 */
function toOpeningEnd(blocks: Block[]): number {
  let chars = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const words =
      block.kind === 'paragraph' || block.kind === 'heading'
        ? plainText(block.inlines).length
        : block.kind === 'list'
          ? block.items.reduce((n, item) => n + plainText(item).length, 0)
          : 0;
    const isButton =
      block.kind === 'paragraph' && block.inlines.every((run) => !run.text.trim() || run.button);
    if (i > 0 && !isButton && chars + words > MAX_HERO_WORDS) return i;
    chars += words;
  }
  return blocks.length;
}

/** The section's own reference to a picture (an image block's, a row item's), wherever it stands. */
function findImage(blocks: Block[], src: string): ImageRef | undefined {
  for (const b of blocks) {
    if (b.kind === 'image' && b.image.src === src) return b.image;
    if (b.kind !== 'items') continue;
    for (const item of b.items) {
      if (item.image?.src === src) return item.image;
      const inner = findImage(item.blocks, src);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * The hero's picture with the sizes the original showed and drew it at, read from where the page
 * held it: a banner drawn 998 px wide in a fixed-width table is not stretched across the column.
 */
function withDrawnSize(image: ImageRef, blocks: Block[]): ImageRef {
  const own = findImage(blocks, image.src);
  if (!own) return image;
  return {
    ...image,
    ...(own.shownWidth !== undefined && image.shownWidth === undefined
      ? { shownWidth: own.shownWidth }
      : {}),
    ...(own.drawnWidth !== undefined && image.drawnWidth === undefined
      ? { drawnWidth: own.drawnWidth }
      : {}),
  };
}

/** The page with its hero applied (the page the hero was found on; others are returned as they are). */
export function applyHero(
  page: PlannedPage,
  hero: HeroModel | undefined,
  rewrite: HeroRewriter,
): PlannedPage {
  if (!hero || normalizeUrl(hero.pageUrl) !== normalizeUrl(page.url) || page.sections.length === 0)
    return page;
  const headline = hero.headline ? squash(hero.headline) : '';
  const found = headline
    ? page.sections.findIndex((section) => squash(sectionText(section)).includes(headline))
    : -1;
  // A hero sits at the top: its headline's section when that is among the first ones, else the first.
  const index = found >= 0 && found <= 2 ? found : 0;
  const section = page.sections[index]!;
  const image = hero.image ? rewrite.image(hero.image) : undefined;
  let blocks = section.blocks;
  if (hero.cta) blocks = withCallToAction(blocks, hero.cta.label, rewrite.href(hero.cta.href));
  // The hero's picture is shown once: as the backdrop, or first in the section beside the words,
  // and nowhere else on the page (it may have been found further down).
  const isHeroPicture = (b: Block) =>
    image !== undefined && b.kind === 'image' && b.image.src === image.src;
  const withoutHeroPicture = (list: Block[]): Block[] =>
    list.flatMap((b): Block[] => {
      if (isHeroPicture(b)) return [];
      if (b.kind !== 'items' || !image) return [b];
      // Inside a row of items (a sliced layout's table): the item keeps its words, if any.
      const items = b.items.flatMap((item) => {
        const inner = withoutHeroPicture(item.blocks);
        if (item.image?.src !== image.src) return [{ ...item, blocks: inner }];
        return inner.length > 0 ? [{ blocks: inner }] : [];
      });
      return items.length === 0 ? [] : [{ ...b, items }];
    });
  blocks = withoutHeroPicture(blocks);
  const out: PlannedSection = { ...section, variant: 'hero', blocks };
  // Long body text laid over a photo is hard to read: the words after the opening ones follow
  // the hero as a section of their own, on the page's background.
  let rest: PlannedSection | undefined;
  if (image && hero.layout === 'full-bleed' && !hero.headline && !hero.subline && !hero.cta) {
    // A picture band with no words over it (a drawn emblem, a poster on the page's ground): shown
    // whole, at the original's height, before the section's words instead of darkened behind them.
    const band: PlannedSection = {
      id: `${section.id}-picture`,
      variant: 'hero',
      blocks: [],
      // Its height marks it a band wherever it is drawn: the original's, else the picture's own.
      backdrop: { image, shownHeight: Math.round(hero.shownHeight ?? image.height ?? BAND_HEIGHT) },
    };
    return {
      ...page,
      sections: page.sections.flatMap((s, i) => {
        const kept = { ...s, blocks: withoutHeroPicture(s.blocks) };
        return i === index ? [band, kept] : [kept];
      }),
    };
  }
  if (image && hero.layout === 'full-bleed') {
    out.backdrop = hero.overlay ? { image, overlay: hero.overlay } : { image };
    const cut = toOpeningEnd(blocks);
    if (cut < blocks.length) {
      out.blocks = blocks.slice(0, cut);
      rest = { id: `${section.id}-more`, variant: 'prose', blocks: blocks.slice(cut) };
    }
  } else if (image) {
    out.blocks = [{ kind: 'image', image: withDrawnSize(image, section.blocks) }, ...blocks];
  }
  return {
    ...page,
    sections: page.sections.flatMap((s, i) =>
      i === index ? (rest ? [out, rest] : [out]) : [{ ...s, blocks: withoutHeroPicture(s.blocks) }],
    ),
  };
}
