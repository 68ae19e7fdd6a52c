/**
 * The rebuilt header shows what the original's header showed besides its brand and menu (issue
 * 23): the strip above them and the lines beside or under the brand, lifted out of the pages. The
 * start page's are the site's; a page whose header showed other words keeps them as its first
 * words (no word is lost), and so does a part that is more than lines (pictures, forms).
 */
import type { Block, HeaderPart, Section } from '../../model';
import { plainText, withoutTimestamps } from '../../model';

/** Block kinds a header line can be (pictures, forms and widgets stay in their page). */
const LINE_KINDS = new Set<Block['kind']>(['paragraph', 'list', 'heading', 'rule']);

/** A header part this long is content in a header's clothes: left in the page. */
const MAX_PART_CHARS = 400;

/** The page's header parts, their blocks rewritten; those that are lines, and the blocks of the rest. */
export function toHeaderParts(
  parts: readonly HeaderPart[] | undefined,
  rewriteBlock: (block: Block) => Block | undefined,
): { header: HeaderPart[]; content: Block[] } {
  const header: HeaderPart[] = [];
  const content: Block[] = [];
  for (const part of parts ?? []) {
    const blocks = part.blocks.map(rewriteBlock).filter((b): b is Block => b !== undefined);
    if (blocks.length === 0) continue;
    const isLines =
      blocks.every((block) => LINE_KINDS.has(block.kind)) &&
      JSON.stringify(blocks).length <= MAX_PART_CHARS * 4;
    if (isLines) header.push({ place: part.place, blocks });
    else content.push(...blocks);
  }
  return { header, content };
}

/**
 * A part's words for comparing: its words with letters in them, a date or time a script wrote left
 * out (a clock the probe did not catch on one page must not make its strip another).
 */
function toPartKey(part: HeaderPart): string {
  return withoutTimestamps(part.blocks.flatMap(toWords).join(' '))
    .split(/\s+/)
    .filter((token) => /\p{L}/u.test(token))
    .join(' ');
}

function toWords(block: Block): string[] {
  if (block.kind === 'paragraph' || block.kind === 'heading') return [plainText(block.inlines)];
  if (block.kind === 'list') return block.items.map(plainText);
  return [];
}

/**
 * The blocks of the page's header parts that the site's header does not show at the same place:
 * they stay the page's words. A part the site's header shows goes.
 */
export function toUnshownHeaderBlocks(
  own: readonly HeaderPart[],
  site: readonly HeaderPart[],
): Block[] {
  const shown = new Set(site.map((part) => `${part.place} ${toPartKey(part)}`));
  return own.flatMap((part) => (shown.has(`${part.place} ${toPartKey(part)}`) ? [] : part.blocks));
}

/**
 * The page's sections with `blocks` (header words the site's header does not show) before its
 * first words: in its first section when that has no title, else in a section of their own.
 */
export function withHeaderWords(sections: Section[], blocks: Block[]): Section[] {
  if (blocks.length === 0) return sections;
  const [first, ...rest] = sections;
  if (first && !first.heading) return [{ ...first, blocks: [...blocks, ...first.blocks] }, ...rest];
  const used = new Set(sections.map((section) => section.id));
  let id = 'page-header';
  for (let n = 2; used.has(id); n++) id = `page-header-${n}`;
  return [{ id, blocks }, ...sections];
}
