/**
 * The start page's hero (issue 12): the picture of its first view — a CSS background or a large first
 * picture — with its overlay colour, headline, sub-line and call to action. The identity probe saw it
 * in the rendered page; without a browser, a large picture before the page's first words stands in.
 */
import type { Block, HeroModel, ImageRef, PageModel } from '../../model';
import type { PageProbe } from '../../types';
import type { AssetIndex } from './walk-content';
import { plainText } from '../../model';

/** A picture at least this wide (CSS or natural pixels) spans a desktop page's first view. */
const HERO_MIN_WIDTH = 900;

/** The hero from the probe's reading; the picture resolved to a downloaded asset when there is one. */
export function toProbedHero(
  probe: NonNullable<PageProbe['hero']>,
  pageUrl: string,
  assets: AssetIndex,
): HeroModel {
  const hero: HeroModel = { pageUrl, layout: probe.isFullBleed ? 'full-bleed' : 'contained' };
  if (probe.image) {
    const image: ImageRef = { src: probe.image, alt: probe.alt };
    const asset = assets.get(probe.image);
    const width = asset?.width ?? (probe.width > 0 ? probe.width : undefined);
    const height = asset?.height ?? (probe.height > 0 ? probe.height : undefined);
    if (width !== undefined) image.width = width;
    if (height !== undefined) image.height = height;
    if (asset) image.asset = probe.image;
    hero.image = image;
  }
  if (probe.isUnderHeader) hero.isUnderHeader = true;
  if (probe.height > 0) hero.shownHeight = Math.round(probe.height);
  if (probe.overlay) hero.overlay = probe.overlay;
  if (probe.headline) hero.headline = probe.headline;
  if (probe.subline) hero.subline = probe.subline;
  if (probe.cta) hero.cta = probe.cta;
  return hero;
}

/**
 * Without a browser: a downloaded picture at least HERO_MIN_WIDTH wide among the page's first blocks,
 * before any paragraph, with the heading and paragraph that follow it as headline and sub-line.
 */
export function findStaticHero(blocks: Block[], pageUrl: string): HeroModel | undefined {
  // Words count where they stand in a layout row too (an introduction beside its picture).
  const firstText = blocks.findIndex(
    (block) =>
      block.kind === 'paragraph' ||
      (block.kind === 'items' &&
        block.items.some((item) => item.blocks.some((inner) => inner.kind === 'paragraph'))),
  );
  const limit = Math.min(firstText < 0 ? blocks.length : firstText + 1, 6);
  const index = blocks
    .slice(0, limit)
    .findIndex(
      (block) =>
        block.kind === 'image' &&
        block.image.asset !== undefined &&
        (block.image.width ?? 0) >= HERO_MIN_WIDTH,
    );
  if (index < 0) return undefined;
  const image = (blocks[index] as Extract<Block, { kind: 'image' }>).image;
  const hero: HeroModel = { pageUrl, image, layout: 'contained' };
  const after = blocks.slice(index + 1, index + 4);
  const heading = after.find((block) => block.kind === 'heading');
  if (heading?.kind === 'heading') hero.headline = plainText(heading.inlines);
  const paragraph = after.find((block) => block.kind === 'paragraph');
  if (paragraph?.kind === 'paragraph') hero.subline = plainText(paragraph.inlines);
  return hero;
}

/**
 * The hero of a page: the probe's when a browser rendered it (a page it saw no hero on has none: a
 * picture under the opening words illustrates them), else a large first picture of its content.
 */
export function findHero(
  probe: PageProbe | undefined,
  page: PageModel,
  assets: AssetIndex,
): HeroModel | undefined {
  if (probe !== undefined)
    return probe.hero ? toProbedHero(probe.hero, page.url, assets) : undefined;
  const blocks = page.sections.flatMap((section): Block[] => [
    ...(section.heading ? [{ kind: 'heading' as const, ...section.heading }] : []),
    ...section.blocks,
  ]);
  return findStaticHero(blocks, page.url);
}
