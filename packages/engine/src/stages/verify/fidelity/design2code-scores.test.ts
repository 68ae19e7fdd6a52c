import { describe, expect, it } from 'vitest';
import { toColorSimilarity, toDeltaE } from './color-distance';
import { assignBlocks, coarsen, MAX_UNITS, toBlockScores } from './design2code-scores';
import type { LayoutSnapshot, TextBlock } from '../../../measure/layout-snapshot';
import { prepareText, toLcsLength, toTextSimilarity } from './text-similarity';

/** The longest common subsequence by the textbook table, to check the bit-parallel one against. */
function lcsByTable(a: string, b: string): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

function block(text: string, x: number, y: number, color = 'rgb(0, 0, 0)'): TextBlock {
  return {
    text,
    box: { x, y, width: 400, height: 40 },
    area: 400 * 40,
    color,
    background: 'rgb(255, 255, 255)',
    fontFamily: 'Georgia, serif',
  };
}

function snapshot(blocks: TextBlock[]): LayoutSnapshot {
  return {
    viewport: { width: 1000, height: 800 },
    page: { width: 1000, height: 1000 },
    blocks,
    sections: [],
  };
}

describe('toTextSimilarity', () => {
  it('is 1 for equal texts, 0 without a common character, 2·LCS/(|a|+|b|) otherwise', () => {
    expect(toTextSimilarity('Fresh bread', 'Fresh bread')).toBe(1);
    expect(toTextSimilarity('abc', 'xyz')).toBe(0);
    // LCS("kitten", "sitting") = "ittn", 4 characters.
    expect(toTextSimilarity('kitten', 'sitting')).toBeCloseTo((2 * 4) / 13, 10);
    expect(toTextSimilarity('', '')).toBe(1);
    expect(toTextSimilarity('a', '')).toBe(0);
  });

  it('agrees with the dynamic-programming table across word boundaries (texts longer than 32 characters)', () => {
    const pairs: [string, string][] = [
      [
        'The quick brown fox jumps over the lazy dog near the river bank at dawn.',
        'A quick brown dog jumps over the lazy fox by the river bank at dusk!',
      ],
      ['x'.repeat(70) + 'abc', 'abc' + 'x'.repeat(65)],
      [
        'Öffnungszeiten: Montag bis Freitag 9–18 Uhr, Samstag 10–14 Uhr',
        'Opening hours: Monday to Friday 9–18, Saturday 10–14',
      ],
    ];
    for (const [a, b] of pairs) {
      expect(toLcsLength(a, prepareText(b))).toBe(lcsByTable(a, b));
      expect(toLcsLength(b, prepareText(a))).toBe(lcsByTable(a, b));
    }
  });
});

