/** The heading outline of a page: one h1, no skipped levels. */
import { plainText, type Block, type Section } from '../model';

const wordsOf = (section: Section): string =>
  section.heading ? plainText(section.heading.inlines).toLowerCase() : '';

/**
 * A title with nothing under it followed by a section under the same words (a theme's own page title,
 * hidden by its stylesheet, above the content's heading that repeats it) is one heading: the later
 * section's, under the first one's id (issue 23: the page title shown twice); a title drawn in a
 * title band keeps its heading and its band over the later section's content.
 */
function withoutRepeatedTitles(sections: Section[]): Section[] {
  const out: Section[] = [];
  for (const section of sections) {
    const before = out[out.length - 1];
    if (
      before?.heading &&
      before.blocks.length === 0 &&
      !before.heading.visuallyHidden &&
      wordsOf(before) !== '' &&
      wordsOf(before) === wordsOf(section)
    ) {
      // A title drawn in the page's title band (issue 23) keeps its band and its own heading.
      out[out.length - 1] = before.titleBand
        ? { ...section, id: before.id, heading: before.heading, titleBand: before.titleBand }
        : { ...section, id: before.id };
      continue;
    }
    out.push(section);
  }
  return out;
}

/**
 * Exactly one h1 per page and no skipped levels: the first heading becomes the h1 when the page has
 * none (or the page title is added as one, visually hidden: the original showed no heading there,
 * issue 12), later h1s become h2s, deeper levels close up.
 */
export function fixOutline(sections: Section[], title: string): Section[] {
  const out = withoutRepeatedTitles(sections).map((section) => ({
    ...section,
    heading: section.heading ? { ...section.heading } : undefined,
  }));
  const headed = out.filter((s) => s.heading);
  const hasH1 = headed.some((s) => s.heading!.level === 1);
  if (!hasH1) {
    // A title for screen readers only (a part a menu leads to, issue 23) never titles the page:
    // the page's title does.
    const first = headed[0];
    if (
      first &&
      !first.heading!.visuallyHidden &&
      out.indexOf(first) <= 1 &&
      first.heading!.level <= 3
    )
      keepDrawnLevel(first.heading!, 1);
    else
      out.unshift({
        id: 'page-title',
        heading: { level: 1, inlines: [{ text: title }], visuallyHidden: true },
        blocks: [],
      });
  }
  // Original levels map to new ones through a stack, so siblings stay siblings (h2 h4 h4 -> h2 h3 h3).
  let seenH1 = false;
  const stack: { original: number; level: number }[] = [];
  for (const section of out) {
    if (!section.heading) continue;
    let original = section.heading.level;
    if (original === 1 && seenH1) original = 2;
    while (stack.length > 0 && stack[stack.length - 1]!.original >= original) stack.pop();
    let level = (stack[stack.length - 1]?.level ?? 0) + 1;
    if (level === 1 && seenH1) level = 2;
    if (level === 1) seenH1 = true;
    stack.push({ original, level });
    keepDrawnLevel(section.heading, level);
  }
  // Headings inside the sections' blocks (an item's title, a slide's caption) follow the outline too.
  let level = 1;
  return out.map((section) => {
    if (section.heading) level = section.heading.level;
    const copy: Section = { id: section.id, blocks: fitBlockHeadings(section.blocks, level) };
    if (section.heading) copy.heading = section.heading;
    if (section.collapsed) copy.collapsed = true;
    if (section.box) copy.box = section.box;
    if (section.afterBox) copy.afterBox = true;
    if (section.titleBand) copy.titleBand = section.titleBand;
    return copy;
  });
}

/** The largest level the stylesheet draws at its own size (h1 to h3; deeper ones share one). */
const MAX_DRAWN_LEVEL = 3;

/**
 * Gives a heading its outline level, remembering the level the original drew it at when that
 * differs (decision record 110): a page whose title was an h2 (no h1) shows it at an h2's size,
 * not an h1's, and a later h1 made an h2 keeps an h1's.
 */
function keepDrawnLevel<T extends { level: number; drawnAs?: number }>(
  heading: T,
  level: number,
): T {
  const drawn = heading.drawnAs ?? heading.level;
  heading.level = level;
  if (drawn !== level && drawn <= MAX_DRAWN_LEVEL && (level <= MAX_DRAWN_LEVEL || drawn < level))
    heading.drawnAs = drawn;
  else delete heading.drawnAs;
  return heading;
}

