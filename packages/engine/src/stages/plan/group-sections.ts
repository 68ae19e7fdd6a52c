/** Visual sections of a page: deeper headings join the section above them. */
import type { Block, Section } from '../../model';
import { FOOTER_SECTION } from '../../model';

const isBreadcrumb = (block: Block): boolean =>
  (block.kind === 'paragraph' || block.kind === 'list') && block.breadcrumb === true;

/**
 * Visual sections start at h1/h2: deeper headings (and the sections under them) join the section
 * before them as heading blocks, and a heading with nothing under it takes the next section in.
 * The section `kept` (where a sidebar's columns begin under a banner) always starts a part of its own;
 * so does a deeper heading drawn after the box of the section above had ended (`afterBox`).
 */
export function groupSections(sections: Section[], kept?: string): Section[] {
  const out: Section[] = [];
  for (const section of sections) {
    const last = out[out.length - 1];
    if (kept !== undefined && section.id === kept) {
      out.push({ ...section, blocks: [...section.blocks] });
      continue;
    }
    const level = section.heading?.level ?? 0;
    // A short lead-in before the page's h1 ("Welcome to our studio!", a carousel) joins the h1's
    // section, still before the h1 as the original showed it: the h1 becomes the block after it.
    // A title band (issue 23) keeps its heading: what came before it stays a part of its own.
    if (
      last &&
      out.length === 1 &&
      !last.heading &&
      level === 1 &&
      last.blocks.length <= 2 &&
      !section.titleBand &&
      // A breadcrumb trail is the page's own line above its title, not the opening's first words.
      !(last.blocks.length > 0 && last.blocks.every(isBreadcrumb))
    ) {
      if (last.blocks.length === 0) {
        out[0] = { ...section, blocks: [...section.blocks] };
        continue;
      }
      out[0] = {
        id: section.id,
        blocks: [
          ...last.blocks,
          {
            kind: 'heading',
            level: 1,
            inlines: section.heading!.inlines,
            ...(section.heading!.drawnAs ? { drawnAs: section.heading!.drawnAs } : {}),
          },
          ...section.blocks,
        ],
      };
      continue;
    }
    // A tab group is a part of its own (extract made it one) unless it sits right under a heading;
    // what follows it under a heading starts the next part.
    const isTabGroup = !section.heading && section.blocks[0]?.kind === 'tabs';
    const lastIsTabGroup =
      !!last && !last.heading && last.blocks.length === 1 && last.blocks[0]!.kind === 'tabs';
    const absorb =
      last &&
      ((!section.heading &&
        !section.id.startsWith(FOOTER_SECTION) &&
        !(isTabGroup && last.blocks.length > 0)) ||
        // A deeper heading the original drew after the box above it had ended is a part of its own.
        (level >= 3 && !lastIsTabGroup && !(last.box && section.afterBox)) ||
        (last.blocks.length === 0 && last.heading && last.heading.level > 1));
    if (last && absorb) {
      if (section.heading)
        last.blocks.push({
          kind: 'heading',
          level: section.heading.level,
          inlines: section.heading.inlines,
          id: section.id,
          ...(section.collapsed ? { collapsed: true as const } : {}),
          ...(section.heading.drawnAs ? { drawnAs: section.heading.drawnAs } : {}),
        });
      last.blocks.push(...section.blocks);
      continue;
    }
    out.push({ ...section, blocks: [...section.blocks] });
  }
  return out;
}
