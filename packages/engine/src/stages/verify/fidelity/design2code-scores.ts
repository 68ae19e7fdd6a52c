/**
 * Design2Code's fine-grained metrics (Si et al., "Design2Code", NAACL 2025) between the original's and
 * the rebuild's text blocks, read from both DOMs instead of the paper's screenshots:
 *
 * - blocks are matched one to one by an optimal assignment (Munkres) on text dissimilarity;
 * - pairs whose texts are less than 0.5 similar are not matches (the paper's filter);
 * - block = matched area / all area: each matched pair counts the larger of its two areas, each
 *   rejected pair too (in the denominator only), and the unmatched blocks the larger of the two
 *   sides' unmatched totals; a block's area is that of its text's line boxes (the paper's OCR-free
 *   blocks are tight around the text too), as a fraction of its page's size;
 * - text = mean character-level similarity of the matched pairs;
 * - position = mean of 1 − the larger of the horizontal and vertical distances between the pair's
 *   centres, each in fractions of the page's width and height;
 * - colour = mean of max(0, 1 − ΔE2000 / 100) between the pair's text colours.
 */
import { munkres } from 'munkres';
import { toColorSimilarity } from './color-distance';
import type { LayoutSnapshot, TextBlock } from './layout-snapshot';
import { prepareText, toPreparedSimilarity } from './text-similarity';

/** Design2Code's four block scores, each 0..1. */
export interface BlockScores {
  block: number;
  text: number;
  position: number;
  color: number;
}

/** One pair of an assignment: indexes into the two lists and their text similarity. */
export interface BlockPair {
  original: number;
  rebuilt: number;
  similarity: number;
}

/** Pairs less similar than this are not matches (Design2Code). */
export const MIN_MATCH_SIMILARITY = 0.5;

/**
 * Weight of the difference in relative document order in the assignment's cost. Design2Code adds a
 * bonus for matched neighbours so that repeated texts ("Read more" five times) pair in order; a small
 * order term does that here without changing which texts pair when they differ.
 */
const ORDER_WEIGHT = 0.05;

/**
 * The optimal one-to-one assignment of `original` to `rebuilt` texts: minimises Σ (1 − similarity)
 * (plus a small order term), so every text is paired with its best counterpart globally, not greedily.
 * Returns every assigned pair with its similarity, including pairs below {@link MIN_MATCH_SIMILARITY}.
 */
export function assignBlocks(original: string[], rebuilt: string[]): BlockPair[] {
  if (original.length === 0 || rebuilt.length === 0) return [];
  const prepared = rebuilt.map(prepareText);
  const similarities = original.map((text) =>
    prepared.map((candidate) =>
      text === candidate.text ? 1 : toPreparedSimilarity(text, candidate),
    ),
  );
  const rows = original.length;
  const columns = rebuilt.length;
  const cost = similarities.map((row, i) =>
    row.map(
      (similarity, j) =>
        1 -
        similarity +
        ORDER_WEIGHT *
          Math.abs((rows === 1 ? 0 : i / (rows - 1)) - (columns === 1 ? 0 : j / (columns - 1))),
    ),
  );
  return munkres(cost)
    .map(([i, j]) => ({ original: i, rebuilt: j, similarity: similarities[i]![j]! }))
    .sort((a, b) => a.original - b.original);
}

function areaOf(block: TextBlock, page: LayoutSnapshot['page']): number {
  return block.area / (page.width * page.height);
}

function centreOf(block: TextBlock, page: LayoutSnapshot['page']): { x: number; y: number } {
  return {
    x: (block.box.x + block.box.width / 2) / page.width,
    y: (block.box.y + block.box.height / 2) / page.height,
  };
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Block, text, position and colour scores of the rebuild against the original (1 each for identical
 * pages; both without text also score 1; no match at all scores 0).
 */
export function toBlockScores(original: LayoutSnapshot, rebuilt: LayoutSnapshot): BlockScores {
  const a = original.blocks;
  const b = rebuilt.blocks;
  if (a.length === 0 && b.length === 0) return { block: 1, text: 1, position: 1, color: 1 };
  const pairs = assignBlocks(
    a.map((block) => block.text),
    b.map((block) => block.text),
  );
  const assignedA = new Set(pairs.map((pair) => pair.original));
  const assignedB = new Set(pairs.map((pair) => pair.rebuilt));
  const unmatchedA = a.reduce(
    (sum, block, index) => (assignedA.has(index) ? sum : sum + areaOf(block, original.page)),
    0,
  );
  const unmatchedB = b.reduce(
    (sum, block, index) => (assignedB.has(index) ? sum : sum + areaOf(block, rebuilt.page)),
    0,
  );
  let totalArea = Math.max(unmatchedA, unmatchedB);
  let matchedArea = 0;
  const texts: number[] = [];
  const positions: number[] = [];
  const colors: number[] = [];
  for (const pair of pairs) {
    const first = a[pair.original]!;
    const second = b[pair.rebuilt]!;
    const area = Math.max(areaOf(first, original.page), areaOf(second, rebuilt.page));
    totalArea += area;
    if (pair.similarity < MIN_MATCH_SIMILARITY) continue;
    matchedArea += area;
    texts.push(pair.similarity);
    const c1 = centreOf(first, original.page);
    const c2 = centreOf(second, rebuilt.page);
    positions.push(1 - Math.min(1, Math.max(Math.abs(c1.x - c2.x), Math.abs(c1.y - c2.y))));
    colors.push(
      toColorSimilarity(first.color, second.color, { a: first.background, b: second.background }),
    );
  }
  if (texts.length === 0) return { block: 0, text: 0, position: 0, color: 0 };
  return {
    block: totalArea === 0 ? 1 : matchedArea / totalArea,
    text: mean(texts),
    position: mean(positions),
    color: mean(colors),
  };
}