/**
 * Headings inside blocks (items, slides, dialogs; tabs are fitTabs' business) one level below what holds them at most, and
 * never skipping a level after the one before them: a feature's h4 under the page's h1 becomes an
 * h2 (issue 12: Lighthouse's heading order). Siblings — one item's title and the next's — stay equal.
 */
function fitBlockHeadings(blocks: Block[], parent: number): Block[] {
  let last = parent;
  return blocks.map((block): Block => {
    switch (block.kind) {
      case 'heading': {
        const level = Math.max(2, Math.min(block.level, last + 1));
        last = level;
        return level === block.level ? block : keepDrawnLevel({ ...block }, level);
      }
      case 'items':
        return {
          ...block,
          items: block.items.map((item) => ({
            ...item,
            blocks: fitBlockHeadings(item.blocks, last),
          })),
        };
      case 'carousel':
        return {
          ...block,
          slides: block.slides.map((slide) => ({
            ...slide,
            blocks: fitBlockHeadings(slide.blocks, last),
          })),
        };
      case 'dialog':
        // A dialog is titled (an h2) of its own.
        return { ...block, blocks: fitBlockHeadings(block.blocks, 2) };
      default:
        return block;
    }
  });
}

/** True for a page title that is only a file path ("/frame_left.html"): extract's last resort, never a title to show. */
export function isPathTitle(title: string): boolean {
  const trimmed = title.trim();
  return (
    trimmed === '' ||
    (!/\s/.test(trimmed) &&
      (trimmed.startsWith('/') || /\.(?:s?html?|php|aspx?|jsp)$/i.test(trimmed)))
  );
}

/** A rebuilt heading level (h1–h3, what the type scale styles). */
export type OutlineLevel = 1 | 2 | 3;

/**
 * The heading levels of a section and the blocks it holds, in order: its own, then its blocks'
 * (items', slides' and dialogs' too, the containers fitBlockHeadings renumbers).
 */
function headingLevels(section: Section): number[] {
  const own = section.heading && !section.heading.visuallyHidden ? [section.heading.level] : [];
  return [...own, ...blockLevels(section.blocks)];
}

function blockLevels(blocks: readonly Block[]): number[] {
  return blocks.flatMap((block): number[] => {
    switch (block.kind) {
      case 'heading':
        return [block.level];
      case 'items':
        return block.items.flatMap((item) => blockLevels(item.blocks));
      case 'carousel':
        return block.slides.flatMap((slide) => blockLevels(slide.blocks));
      case 'dialog':
        return blockLevels(block.blocks);
      default:
        return [];
    }
  });
}

/**
 * For each level of the rebuilt outline (h1–h3), the original level most of its headings had on a
 * page without an h1 (fixOutline's numbering: its first heading becomes the h1, or h3s under a
 * hidden title become h2s; the headings in its blocks follow). A rebuilt level no heading reached
 * is left out; a page with an h1 or without headings maps each level to itself.
 */
export function toOutlineSources(
  sections: readonly Section[],
): Partial<Record<OutlineLevel, number>> {
  const same = { 1: 1, 2: 2, 3: 3 };
  // Headings the original showed (a part titled with a picture is not measured).
  const before = new Map(sections.map((section) => [section.id, headingLevels(section)]));
  const all = [...before.values()].flat();
  // A page with an h1 of its own keeps its levels: the outline only closes gaps under it (the
  // type scale's toOutlineLevels reads that site-wide); a page without one is renumbered from its
  // first heading, where a start page's lone h2 and inner pages' h3s trade places.
  if (all.length === 0 || all.includes(1)) return same;
  const counts = new Map<OutlineLevel, Map<number, number>>();
  for (const section of fixOutline([...sections], '')) {
    const original = before.get(section.id);
    const rebuilt = headingLevels(section);
    // A section merged with a repeated title, or whose levels no longer pair up, tells nothing.
    if (!original || original.length !== rebuilt.length) continue;
    rebuilt.forEach((level, i) => {
      if (level > 3) return;
      const byOriginal = counts.get(level as OutlineLevel) ?? new Map<number, number>();
      byOriginal.set(original[i]!, (byOriginal.get(original[i]!) ?? 0) + 1);
      counts.set(level as OutlineLevel, byOriginal);
    });
  }
  const sources: Partial<Record<OutlineLevel, number>> = {};
  for (const [level, byOriginal] of counts) {
    // The most headings; on a tie the shallower original level (the one met first in the outline).
    const [best] = [...byOriginal.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    if (best) sources[level] = best[0];
  }
  return sources;
}
