/** A section's blocks as an intro and cards. */
import type { Block } from '../../model';

/**
 * Splits a section's blocks into an intro and cards, each card starting at a heading of `level`.
 * When the first such heading has a picture right before it (portfolio tiles, team members: the
 * thumbnail above the title), every picture right before such a heading starts its card instead.
 * The generated Section component groups the same way. Undefined when no heading has that level.
 */
export function splitCards(
  blocks: Block[],
  level: number,
): { intro: Block[]; cards: Block[][] } | undefined {
  const isCardHeading = (block: Block | undefined): boolean =>
    block?.kind === 'heading' && block.level === level;
  const first = blocks.findIndex(isCardHeading);
  if (first < 0) return undefined;
  const imageFirst = blocks[first - 1]?.kind === 'image';
  const starts = (index: number): boolean =>
    imageFirst && blocks[index]?.kind === 'image'
      ? isCardHeading(blocks[index + 1])
      : isCardHeading(blocks[index]) && !(imageFirst && blocks[index - 1]?.kind === 'image');
  const start = imageFirst ? first - 1 : first;
  const cards: Block[][] = [];
  for (let index = start; index < blocks.length; index++) {
    if (starts(index)) cards.push([blocks[index]!]);
    else cards[cards.length - 1]!.push(blocks[index]!);
  }
  return { intro: blocks.slice(0, start), cards };
}
