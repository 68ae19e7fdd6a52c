/** The page's sidebar in the plan (issue 12): its links rewritten to routes, its pictures self-hosted. */
import type { Aside, Block } from '../../model';

/** The aside with each block rewritten as the page's content is (a block may be dropped). */
export function planAside(
  aside: Aside,
  rewriteBlock: (block: Block) => Block | undefined,
): Aside | undefined {
  const blocks = aside.blocks.map(rewriteBlock).filter((block): block is Block => !!block);
  return blocks.length > 0 ? { ...aside, blocks } : undefined;
}
