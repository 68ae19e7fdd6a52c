import { describe, expect, it } from 'vitest';
import type { PageProbe } from '../../types';
import { pageProbe } from './page-probe.fixture';
import { toBackgroundPictures, toPageGrounds } from './background-pictures';
import type { AssetIndex } from './walk-content';

const probe = pageProbe;

const PAPER = 'https://wim.example/papier.gif';
const BANNER = 'https://wim.example/banner.jpg';
const HERO = 'https://wim.example/hero.jpg';
const assets: AssetIndex = new Map([
  [PAPER, { width: 142, height: 128 }],
  [BANNER, { width: 1200, height: 160 }],
  [HERO, { width: 1600, height: 900 }],
]);
const paper: PageProbe['background'] = {
  color: 'rgba(0, 0, 0, 0)',
  image: PAPER,
  repeat: 'repeat',
  size: 'auto',
  position: '0% 0%',
  attachment: 'scroll',
  imageColor: 'rgb(237, 230, 214)',
};

describe("the original's backgrounds (issue 23)", () => {
  it("keeps the pictures pages were drawn on where they are not the site's, each with its page", () => {
    const CREAM = 'https://wim.example/back.gif';
    const own = [
      { url: 'https://wim.example/index.html', ground: { image: PAPER } },
      {
        url: 'https://wim.example/links.html',
        ground: { image: CREAM, imageColor: 'rgb(250, 240, 200)' },
      },
      { url: 'https://wim.example/plain.html' },
      {
        url: 'https://wim.example/away.html',
        ground: { image: 'https://elsewhere.example/x.gif' },
      },
    ];
    const index: AssetIndex = new Map([...assets, [CREAM, { width: 40, height: 40 }]]);
    // The start page's texture is the site's: only the page on a texture of its own is listed.
    expect(toPageGrounds(PAPER, own, index)).toEqual([
      {
        url: 'https://wim.example/links.html',
        picture: {
          image: { src: CREAM, alt: '', asset: CREAM, width: 40, height: 40 },
          repeat: 'repeat',
          size: '40px 40px',
          position: '0% 0%',
          attachment: 'scroll',
          color: '#faf0c8',
        },
      },
    ]);
    // A site without a ground of its own: every page on a picture keeps its own, the start page's too.
    expect(toPageGrounds(undefined, own, index).map((page) => page.url)).toEqual([
      'https://wim.example/index.html',
      'https://wim.example/links.html',
    ]);
    const site = toBackgroundPictures(probe({ background: paper }), index, [], own);
    expect(site.page?.image.src).toBe(PAPER);
    expect(site.pages?.map((page) => page.url)).toEqual(['https://wim.example/links.html']);
  });

  it('keeps the tiled texture a page was drawn on, at its own pixels, with its mean colour', () => {
    expect(toBackgroundPictures(probe({ background: paper }), assets).page).toEqual({
      image: { src: PAPER, alt: '', asset: PAPER, width: 142, height: 128 },
      repeat: 'repeat',
      size: '142px 128px',
      position: '0% 0%',
      attachment: 'scroll',
      color: '#ede6d6',
    });
  });

  it("keeps the page's picture only when every probed page was drawn on it", () => {
    const start = probe({ background: paper });
    expect(toBackgroundPictures(start, assets, [probe({ background: paper })]).page).toBeDefined();
    // Another page on a ground of its own (a cream texture, plain white): not the site's ground.
    const cream = probe({ background: { ...paper, image: 'https://wim.example/back.gif' } });
    expect(toBackgroundPictures(start, assets, [cream]).page).toBeUndefined();
    expect(toBackgroundPictures(start, assets, [probe({})]).page).toBeUndefined();
  });

  it('keeps no picture that was not downloaded, and no layout value CSS does not compute', () => {
    const away = { ...paper, image: 'https://elsewhere.example/p.gif' };
    expect(toBackgroundPictures(probe({ background: away }), assets).page).toBeUndefined();
    const forged = {
      ...paper,
      repeat: 'repeat; } body { display: none',
      size: 'url(x)',
      position: '0 0;}',
      attachment: 'local',
    };
    expect(toBackgroundPictures(probe({ background: forged }), assets).page).toMatchObject({
      repeat: 'repeat',
      size: '142px 128px',
      position: '0% 0%',
      attachment: 'scroll',
    });
  });

  it("keeps a header's banner, not the page's picture it shows nor the hero's", () => {
    const banner = probe({
      background: paper,
      header: {
        background: 'rgb(122, 31, 31)',
        text: 'rgb(255, 255, 255)',
        image: BANNER,
        repeat: 'no-repeat',
        size: 'cover',
        position: '50% 50%',
        attachment: 'scroll',
        imageColor: 'rgb(120, 40, 30)',
      },
    });
    expect(toBackgroundPictures(banner, assets)).toMatchObject({
      header: { image: { asset: BANNER }, size: 'cover', color: '#78281e' },
      isHeaderOnPage: false,
    });
    // A header without a fill of its own shows the page's texture: no banner of its own.
    const onPage = probe({
      background: paper,
      header: { background: paper.color, text: 'rgb(0, 0, 0)', image: PAPER },
    });
    expect(toBackgroundPictures(onPage, assets)).toMatchObject({ isHeaderOnPage: true });
    expect(toBackgroundPictures(onPage, assets).header).toBeUndefined();
    // A header laid over the hero shows the hero's picture: it is shown once, as the hero.
    const overHero = probe({
      header: { background: 'rgba(0, 0, 0, 0.5)', text: 'rgb(255, 255, 255)', image: HERO },
      hero: {
        image: HERO,
        isBackground: true,
        alt: '',
        width: 1440,
        height: 700,
        isFullBleed: true,
      },
    });
    expect(toBackgroundPictures(overHero, assets).header).toBeUndefined();
  });

  it("tells a footer on the page's ground (none, or no fill of its own) from a filled one", () => {
    expect(toBackgroundPictures(probe({ background: paper }), assets).isFooterOnPage).toBe(true);
    const unfilled = { background: paper.color, text: 'rgb(0, 0, 0)', image: PAPER };
    expect(
      toBackgroundPictures(probe({ background: paper, footer: unfilled }), assets).isFooterOnPage,
    ).toBe(true);
    const band = { background: 'rgb(34, 34, 34)', text: 'rgb(255, 255, 255)' };
    expect(
      toBackgroundPictures(probe({ background: paper, footer: band }), assets).isFooterOnPage,
    ).toBe(false);
  });
});
