import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toScaledImage, toViewportSimilarity, toVisibleBands } from './section-similarity';

// As wide as SSIM runs: the bands are compared unscaled, so only the alignment is under test.
const WIDTH = 240;

type Pattern = 'stripes' | 'checker' | 'dots' | 'plain';

/** A PNG made of horizontal bands, each filled with a pattern that SSIM tells apart. */
async function toPng(height: number, bands: { top: number; height: number; pattern: Pattern }[]) {
  const data = Buffer.alloc(WIDTH * height * 3, 255);
  for (const band of bands) {
    for (let y = band.top; y < Math.min(height, band.top + band.height); y++) {
      for (let x = 0; x < WIDTH; x++) {
        const local = y - band.top;
        const dark =
          band.pattern === 'stripes'
            ? Math.floor(local / 6) % 2 === 0
            : band.pattern === 'checker'
              ? (Math.floor(x / 12) + Math.floor(local / 12)) % 2 === 0
              : band.pattern === 'dots'
                ? x % 16 < 5 && local % 16 < 5
                : false;
        data.fill(dark ? 20 : 235, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
      }
    }
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: WIDTH, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

const A = { selector: 'section#a', top: 0, height: 100 };
const B = { selector: 'section#b', top: 100, height: 150 };
const C = { selector: 'section#c', top: 250, height: 150 };

describe('toViewportSimilarity', () => {
  it('scores identical screenshots 1 in every section', async () => {
    const png = await toPng(400, [
      { ...A, pattern: 'stripes' },
      { ...B, pattern: 'checker' },
      { ...C, pattern: 'dots' },
    ]);
    const image = await toScaledImage(png);
    const result = toViewportSimilarity(
      { image, sections: [A, B, C] },
      { image, sections: [A, B, C] },
    );
    expect(result.score).toBeCloseTo(1, 6);
    expect(result.sections.map((section) => section.score)).toEqual([1, 1, 1]);
  });

  it('aligns sections in order past an inserted bar, and counts rows pushed off the screen as 0', async () => {
    const before = await toScaledImage(
      await toPng(400, [
        { ...A, pattern: 'stripes' },
        { ...B, pattern: 'checker' },
        { ...C, pattern: 'dots' },
      ]),
    );
    // The rebuild puts a 40 px bar on top: everything moves down, and C's last 40 rows fall off.
    const after = await toScaledImage(
      await toPng(400, [
        { top: 0, height: 40, pattern: 'plain' },
        { top: 40, height: 100, pattern: 'stripes' },
        { top: 140, height: 150, pattern: 'checker' },
        { top: 290, height: 150, pattern: 'dots' },
      ]),
    );
    const result = toViewportSimilarity(
      { image: before, sections: [A, B, C] },
      {
        image: after,
        sections: [
          { selector: 'header', top: 0, height: 40 },
          { selector: 'section#a', top: 40, height: 100 },
          { selector: 'section#b', top: 140, height: 150 },
          { selector: 'section#c', top: 290, height: 150 },
        ],
      },
    );
    expect(result.sections.map((section) => section.rebuilt.top)).toEqual([40, 140, 290]);
    expect(result.sections[0]!.score).toBeGreaterThan(0.99);
    expect(result.sections[1]!.score).toBeGreaterThan(0.99);
    expect(result.sections[2]!.score).toBeCloseTo(110 / 150, 1);
    // Height-weighted: (100 × 1 + 150 × 1 + 150 × 110/150) / 400.
    expect(result.score).toBeCloseTo((100 + 150 + 110) / 400, 1);
  });

  it('scores a section the rebuild draws differently low', async () => {
    const before = await toScaledImage(
      await toPng(400, [
        { ...A, pattern: 'stripes' },
        { ...B, pattern: 'checker' },
        { ...C, pattern: 'dots' },
      ]),
    );
    const after = await toScaledImage(
      await toPng(400, [
        { ...A, pattern: 'stripes' },
        { ...B, pattern: 'plain' },
        { ...C, pattern: 'dots' },
      ]),
    );
    const result = toViewportSimilarity(
      { image: before, sections: [A, B, C] },
      { image: after, sections: [A, B, C] },
    );
    const [a, b, c] = result.sections;
    expect(a!.score).toBeGreaterThan(0.99);
    expect(b!.score).toBeLessThan(0.3);
    expect(c!.score).toBeGreaterThan(0.99);
  });
});

describe('toVisibleBands', () => {
  it('clips sections to the screen, drops thin ones and falls back to the whole screen', () => {
    expect(
      toVisibleBands(
        [
          { selector: 'header', top: 0, height: 80 },
          { selector: 'hr', top: 80, height: 10 },
          { selector: 'main', top: 90, height: 2000 },
          { selector: 'footer', top: 2090, height: 100 },
        ],
        900,
      ),
    ).toEqual([
      { selector: 'header', top: 0, height: 80 },
      { selector: 'main', top: 90, height: 810 },
    ]);
    expect(toVisibleBands([], 812)).toEqual([{ selector: 'body', top: 0, height: 812 }]);
  });
});