describe('assignBlocks', () => {
  it('finds the optimal assignment where a greedy one would not', () => {
    // Taken in order, "Fresh bread daily" would take "Fresh bread" (0.79) and leave "Fresh bread"
    // with "Bread daily" (0.36); the optimum gives each its own counterpart (0.71 + 1).
    const pairs = assignBlocks(
      ['Fresh bread daily', 'Fresh bread'],
      ['Fresh bread', 'Bread daily'],
    );
    expect(pairs.map(({ original, rebuilt }) => [original, rebuilt])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(pairs[1]!.similarity).toBe(1);
  });

  it('pairs repeated texts in document order', () => {
    const pairs = assignBlocks(
      ['Read more', 'Menu', 'Read more', 'Read more'],
      ['Read more', 'Read more', 'Menu', 'Read more'],
    );
    expect(pairs.map(({ original, rebuilt }) => [original, rebuilt])).toEqual([
      [0, 0],
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
  });

  it('pairs three "Read more" in order when the copy is shifted down by blocks above them', () => {
    // In relative order the original's three come before the rebuild's three: the order term's
    // absolute differences alone cost the same in order as crosswise.
    const pairs = assignBlocks(
      ['Read more', 'Read more', 'Read more', 'Contact', 'Imprint', 'Privacy'],
      [
        'Welcome here',
        'Our story',
        'Contact',
        'Imprint',
        'Privacy',
        'Read more',
        'Read more',
        'Read more',
      ],
    );
    expect(
      pairs
        .filter(({ original }) => original < 3)
        .map(({ original, rebuilt }) => [original, rebuilt]),
    ).toEqual([
      [0, 5],
      [1, 6],
      [2, 7],
    ]);
  });

  it('leaves the extra blocks of the longer side unassigned', () => {
    const pairs = assignBlocks(['Home', 'About us', 'Contact'], ['About us']);
    expect(pairs).toEqual([{ original: 1, rebuilt: 0, similarity: 1 }]);
  });
});

describe('toBlockScores', () => {
  const original = snapshot([
    block('Welcome to the bakery', 0, 0),
    block('Fresh bread every morning', 0, 100),
    block('Open Monday to Saturday', 0, 200),
  ]);

  it('scores identical pages 1 on every measure', () => {
    expect(toBlockScores(original, original)).toEqual({ block: 1, text: 1, position: 1, color: 1 });
  });

  it('loses position, not text or colour, when the blocks move', () => {
    const moved = snapshot([
      block('Open Monday to Saturday', 500, 0),
      block('Welcome to the bakery', 500, 600),
      block('Fresh bread every morning', 0, 900),
    ]);
    const scores = toBlockScores(original, moved);
    expect(scores.block).toBe(1);
    expect(scores.text).toBe(1);
    expect(scores.color).toBe(1);
    // Centres moved by max(|dx|, |dy|) = 0.6, 0.8 and 0.5 of the page: 1 − mean = 0.3667.
    expect(scores.position).toBeCloseTo(1 - (0.6 + 0.8 + 0.5) / 3, 4);
  });

  it('loses colour by 1 − ΔE2000/100 when the text is recoloured', () => {
    const recoloured = snapshot(
      original.blocks.map((item) => ({ ...item, color: 'rgb(200, 0, 0)' })),
    );
    const scores = toBlockScores(original, recoloured);
    expect(scores.text).toBe(1);
    expect(scores.position).toBe(1);
    const expected = 1 - toDeltaE('rgb(0, 0, 0)', 'rgb(200, 0, 0)')! / 100;
    expect(scores.color).toBeCloseTo(expected, 10);
    expect(scores.color).toBeLessThan(0.7);
  });

  it('counts a missing block in the block score, not in the text score', () => {
    const partial = snapshot(original.blocks.slice(0, 2));
    const scores = toBlockScores(original, partial);
    // Matched: two pairs, both sides' areas (4 blocks); unmatched: the third original block.
    expect(scores.block).toBeCloseTo(4 / 5, 10);
    expect(scores.text).toBe(1);
  });

  it('compares texts lower-cased, as the paper does (CSS text-transform is not a difference)', () => {
    const shouting = snapshot(
      original.blocks.map((item) => ({ ...item, text: item.text.toUpperCase() })),
    );
    expect(toBlockScores(original, shouting)).toEqual({ block: 1, text: 1, position: 1, color: 1 });
  });

  const paragraph =
    'Our bakery has baked bread in the old town since 1921. Every loaf is shaped by hand, ' +
    'proofed overnight and baked in a wood-fired oven. Come early: the rye sells out by ten.';
  const sentences = [
    'Our bakery has baked bread in the old town since 1921.',
    'Every loaf is shaped by hand, proofed overnight and baked in a wood-fired oven.',
    'Come early: the rye sells out by ten.',
  ];
  const onePage = snapshot([
    block('Welcome to the bakery', 0, 0),
    { ...block(paragraph, 0, 100), box: { x: 0, y: 100, width: 400, height: 120 }, area: 48_000 },
    block('Open Monday to Saturday', 0, 300),
  ]);
  const splitPage = snapshot([
    block('Welcome to the bakery', 0, 0),
    block(sentences[0]!, 0, 100),
    block(sentences[1]!, 0, 140),
    block(sentences[2]!, 0, 180),
    block('Open Monday to Saturday', 0, 300),
  ]);

  it('merges a paragraph split into three blocks in the rebuild (block, text, position ≈ 1)', () => {
    const scores = toBlockScores(onePage, splitPage);
    expect(scores.block).toBeGreaterThan(0.99);
    expect(scores.text).toBeGreaterThan(0.99);
    expect(scores.position).toBeGreaterThan(0.99);
    expect(scores.color).toBe(1);
  });

  it('merges the opposite way too: three blocks in the original, one paragraph in the rebuild', () => {
    const scores = toBlockScores(splitPage, onePage);
    expect(scores.block).toBeGreaterThan(0.99);
    expect(scores.text).toBeGreaterThan(0.99);
  });

  it('does not merge blocks that each already match their own counterpart', () => {
    const menu = snapshot([
      block('Home', 0, 0),
      block('About', 100, 0),
      block('Home About', 0, 50),
    ]);
    const other = snapshot([block('Home', 0, 0), block('About', 100, 0)]);
    const scores = toBlockScores(other, menu);
    expect(scores.text).toBe(1);
    // "Home About" stays unmatched rather than swallowing the two exact matches.
    expect(scores.block).toBeLessThan(1);
  });

  it('shuffled: the same blocks in another order lose position only', () => {
    const shuffled = snapshot([
      block('Open Monday to Saturday', 0, 0),
      block('Fresh bread every morning', 0, 100),
      block('Welcome to the bakery', 0, 200),
    ]);
    const scores = toBlockScores(original, shuffled);
    expect(scores.block).toBe(1);
    expect(scores.text).toBe(1);
    expect(scores.color).toBe(1);
    expect(scores.position).toBeCloseTo(1 - (0.2 + 0 + 0.2) / 3, 6);
  });

  it('rejects pairs less than half similar (they count as unmatched area)', () => {
    const other = snapshot([block('Completely different words', 0, 0)]);
    const scores = toBlockScores(snapshot([block('xyz', 0, 0)]), other);
    expect(scores).toEqual({ block: 0, text: 0, position: 0, color: 0 });
  });
});

describe('coarsen', () => {
  const unit = (text: string, y: number) => ({
    text,
    box: { x: 0, y, width: 400, height: 20 },
    area: 0.001,
    color: 'rgb(0, 0, 0)',
    background: 'rgb(255, 255, 255)',
    colorChars: text.length,
  });

  it('merges the shortest neighbours first, keeping every text in order', () => {
    const units = [
      unit('A long heading of the section', 0),
      unit('Home', 30),
      unit('About', 30),
      unit('A paragraph of some length below it', 60),
    ];
    const coarse = coarsen(units, 3);
    expect(coarse.map((u) => u.text)).toEqual([
      'A long heading of the section',
      'Home About',
      'A paragraph of some length below it',
    ]);
    expect(coarse[1]!.area).toBeCloseTo(0.002, 10);
    expect(coarsen(units, 4)).toEqual(units);
  });

  it('prefers neighbours that stand close together to those a gap apart', () => {
    const coarse = coarsen([unit('One', 0), unit('Two', 500), unit('Three', 525)], 2);
    expect(coarse.map((u) => u.text)).toEqual(['One', 'Two Three']);
  });
});

describe('toBlockScores on pages longer than the matching budget', () => {
  const paragraph = (index: number) =>
    `Paragraph ${index}: the function returns ${index * 7} when called with option ${index % 13}.`;

  it('compares the whole of both pages, each coarsened to the budget', () => {
    const count = MAX_UNITS + 100;
    const page = (blocks: TextBlock[]): LayoutSnapshot => ({
      viewport: { width: 1000, height: 800 },
      page: { width: 1000, height: count * 60 },
      blocks,
      sections: [],
    });
    const original = page(Array.from({ length: count }, (_, i) => block(paragraph(i), 0, i * 60)));
    // The rebuild shows each paragraph in two blocks (twice the original's count): cut at the first
    // budget's blocks, the two sides would end at different paragraphs.
    const rebuilt = page(
      Array.from({ length: count }, (_, i) => {
        const text = paragraph(i);
        const half = text.indexOf(' the function');
        return [block(text.slice(0, half), 0, i * 60), block(text.slice(half + 1), 0, i * 60 + 20)];
      }).flat(),
    );
    const scores = toBlockScores(original, rebuilt);
    expect(scores.block).toBeGreaterThan(0.95);
    expect(scores.text).toBeGreaterThan(0.95);
  });
});

describe('colour distance', () => {
  it('is 0 for the same colour in different notations and 1 − ΔE/100 otherwise', () => {
    expect(toDeltaE('#fed136', 'rgb(254, 209, 54)')).toBeCloseTo(0, 6);
    expect(toColorSimilarity('oklch(1 0 0)', '#ffffff')).toBeCloseTo(1, 4);
    // Black on white is ΔE2000 100: no similarity at all.
    expect(toColorSimilarity('#000', '#fff')).toBeCloseTo(0, 2);
  });

  it('composites translucent colours over their background', () => {
    expect(toDeltaE('rgba(0, 0, 0, 0.5)', 'rgb(128, 128, 128)', { a: '#fff' })).toBeLessThan(1);
    expect(toDeltaE('rgba(0, 0, 0, 0.5)', 'rgb(128, 128, 128)', { a: '#000' })).toBeGreaterThan(30);
  });
});
