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
import type { BlockScores } from '../../../measure/fidelity';
import { toColorSimilarity } from './color-distance';
import type { Box, LayoutSnapshot, TextBlock } from '../../../measure/layout-snapshot';
import { MAX_CHARS, prepareText, toPreparedSimilarity, type PreparedText } from './text-similarity';

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
 * Weight of the difference in relative document order in the assignment's cost: a small term that
 * does not change which texts pair when they differ.
 */
const ORDER_WEIGHT = 0.05;

/**
 * Weight of the squared difference in relative order. The absolute difference alone ties whenever
 * every copy of a repeated text on one side comes before every copy on the other (a rebuild with
 * more above them): "Read more" 1, 2, 3 against 1, 2, 3 lower down costs the same in order as
 * crosswise. The square is strictly convex, so in order is then the one cheapest assignment.
 */
const ORDER_TIE_WEIGHT = 0.01;

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

/**
 * Most units a side is matched with (a 40,000 px manual page has about 800 blocks). The assignment
 * is cubic in it, but what costs is comparing texts (the product of both pages' characters, see
 * FULL_COMPARISON_PAIRS); a longer page is coarsened to this many first ({@link coarsen}).
 */
export const MAX_UNITS = 1000;

/** A unit before its text is prepared for comparison. */
type RawUnit = Omit<Unit, 'prepared'>;

function toRawUnit(block: TextBlock, page: LayoutSnapshot['page']): RawUnit {
  const text = block.text.toLowerCase();
  return {
    text,
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

function mergeRaw(a: RawUnit, b: RawUnit): RawUnit {
  const dominant = b.colorChars > a.colorChars ? b : a;
  return {
    text: `${a.text} ${b.text}`,
    box: union(a.box, b.box),
    area: a.area + b.area,
    color: dominant.color,
    background: dominant.background,
    colorChars: dominant.colorChars,
  };
}

function merge(a: Unit, b: Unit): Unit {
  const merged = mergeRaw(a, b);
  return { ...merged, prepared: prepareText(merged.text) };
}

/**
 * What merging two consecutive units costs the matching's detail: their characters together, more
 * the further apart they stand (a menu's items, a table's cells, the lines of one list go first; a
 * heading and the section below it last).
 */
function toCoarseningCost(a: RawUnit, b: RawUnit): number {
  const gap = Math.max(0, b.box.y - (a.box.y + a.box.height), a.box.y - (b.box.y + b.box.height));
  return (a.text.length + b.text.length) * (1 + gap / 100);
}

/**
 * A side with more than `budget` units, merged down to `budget` by joining consecutive units, the
 * cheapest pair ({@link toCoarseningCost}) first: every block's text stays, in document order, so a
 * long page is compared whole instead of cut at its first `budget` blocks (where the two sides' cuts
 * would fall at different points of the content). The merge search of the matching joins the
 * other side's blocks where it needs the same coarser units.
 */
export function coarsen(units: RawUnit[], budget: number): RawUnit[] {
  const result: RawUnit[] = [...units];
  if (result.length <= budget) return result;
  const costs = result
    .slice(0, -1)
    .map((unit, index) => toCoarseningCost(unit, result[index + 1]!));
  while (result.length > budget) {
    let cheapest = 0;
    for (let index = 1; index < costs.length; index++)
      if (costs[index]! < costs[cheapest]!) cheapest = index;
    result.splice(cheapest, 2, mergeRaw(result[cheapest]!, result[cheapest + 1]!));
    costs.splice(cheapest, 1);
    if (cheapest > 0)
      costs[cheapest - 1] = toCoarseningCost(result[cheapest - 1]!, result[cheapest]!);
    if (cheapest < costs.length)
      costs[cheapest] = toCoarseningCost(result[cheapest]!, result[cheapest + 1]!);
  }
  return result;
}

function toUnits(snapshot: LayoutSnapshot): Unit[] {
  return coarsen(
    snapshot.blocks.map((block) => toRawUnit(block, snapshot.page)),
    MAX_UNITS,
  ).map((unit) => ({ ...unit, prepared: prepareText(unit.text) }));
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

/**
 * Pages with more pairs of units than this (the two sides' counts multiplied) compare texts only
 * between units whose relative document order differs by at most ORDER_BAND; further apart, only
 * equal texts count (similarity 1, else 0). Comparing every pair costs the product of the two
 * pages' characters: on pcre2-docs' longest pages (about 650 × 800 units) twice the time of this
 * band, for the same scores. Shorter pages, where a section can move anywhere, are compared in
 * full, as the paper does.
 */
const FULL_COMPARISON_PAIRS = 300 * 300;
const ORDER_BAND = 0.2;

/** A similarity matrix with the units it was computed for (to reuse its cells after merges). */
interface Similarities {
  a: Unit[];
  b: Unit[];
  values: number[][];
}

/**
 * The similarity of every pair of `a` and `b`; cells of two units `previous` already compared (the
 * same objects: units a merge left alone) are taken from it, so each round of merging compares only
 * the merged units' texts again.
 */
function toSimilarities(a: Unit[], b: Unit[], previous?: Similarities): Similarities {
  const rowOf = new Map(previous?.a.map((unit, index) => [unit, index]));
  const columnOf = new Map(previous?.b.map((unit, index) => [unit, index]));
  const columns = b.map((unit) => columnOf.get(unit));
  const banded = a.length * b.length > FULL_COMPARISON_PAIRS;
  const orderOf = (index: number, length: number) => (length === 1 ? 0 : index / (length - 1));
  const values = a.map((first, i) => {
    const row = rowOf.get(first);
    const old = row === undefined ? undefined : previous!.values[row]!;
    const order = orderOf(i, a.length);
    return b.map((second, j) => {
      const column = columns[j];
      if (old !== undefined && column !== undefined) return old[column]!;
      if (banded && Math.abs(order - orderOf(j, b.length)) > ORDER_BAND)
        return first.text === second.text ? 1 : 0;
      return toBoundedSimilarity(first.text, second.prepared);
    });
  });
  return { a, b, values };
}

/** The optimal assignment on a similarity matrix, with the order term; every assigned pair. */
function assign(similarities: number[][], columns: number): BlockPair[] {
  const rows = similarities.length;
  if (rows === 0 || columns === 0) return [];
  const cost = similarities.map((row, i) =>
    row.map((similarity, j) => {
      const order = (rows === 1 ? 0 : i / (rows - 1)) - (columns === 1 ? 0 : j / (columns - 1));
      return 1 - similarity + ORDER_WEIGHT * Math.abs(order) + ORDER_TIE_WEIGHT * order * order;
    }),
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
  let similarities = toSimilarities(a, b);
  let pairs = assign(similarities.values, b.length);
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
      similarities = toSimilarities(a, b, similarities);
      pairs = assign(similarities.values, b.length);
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
      similarities = toSimilarities(a, b, similarities);
      pairs = assign(similarities.values, b.length);
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
  return matchWithMerges(toUnits(original), toUnits(rebuilt));
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
