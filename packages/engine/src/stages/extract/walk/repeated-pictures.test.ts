import { describe, expect, it } from 'vitest';
import type { Block, ImageRef } from '../../../model';
import { toFlatBlocks } from '../../../model';
import type { RawAsset } from '../../../types';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

const PAGE = 'http://old.example/index.html';

function asset(path: string, bytes: number[], width = 120, height = 40): RawAsset {
  return {
    url: new URL(path, PAGE).href,
    contentType: 'image/gif',
    body: Uint8Array.from(bytes),
    width,
    height,
  };
}

function pageOf(body: string, assets: RawAsset[] = []) {
  const html = `<!doctype html><html lang="en"><head><title>Old shop</title></head><body><h1>Welcome</h1><p>Hand-made shoes since 1962.</p>${body}</body></html>`;
  const raw = toRawSite(html, PAGE);
  raw.assets = assets;
  return extractSite(raw).pages[0]!;
}

function imagesOf(blocks: Block[]): ImageRef[] {
  return toFlatBlocks(blocks).flatMap((block) => {
    if (block.kind === 'image') return [block.image];
    if (block.kind === 'carousel')
      return block.slides.flatMap((slide) => (slide.image ? [slide.image] : []));
    if (block.kind === 'items')
      return block.items.flatMap((item) => (item.image ? [item.image] : []));
    return [];
  });
}

/** The path of each picture the page shows, in order. */
function picturesOf(body: string, assets: RawAsset[] = []): string[] {
  const page = pageOf(body, assets);
  return imagesOf(page.sections.flatMap((section) => section.blocks)).map(
    (image) => new URL(image.src).pathname,
  );
}

describe('a picture appears once unless the original shows it twice (issue 23)', () => {
  it('keeps a rollover button swapped by onmouseover as its picture at rest, once', () => {
    expect(
      picturesOf(
        `<p><a href="about.html" onmouseover="this.firstChild.src='img/about_on.gif'" onmouseout="this.firstChild.src='img/about.gif'"><img src="img/about.gif" alt="About us"></a></p>`,
      ),
    ).toEqual(['/img/about.gif']);
  });

  it('leaves out the hover twin in the same link, hidden by a stylesheet or by its style', () => {
    const assets = [asset('img/shoes.gif', [1, 2, 3]), asset('img/shoes_over.gif', [4, 5, 6])];
    expect(
      picturesOf(
        '<p><a href="shoes.html"><img src="img/shoes.gif" alt="Shoes"><img class="hover" src="img/shoes_over.gif" alt="Shoes"></a></p>',
        assets,
      ),
    ).toEqual(['/img/shoes.gif']);
    // The twin first in the markup, hidden by its own style: the one shown at rest stays.
    expect(
      picturesOf(
        '<p><a href="shoes.html"><img style="display:none" src="img/shoes-hover.gif" alt=""><img src="img/shoes.gif" alt="Shoes"></a></p>',
        [...assets, asset('img/shoes-hover.gif', [7, 8])],
      ),
    ).toEqual(['/img/shoes.gif']);
  });

  it('keeps two numbered photos in one link when they are not the same size', () => {
    const assets = [
      asset('photos/shoe1.jpg', [1], 400, 300),
      asset('photos/shoe2.jpg', [2], 300, 400),
    ];
    expect(
      picturesOf(
        '<p><a href="gallery.html"><img src="photos/shoe1.jpg" alt=""><img src="photos/shoe2.jpg" alt=""></a></p>',
        assets,
      ),
    ).toEqual(['/photos/shoe1.jpg', '/photos/shoe2.jpg']);
  });

  it('leaves out the copy of a picture inside a hidden container, the shown one kept', () => {
    expect(
      picturesOf(
        '<div style="display:none" id="zoom"><img src="img/boot.jpg" width="800" height="600" alt="Boot"></div><p><img src="img/boot.jpg" width="200" height="150" alt="Boot"></p>',
      ),
    ).toEqual(['/img/boot.jpg']);
  });

  it('leaves out the same bytes under another URL when that copy is aria-hidden', () => {
    const assets = [
      asset('img/boot.jpg', [9, 9, 9, 1], 400, 300),
      asset('cdn/boot-copy.jpg', [9, 9, 9, 1], 400, 300),
    ];
    expect(
      picturesOf(
        '<p><img src="img/boot.jpg" alt="Boot"></p><div aria-hidden="true"><img src="cdn/boot-copy.jpg" alt="Boot"></div>',
        assets,
      ),
    ).toEqual(['/img/boot.jpg']);
  });

  it('leaves out the class-free clone of a first slide a looping slider appended', () => {
    expect(
      picturesOf(
        `<div id="rotator"><ul>
          <li><img src="img/slide-a.jpg" alt="Spring"></li>
          <li aria-hidden="true"><img src="img/slide-b.jpg" alt="Summer"></li>
          <li aria-hidden="true" data-clone><img src="img/slide-a.jpg" alt="Spring"></li>
        </ul></div>`,
      ),
    ).toEqual(['/img/slide-a.jpg', '/img/slide-b.jpg']);
  });

  it('shows a slider clone once when it is a copy of a slide under another URL', () => {
    const assets = [
      asset('img/a.jpg', [1, 1, 1], 1200, 400),
      asset('img/a.jpg?copy', [1, 1, 1], 1200, 400),
      asset('img/b.jpg', [2, 2, 2], 1200, 400),
    ];
    const page = pageOf(
      `<div class="hero-slider"><ul>
        <li><img src="img/a.jpg" alt="Spring"><p>New season</p></li>
        <li><img src="img/b.jpg" alt="Summer"><p>Sandals</p></li>
        <li aria-hidden="true"><img src="img/a.jpg?copy" alt="Spring"><p>New season</p></li>
      </ul></div>`,
      assets,
    );
    const carousel = toFlatBlocks(page.sections.flatMap((section) => section.blocks)).find(
      (block) => block.kind === 'carousel',
    );
    expect(carousel?.kind === 'carousel' && carousel.slides.map((s) => s.image?.alt)).toEqual([
      'Spring',
      'Summer',
    ]);
  });

  it('keeps a logo the original shows in the header and in the footer', () => {
    expect(
      picturesOf(
        '<div id="top"><img src="img/logo.gif" alt="Shoes &amp; Co"></div><p>Our workshop.</p><footer><img src="img/logo.gif" alt="Shoes &amp; Co"></footer>',
      ),
    ).toEqual(['/img/logo.gif', '/img/logo.gif']);
  });

  it('keeps two different pictures with the same alt', () => {
    expect(
      picturesOf(
        '<p><img src="img/red.jpg" alt="Shoe"></p><p><img src="img/blue.jpg" alt="Shoe"></p>',
      ),
    ).toEqual(['/img/red.jpg', '/img/blue.jpg']);
  });

  it('keeps the large photo of a thumbnail inside the lightbox dialog it opens', () => {
    const page = pageOf(
      '<p><a href="#big" data-toggle="modal"><img src="img/boot.jpg" width="100" height="75" alt="Boot"></a></p><div class="modal" id="big" style="display:none"><img src="img/boot.jpg" width="800" height="600" alt="Boot"></div>',
    );
    const dialog = toFlatBlocks(page.sections.flatMap((section) => section.blocks)).find(
      (block) => block.kind === 'dialog',
    );
    expect(dialog && dialog.kind === 'dialog' && imagesOf(dialog.blocks).length).toBe(1);
  });
});
