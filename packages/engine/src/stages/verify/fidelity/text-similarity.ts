/**
 * Character-level similarity of two texts: 2 × (length of their longest common subsequence) / (sum of
 * their lengths), 1 for equal texts and 0 for texts without a character in common. Design2Code uses
 * Python's SequenceMatcher ratio, 2 × M / T with M the characters of its greedy matching blocks; the
 * longest common subsequence is the optimum that greedy search approximates, and unlike it does not
 * depend on a junk heuristic.
 */

/** Texts longer than this are compared on their first MAX_CHARS characters (the cost stays linear). */
export const MAX_CHARS = 2_000;

/** A text prepared for repeated comparison: for each character, the bit mask of its positions. */
export interface PreparedText {
  text: string;
  words: number;
  masks: Map<number, Uint32Array>;
}

/** Prepares `text` as the second argument of {@link toPreparedSimilarity}. */
export function prepareText(text: string): PreparedText {
  const clipped = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  const words = Math.max(1, Math.ceil(clipped.length / 32));
  const masks = new Map<number, Uint32Array>();
  for (let index = 0; index < clipped.length; index++) {
    const code = clipped.charCodeAt(index);
    let mask = masks.get(code);
    if (mask === undefined) {
      mask = new Uint32Array(words);
      masks.set(code, mask);
    }
    mask[index >>> 5]! |= 1 << (index & 31);
  }
  return { text: clipped, words, masks };
}

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Length of the longest common subsequence of `a` and the prepared `b`, bit-parallel (Hyyrö 2004:
 * V' = (V + (V & M)) | (V − (V & M)), the LCS is the number of zero bits of V within |b|), in
 * O(|a| × |b| / 32).
 */
export function toLcsLength(a: string, b: PreparedText): number {
  const m = b.text.length;
  if (m === 0 || a.length === 0) return 0;
  const { words } = b;
  const v = new Uint32Array(words).fill(0xffffffff);
  const length = Math.min(a.length, MAX_CHARS);
  for (let index = 0; index < length; index++) {
    const mask = b.masks.get(a.charCodeAt(index));
    if (mask === undefined) continue;
    // U = V & M is a subset of V's bits, so V − U is V & ~M: no borrow, only the sum's carry.
    let carry = 0;
    for (let word = 0; word < words; word++) {
      const vw = v[word]!;
      const m = mask[word]!;
      const sum = vw + ((vw & m) >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[word] = ((sum >>> 0) | (vw & ~m)) >>> 0;
    }
  }
  let ones = 0;
  for (let word = 0; word < words; word++) {
    const bitsInWord = Math.min(32, m - word * 32);
    const valid = bitsInWord === 32 ? 0xffffffff : ((1 << bitsInWord) - 1) >>> 0;
    ones += popcount((v[word]! & valid) >>> 0);
  }
  return m - ones;
}

/** Similarity of `a` and the prepared `b`, 0..1. */
export function toPreparedSimilarity(a: string, b: PreparedText): number {
  const total = Math.min(a.length, MAX_CHARS) + b.text.length;
  if (total === 0) return 1;
  return (2 * toLcsLength(a, b)) / total;
}

/** Character-level similarity of two texts, 0..1 (1 when equal). */
export function toTextSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  return toPreparedSimilarity(a, prepareText(b));
}
