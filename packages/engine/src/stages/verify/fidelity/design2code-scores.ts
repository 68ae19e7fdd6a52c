/**
 * Design2Code's fine-grained metrics (Si et al., "Design2Code", NAACL 2025;
 * github.com/NoviScl/Design2Code, `metrics/visual_score.py`) between the original's and the
 * rebuild's text blocks, read from both DOMs instead of the paper's screenshots (decision records
 * 022 and 028):
 *
 * - texts are compared lower-cased (the paper's blocks are), character by character;
 * - blocks are matched one to one by an optimal assignment (Munkres) on text dissimilarity, and
 *   consecutive blocks on either side are merged while that raises the matching (the paper's
 *   `find_possible_merge`): one paragraph on one side, the same words in three blocks on the other;
 * - pairs whose texts are less than 0.5 similar are not matches (the paper's filter);
 * - block = Σ matched pairs' areas (both sides) / (that + every unmatched block's area, both sides),
 *   areas as fractions of each page's size;
 * - text = mean similarity of the matched pairs;
 * - position = mean of 1 − the larger of the horizontal and vertical distances between the pair's
 *   centres, each in fractions of the page's width and height;
 * - colour = mean of max(0, 1 − ΔE2000 / 100) between the pair's text colours.
 */
import { munkres } from 'munkres';
import { toColorSimilarity } from './color-distance';
import type { Box, LayoutSnapshot, TextBlock } from './layout-snapshot';
import { MAX_CHARS, prepareText, toPreparedSimilarity, type PreparedText } from './text-similarity';

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
 * A merge of two consecutive blocks is kept when it raises the matched similarity by more than this
 * (Design2Code keeps a merge that lowers its mean matching cost by more than 0.05).
 */
export const MIN_MERGE_GAIN = 0.05;

/**
 * Texts whose lengths alone bound their similarity below this are not compared (similarity 0): a
 * piece of a paragraph split in up to 9 blocks is still compared with the paragraph, and so
 * paired with it and merged.
 */
const MIN_COMPARED_SIMILARITY = 0.2;

/** Rounds of merging (each: both sides, one assignment after each); a split in k blocks needs ~log2 k. */
const MAX_MERGE_ROUNDS = 8;

/**
 * Weight of the difference in relative document order in the assignment's cost. Design2Code adds a
 * bonus for matched neighbours so that repeated texts ("Read more" five times) pair in order; a small
 * order term does that here without changing which texts pair when they differ.
 */
const ORDER_WEIGHT = 0.05;

/** A block being matched: one or several consecutive text blocks of one side, merged. */
export interface Unit {
  text: string;
  prepared: PreparedText;
  /** The union of the merged blocks' boxes. */
  box: Box;
  /** Summed text area, as a fraction of the page. */
  area: number;
  /** Colour and background of the merged block holding most characters. */
  color: string;
  background: string;
  /** Characters of that block (to choose between merged colours). */
  colorChars: number;
}

