/** Tab groups fitted to the page's outline. */
import type { Block, Section } from '../../model';
import { plainText } from '../../model';

/**
 * Tab groups fit into the page's outline: the headings of their panels sit one level below the
 * heading above them (no skipped levels), and a tab list the original did not name is named
 * after the heading right above it, else after the page.
 */
export function fitTabs(sections: Section[], pageTitle: string): Section[] {
  let outer = 1;
  return sections.map((section) => {
    if (section.heading) outer = section.heading.level;
    const fit = (blocks: Block[], level: number, above: string | undefined): Block[] =>
      blocks.map((block, index) => {
        if (block.kind !== 'tabs') return block;
        const previous = blocks[index - 1];
        const label =
          block.label ??
          (previous?.kind === 'heading' ? plainText(previous.inlines) : undefined) ??
          (index === 0 ? above : undefined) ??
          pageTitle;
        const depth = Math.min(
          6,
          ...block.tabs.flatMap((tab) =>
            tab.blocks.map((b) => (b.kind === 'heading' ? b.level : 6)),
          ),
        );
        // Right under a heading block, the panels are that heading's subsections.
        const context = previous?.kind === 'heading' ? previous.level : level;
        const shift = Math.min(6, context + 1) - depth;
        return {
          ...block,
          label,
          tabs: block.tabs.map((tab) => ({
            ...tab,
            blocks: fit(
              tab.blocks.map((b) =>
                b.kind === 'heading'
                  ? { ...b, level: Math.min(6, Math.max(2, b.level + shift)) }
                  : b,
              ),
              Math.min(6, context + 1),
              tab.label,
            ),
          })),
        };
      });
    const above = section.heading ? plainText(section.heading.inlines) : undefined;
    return { ...section, blocks: fit(section.blocks, outer, above) };
  });
}
