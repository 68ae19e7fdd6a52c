import { describe, expect, it } from 'vitest';
import { plainText, toFlatBlocks } from '../../../model';
import type { RawAsset, RawSite } from '../../../types';
import { toRawSite } from '../../generate/testing/load-fixture';
import { planSite } from '../../plan/plan-site';
import { extractSite } from '../extract-site';

const PAGE = 'http://old.example/index.html';

const PICTURE: RawAsset = {
  url: new URL('img/home.jpg', PAGE).href,
  contentType: 'image/jpeg',
  body: Uint8Array.from([1, 2, 3]),
  width: 800,
  height: 500,
};

/** A home page that is one picture whose regions link to the site's pages. */
const IMAGE_MAP = `<h1>Welcome</h1>
<img src="img/home.jpg" usemap="#nav" width="800" height="500" alt="Our farm">
<map name="nav">
  <area shape="rect" coords="0,0,100,100" href="about.html" alt="About us">
  <area shape="rect" coords="100,0,200,100" href="shop.html" title="Farm shop">
  <area shape="rect" coords="200,0,300,100" href="visit.html">
  <area shape="rect" coords="300,0,400,100" href="about.html">
  <area shape="rect" coords="400,0,500,100" href="#top" alt="Top">
</map>`;

function siteOf(body: string): RawSite {
  const html = `<!doctype html><html lang="en"><head><title>Farm</title></head><body>${body}</body></html>`;
  const raw = toRawSite(html, PAGE);
  raw.assets = [PICTURE];
  return raw;
}

describe('image maps', () => {
  it('keeps the picture once and its regions as named links', () => {
    const page = extractSite(siteOf(IMAGE_MAP)).pages[0]!;
    const blocks = toFlatBlocks(page.sections.flatMap((section) => section.blocks));
    const images = blocks.filter((block) => block.kind === 'image');
    expect(images).toHaveLength(1);
    expect(images[0]!.kind === 'image' && images[0]!.image.href).toBeUndefined();
    const lists = blocks.filter((block) => block.kind === 'list');
    expect(lists).toHaveLength(1);
    const items = lists[0]!.kind === 'list' ? lists[0]!.items : [];
    expect(items.map((item) => [plainText(item), item[0]!.href])).toEqual([
      ['About us', 'http://old.example/about.html'],
      ['Farm shop', 'http://old.example/shop.html'],
      ['', 'http://old.example/visit.html'],
    ]);
  });

  it('names a region without alt text or title by its target page in the plan', () => {
    const raw = siteOf(IMAGE_MAP);
    raw.pages.push({
      ...raw.pages[0]!,
      url: 'http://old.example/visit.html',
      html: '<!doctype html><html lang="en"><head><title>Visit the farm</title></head><body><p>Open daily from spring to autumn.</p></body></html>',
    });
    const plan = planSite(extractSite(raw), { strategy: 'INCREMENTAL_UPDATE' });
    const blocks = toFlatBlocks(plan.pages[0]!.sections.flatMap((section) => section.blocks));
    const list = blocks.find((block) => block.kind === 'list');
    expect(list?.kind === 'list' && list.items.map(plainText)).toEqual([
      'About us',
      'Farm shop',
      'Visit the farm',
    ]);
  });
});
