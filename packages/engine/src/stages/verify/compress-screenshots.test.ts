import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { VerifyReport } from '../../types';
import { isPng } from '../../../test/fixtures/is-png';
import { compressScreenshots, startCompressing } from './compress-screenshots';

/**
 * A 1440 × 900 PNG like a page's screenshot: a banner, rows of dark "text" and a photo (noise,
 * which PNG cannot shrink).
 */
async function pageLikePng(): Promise<Uint8Array> {
  const photo = await sharp({
    create: {
      width: 480,
      height: 360,
      channels: 3,
      background: '#7a8f5c',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const rows = Array.from(
    { length: 40 },
    (_, index) =>
      `<rect x="120" y="${200 + index * 16}" width="${600 + ((index * 137) % 600)}" height="9" fill="#333"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="900">
    <rect width="1440" height="900" fill="#fff"/><rect width="1440" height="140" fill="#1d4ed8"/>
    <circle cx="1200" cy="500" r="180" fill="#f59e0b"/>${rows}</svg>`;
  return new Uint8Array(
    await sharp(Buffer.from(svg))
      .composite([{ input: photo, left: 860, top: 300 }])
      .png()
      .toBuffer(),
  );
}

function verifyReport(screenshots: Record<string, Uint8Array>): VerifyReport {
  return {
    build: { ok: true, ms: 1 },
    textCoverage: 1,
    overflow375: [],
    consoleErrors: [],
    brokenImages: [],
    missingText: [],
    screenshots,
    fidelity: {
      overall: { block: 1, text: 1, position: 1, color: 1, visual: 1 },
      identity: [],
      routes: [
        {
          route: '/',
          block: 1,
          text: 1,
          position: 1,
          color: 1,
          visual: 1,
          worstSections: [
            {
              selector: 'body > header',
              score: 0.5,
              viewport: 'desktop',
              crops: {
                before: 'before/index-desktop-section-1.png',
                after: 'after/index-desktop-section-1.png',
              },
            },
          ],
        },
      ],
    },
  };
}

describe('compressScreenshots', () => {
  it('ships every PNG screenshot as a far smaller WebP of the same name, crops included', async () => {
    const png = await pageLikePng();
    expect(isPng(png)).toBe(true);
    const report = await compressScreenshots(
      verifyReport({
        'before/index-desktop.png': png,
        'after/index-desktop.png': png,
        'before/index-desktop-section-1.png': png,
        'after/index-desktop-section-1.png': png,
      }),
    );
    expect(Object.keys(report.screenshots).sort()).toEqual([
      'after/index-desktop-section-1.webp',
      'after/index-desktop.webp',
      'before/index-desktop-section-1.webp',
      'before/index-desktop.webp',
    ]);
    for (const bytes of Object.values(report.screenshots)) {
      expect(bytes.byteLength).toBeLessThan(png.byteLength / 2);
      // Still the whole page, at its size.
      expect(await sharp(bytes).metadata()).toMatchObject({
        format: 'webp',
        width: 1440,
        height: 900,
      });
    }
    expect(report.fidelity?.routes[0]?.worstSections[0]?.crops).toEqual({
      before: 'before/index-desktop-section-1.webp',
      after: 'after/index-desktop-section-1.webp',
    });
  });

  it('uses a compression started early, the same bytes as one done at the end', async () => {
    const png = await pageLikePng();
    // Verify starts a screenshot's compression when the screenshot comes in.
    startCompressing(png);
    const early = await compressScreenshots(verifyReport({ 'after/index-desktop.png': png }));
    const late = await compressScreenshots(
      verifyReport({ 'after/index-desktop.png': png.slice() }),
    );
    const webp = early.screenshots['after/index-desktop.webp'];
    expect(webp).toEqual(late.screenshots['after/index-desktop.webp']);
    // Compressed once: asked again for the same screenshot, the one result comes back.
    const again = await compressScreenshots(verifyReport({ 'after/index-desktop.png': png }));
    expect(again.screenshots['after/index-desktop.webp']).toBe(webp);
  });

  it("keeps the report's order of screenshots, whichever compression ends first", async () => {
    const large = await pageLikePng();
    const small = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const report = await compressScreenshots(
      verifyReport({
        'after/a-desktop.png': large,
        'after/b-mobile.webp': small,
        'after/c-mobile.png': small,
      }),
    );
    expect(Object.keys(report.screenshots)).toEqual([
      'after/a-desktop.webp',
      'after/b-mobile.webp',
      'after/c-mobile.webp',
    ]);
  });

  it('keeps a screenshot that does not decode as it was', async () => {
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const report = await compressScreenshots(verifyReport({ 'after/index-desktop.png': broken }));
    expect(report.screenshots).toEqual({ 'after/index-desktop.png': broken });
    expect(report.fidelity?.routes[0]?.worstSections[0]?.crops?.before).toBe(
      'before/index-desktop-section-1.png',
    );
  });
});
