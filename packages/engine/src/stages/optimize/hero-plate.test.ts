import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SitePlan } from '../../model';
import { MAX_PLATE, measurePlate, toPlate, withHeroPlates } from './hero-plate';

/** A picture of one grey, `width` x `height`, with a bright square in its middle when asked. */
async function picture(grey: number, spot?: number): Promise<Uint8Array> {
  const width = 200;
  const height = 120;
  const pixels = Buffer.alloc(width * height * 3, grey);
  if (spot !== undefined) {
    for (let y = 45; y < 75; y++)
      for (let x = 70; x < 130; x++)
        pixels.fill(spot, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

describe('toPlate', () => {
  it('lays no plate on a picture already dark enough for white words', () => {
    expect(toPlate(new Uint8Array([40, 40, 40, 60, 50, 45]), 3)).toBe(0);
  });

  it('lays the least plate that reads at 4.5:1 on a light picture, up to the darkest', () => {
    const mid = toPlate(new Uint8Array([140, 140, 140]), 3);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(MAX_PLATE);
    // White itself needs 0.55: 45 % of it is 4.75:1 under white words.
    expect(toPlate(new Uint8Array([255, 255, 255]), 3)).toBe(0.55);
  });

  it('counts the overlay colour the original laid over the picture', () => {
    const light = new Uint8Array([200, 200, 200]);
    const overlay = { r: 0, g: 0, b: 0, alpha: 0.7 };
    expect(toPlate(light, 3, overlay)).toBeLessThan(toPlate(light, 3));
  });
});

describe('measurePlate', () => {
  it('reads the middle of the picture, where a centred hero puts its words', async () => {
    const dark = await measurePlate(await picture(30));
    const brightMiddle = await measurePlate(await picture(30, 230));
    expect(dark).toBe(0);
    expect(brightMiddle).toBeGreaterThan(0.3);
  });

  it('keeps the darkest plate when the bytes are no picture', async () => {
    expect(await measurePlate(new Uint8Array([1, 2, 3]))).toBe(MAX_PLATE);
  });
});

describe('withHeroPlates', () => {
  it('sets the plate of a hero backdrop, never of a picture band shown whole', async () => {
    const body = await picture(30);
    const image = { src: '/images/hero.png', alt: '', width: 200, height: 120 };
    const plan = {
      assets: [
        {
          url: 'http://x.example/hero.png',
          path: 'images/hero.png',
          contentType: 'image/png',
          body,
        },
      ],
      pages: [
        {
          sections: [
            { id: 'hero', variant: 'hero', blocks: [], backdrop: { image } },
            { id: 'band', variant: 'hero', blocks: [], backdrop: { image, shownHeight: 300 } },
          ],
        },
      ],
    } as unknown as SitePlan;
    const out = await withHeroPlates(plan);
    expect(out.pages[0]!.sections[0]!.backdrop).toEqual({ image, plate: 0 });
    expect(out.pages[0]!.sections[1]!.backdrop).toEqual({ image, shownHeight: 300 });
  });
});
