import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawAsset, RawPage } from '../../types';
import { collectPageReferences } from './collect-page-references';
import { addPageGrounds } from './fetch-site-assets';

const SITE = 'https://old.example/';

function page(url: string, html: string, more: Partial<RawPage> = {}): RawPage {
  return {
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    html,
    renderedWith: 'static',
    depth: 1,
    frames: [],
    ...more,
  };
}

async function texture(url: string, rgb: [number, number, number]): Promise<RawAsset> {
  const body = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();
  return { url, contentType: 'image/png', body: new Uint8Array(body), width: 8, height: 8 };
}

describe('the picture each page was drawn on (issue 23)', () => {
  it("reads a page's <body background> with its mean colour, once downloaded", async () => {
    const cream = await texture(`${SITE}back.png`, [250, 240, 200]);
    const pages = [
      page(`${SITE}a.html`, '<body background="back.png"><p>a</p></body>'),
      page(`${SITE}b.html`, '<body><p>b</p></body>'),
      page(`${SITE}c.html`, '<body background="missing.gif"><p>c</p></body>'),
    ];
    const crawled = pages.map((raw) => ({
      page: raw,
      references: collectPageReferences(raw.html, raw.url),
    }));
    await addPageGrounds(crawled, [cream]);
    expect(pages[0]!.ground).toEqual({ image: cream.url, imageColor: 'rgb(250, 240, 200)' });
    // No picture of its own, or one that was not downloaded: no ground.
    expect(pages[1]!.ground).toBeUndefined();
    expect(pages[2]!.ground).toBeUndefined();
  });
});
