/** Runs of short sibling sections (panels, pricing plans, FAQs) grouped into one section of cards. */
import type { Block, Section } from '../../model';
import { plainText } from '../../model';

/**
 * Three or more short sibling sections in a row (a grid of "Project name + one line" panels, pricing
 * plans) become one section of cards: their headings become the cards' headings.
 */
export function toCardRuns(sections: Section[]): Section[] {
  // Horizontal rules between the panels were separators: cards separate themselves.
  const asGroup = (section: Section): Block[] => {
    const blocks = section.blocks.filter((block) => block.kind !== 'rule');
    return section.heading
      ? [
          {
            kind: 'heading',
            level: section.heading.level,
            inlines: section.heading.inlines,
            id: section.id,
            ...(section.collapsed ? { collapsed: true as const } : {}),
          },
          ...blocks,
        ]
      : blocks;
  };
  const isQuestion = (section: Section): boolean =>
    !!section.heading && plainText(section.heading.inlines).endsWith('?');
  // A run is either short panels (cards) or questions with answers of any length (an FAQ).
  // A part a menu leads to, titled for screen readers only (extract, issue 23), is no card.
  const fits = (section: Section, level: number, questions: boolean): boolean =>
    section.heading?.level === level &&
    !section.heading.visuallyHidden &&
    level >= 2 &&
    section.blocks.length > 0 &&
    (questions ? isQuestion(section) : isCardGroup(asGroup(section)));
  const out: Section[] = [];
  for (let i = 0; i < sections.length;) {
    const first = sections[i]!;
    const level = first.heading?.level ?? 0;
    const questions = isQuestion(first);
    let j = i;
    while (j < sections.length && fits(sections[j]!, level, questions)) j++;
    if (j - i >= 3) {
      out.push({ id: `${first.id}-group`, blocks: sections.slice(i, j).flatMap(asGroup) });
      i = j;
    } else {
      out.push(first);
      i++;
    }
  }
  return out;
}

/** A short group of headings, paragraphs, lists and images: one card. */
export function isCardGroup(group: Block[]): boolean {
  const text = group.reduce(
    (n, block) =>
      n +
      (block.kind === 'paragraph' || block.kind === 'heading'
        ? plainText(block.inlines).length
        : block.kind === 'list'
          ? block.items.reduce((m, item) => m + plainText(item).length, 0)
          : 0),
    0,
  );
  return (
    group.length <= 4 &&
    text <= 500 &&
    group.every((block) => ['heading', 'paragraph', 'list', 'image'].includes(block.kind))
  );
}
