import type { Block, InlineRun } from './content-model';
import { collapse } from './text';

/** The id of the section that holds the original's footer (plan keeps it apart). */
export const FOOTER_SECTION = 'page-footer';

/** The visible text of runs, as one whitespace-collapsed string (a line break reads as a space). */
export function plainText(runs: InlineRun[]): string {
  return collapse(runs.map((run) => (run.br ? ' ' : run.text)).join(''));
}

/** Every block of a list in document order, with the blocks of tab panels after their tabs block. */
export function toFlatBlocks(blocks: Block[]): Block[] {
  return blocks.flatMap((block) =>
    block.kind === 'tabs'
      ? [block, ...block.tabs.flatMap((tab) => toFlatBlocks(tab.blocks))]
      : block.kind === 'dialog'
        ? [block, ...toFlatBlocks(block.blocks)]
        : [block],
  );
}