function toUnit(block: TextBlock, page: LayoutSnapshot['page']): Unit {
  const text = block.text.toLowerCase();
  return {
    text,
    prepared: prepareText(text),
    box: block.box,
    area: block.area / (page.width * page.height),
    color: block.color,
    background: block.background,
    colorChars: block.text.length,
  };
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

function merge(a: Unit, b: Unit): Unit {
  const text = `${a.text} ${b.text}`;
  const dominant = b.colorChars > a.colorChars ? b : a;
  return {
    text,
    prepared: prepareText(text),
    box: union(a.box, b.box),
    area: a.area + b.area,
    color: dominant.color,
    background: dominant.background,
    colorChars: dominant.colorChars,
  };
}

/**
 * The similarity of two texts, 0 without comparing them when their lengths alone bound it below
 * MIN_COMPARED_SIMILARITY (2 × shorter / both: the LCS is at most the shorter text). Below the
 * filter the similarity still steers the assignment (as in the paper: a piece of a split paragraph
 * pairs with the paragraph, which makes it a candidate for merging) but is no match.
 */
function toBoundedSimilarity(text: string, other: PreparedText): number {
  if (text === other.text) return 1;
  const length = Math.min(text.length, MAX_CHARS);
  const otherLength = other.text.length;
  if ((2 * Math.min(length, otherLength)) / (length + otherLength) < MIN_COMPARED_SIMILARITY)
    return 0;
  return toPreparedSimilarity(text, other);
}

function toSimilarities(a: Unit[], b: Unit[]): number[][] {
  return a.map((first) => b.map((second) => toBoundedSimilarity(first.text, second.prepared)));
}

/** The optimal assignment on a similarity matrix, with the order term; every assigned pair. */
function assign(similarities: number[][], columns: number): BlockPair[] {
  const rows = similarities.length;
  if (rows === 0 || columns === 0) return [];
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
    .sort((x, y) => x.original - y.original);
}

/**
 * The optimal one-to-one assignment of `original` to `rebuilt` texts: minimises Σ (1 − similarity)
 * (plus a small order term), so every text is paired with its best counterpart globally, not greedily.
 * Returns every assigned pair with its similarity, including pairs below {@link MIN_MATCH_SIMILARITY}
 * (0 when the texts' lengths alone rule a match out).
 */
export function assignBlocks(original: string[], rebuilt: string[]): BlockPair[] {
  const prepared = rebuilt.map(prepareText);
  const similarities = original.map((text) =>
    prepared.map((candidate) => toBoundedSimilarity(text, candidate)),
  );
  return assign(similarities, rebuilt.length);
}

/** Matched similarity of each unit of one side (0 when unassigned or below the filter). */
function matchedValues(length: number, partners: Map<number, BlockPair>): number[] {
  return Array.from({ length }, (_, index) => {
    const similarity = partners.get(index)?.similarity ?? 0;
    return similarity >= MIN_MATCH_SIMILARITY ? similarity : 0;
  });
}

/**
 * One side's merges for the current assignment: each pair of consecutive units whose merged text
 * matches one of their two partners better than both did together by more than MIN_MERGE_GAIN,
 * best first, none sharing a unit. Returns the side merged, or undefined when nothing merged.
 */
function mergeSide(
  units: Unit[],
  others: Unit[],
  partnerOf: (index: number) => number | undefined,
  values: number[],
): Unit[] | undefined {
  const candidates: { index: number; gain: number; merged: Unit }[] = [];
  for (let index = 0; index + 1 < units.length; index++) {
    const targets = new Set([partnerOf(index), partnerOf(index + 1)]);
    const merged = merge(units[index]!, units[index + 1]!);
    let best = 0;
    for (const target of targets) {
      if (target === undefined) continue;
      best = Math.max(best, toBoundedSimilarity(merged.text, others[target]!.prepared));
    }
    const gain = best - values[index]! - values[index + 1]!;
    if (best >= MIN_MATCH_SIMILARITY && gain > MIN_MERGE_GAIN)
      candidates.push({ index, gain, merged });
  }
  if (candidates.length === 0) return undefined;
  candidates.sort((a, b) => b.gain - a.gain);
  const taken = new Set<number>();
  const chosen = new Map<number, Unit>();
  for (const { index, merged } of candidates) {
    if (taken.has(index) || taken.has(index + 1)) continue;
    taken.add(index).add(index + 1);
    chosen.set(index, merged);
  }
  const result: Unit[] = [];
  for (let index = 0; index < units.length; index++) {
    const merged = chosen.get(index);
    if (merged === undefined) result.push(units[index]!);
    else {
      result.push(merged);
      index++;
    }
  }
  return result;
}

/**
 * Merges consecutive units on either side while that raises the matching (Design2Code's
 * `find_possible_merge`, with each candidate merge judged against its two blocks' current partners
 * instead of a whole new assignment per candidate), then the final assignment.
 */
function matchWithMerges(a: Unit[], b: Unit[]): { a: Unit[]; b: Unit[]; pairs: BlockPair[] } {
  let pairs = assign(toSimilarities(a, b), b.length);
  for (let round = 0; round < MAX_MERGE_ROUNDS; round++) {
    let changed = false;
    const byOriginal = new Map(pairs.map((pair) => [pair.original, pair]));
    const mergedA = mergeSide(
      a,
      b,
      (index) => byOriginal.get(index)?.rebuilt,
      matchedValues(a.length, byOriginal),
    );
    if (mergedA !== undefined) {
      a = mergedA;
      pairs = assign(toSimilarities(a, b), b.length);
      changed = true;
    }
    const byRebuilt = new Map(pairs.map((pair) => [pair.rebuilt, pair]));
    const mergedB = mergeSide(
      b,
      a,
      (index) => byRebuilt.get(index)?.original,
      matchedValues(b.length, byRebuilt),
    );
    if (mergedB !== undefined) {
      b = mergedB;
      pairs = assign(toSimilarities(a, b), b.length);
      changed = true;
    }
    if (!changed) break;
  }
  return { a, b, pairs };
}

/**
 * The two pages' blocks after merging (lower-cased texts, areas in page fractions) and their
 * assignment, every assigned pair with its similarity (also those below the filter).
 */
export function matchTextBlocks(
  original: LayoutSnapshot,
  rebuilt: LayoutSnapshot,
): { a: Unit[]; b: Unit[]; pairs: BlockPair[] } {
  return matchWithMerges(
    original.blocks.map((block) => toUnit(block, original.page)),
    rebuilt.blocks.map((block) => toUnit(block, rebuilt.page)),
  );
}

function centreOf(box: Box, page: LayoutSnapshot['page']): { x: number; y: number } {
  return {
    x: (box.x + box.width / 2) / page.width,
    y: (box.y + box.height / 2) / page.height,
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
  if (original.blocks.length === 0 && rebuilt.blocks.length === 0)
    return { block: 1, text: 1, position: 1, color: 1 };
  const { a, b, pairs } = matchTextBlocks(original, rebuilt);
  const matches = pairs.filter((pair) => pair.similarity >= MIN_MATCH_SIMILARITY);
  const matchedA = new Set(matches.map((pair) => pair.original));
  const matchedB = new Set(matches.map((pair) => pair.rebuilt));
  let totalArea = 0;
  for (const [index, unit] of a.entries()) if (!matchedA.has(index)) totalArea += unit.area;
  for (const [index, unit] of b.entries()) if (!matchedB.has(index)) totalArea += unit.area;
  let matchedArea = 0;
  const texts: number[] = [];
  const positions: number[] = [];
  const colors: number[] = [];
  for (const pair of matches) {
    const first = a[pair.original]!;
    const second = b[pair.rebuilt]!;
    matchedArea += first.area + second.area;
    texts.push(pair.similarity);
    const c1 = centreOf(first.box, original.page);
    const c2 = centreOf(second.box, rebuilt.page);
    positions.push(1 - Math.min(1, Math.max(Math.abs(c1.x - c2.x), Math.abs(c1.y - c2.y))));
    colors.push(
      toColorSimilarity(first.color, second.color, { a: first.background, b: second.background }),
    );
  }
  if (texts.length === 0) return { block: 0, text: 0, position: 0, color: 0 };
  totalArea += matchedArea;
  return {
    block: totalArea === 0 ? 1 : matchedArea / totalArea,
    text: mean(texts),
    position: mean(positions),
    color: mean(colors),
  };
}
