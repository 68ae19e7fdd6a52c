import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Element } from '../dom';
import { findElement } from '../dom';
import { NO_TAB_GROUPS } from '../tab-groups';
import { walkContent } from '../walk-content';
import { handleImage } from './image';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import type { AssetIndex } from './walk-context';
import { createWalkContext } from './walk-context';

const PAGE = 'https://example.com/dir/page.html';

function setUp(html: string, assets: AssetIndex = new Map()) {
  const fragment = parseFragment(html);
  const image = findElement(fragment, (e) => e.tagName === 'img') as Element;
  const context = createWalkContext(fragment, PAGE, assets, NO_TAB_GROUPS, (root, a, groups) =>
    walkContent(root, PAGE, a, groups),
  );
  return { image, context };
}

describe('handleImage', () => {
  it('keeps the width a picture was shown at where its markup made it narrower than its file', () => {
    const src = 'https://example.com/dir/logo.png';
    const { image, context } = setUp(
      '<img src="logo.png" alt="BG" width="160" height="160">',
      new Map([[src, { width: 983, height: 906 }]]),
    );
    handleImage(context, image);
    expect(context.blocks[0]).toMatchObject({
      image: { width: 983, height: 906, shownWidth: 160 },
    });
    const same = setUp(
      '<img src="logo.png" alt="BG" width="983">',
      new Map([[src, { width: 983 }]]),
    );
    handleImage(same.context, same.image);
    expect(same.context.blocks[0]).not.toHaveProperty('image.shownWidth');
  });

  it('reads the width an inline style gave it (a title picture set 200 px wide), not max-width', () => {
    const src = 'https://example.com/dir/title.png';
    const shown = (style: string) => {
      const { image, context } = setUp(
        `<img src="title.png" alt="We come to you" style="${style}">`,
        new Map([[src, { width: 766, height: 380 }]]),
      );
      handleImage(context, image);
      return context.blocks[0];
    };
    expect(shown('width: 200px; height: 95 px; float: left')).toMatchObject({
      image: { width: 766, height: 380, shownWidth: 200 },
    });
    expect(shown('max-width: 200px')).not.toHaveProperty('image.shownWidth');
    expect(shown('width: 50%')).not.toHaveProperty('image.shownWidth');
  });

  it('floats a picture the markup floats, and no other', () => {
    const floated = (html: string) => {
      const { image, context } = setUp(html);
      handleImage(context, image);
      return context.blocks[0];
    };
    expect(floated('<img src="unreal.jpg" alt="Unreal" align="right">')).toMatchObject({
      kind: 'image',
      float: 'right',
    });
    expect(floated('<img src="shot.jpg" alt="Shot" style="float: left">')).toMatchObject({
      float: 'left',
    });
    expect(floated('<img src="shot.jpg" alt="Shot">')).not.toHaveProperty('float');
  });

  it("leaves the brand's picture to the header, wherever the brand sits", () => {
    const { image, context } = setUp(
      `<div class="row"><p>info@college.example</p><a href="/" ${PROBE_MARKS.brand}=""><img src="logo.png" alt=""></a></div>`,
      new Map([['https://example.com/dir/logo.png', { width: 132, height: 125 }]]),
    );
    expect(handleImage(context, image)).toBe(false);
    expect(context.blocks).toEqual([]);
  });

  it('emits an image sized from the downloaded asset, linked when inside a link', () => {
    const src = 'https://example.com/dir/photo.jpg';
    const { image, context } = setUp(
      '<img src="photo.jpg" alt=" A  photo " width="10">',
      new Map([[src, { width: 640, height: 480 }]]),
    );
    context.hrefs.push('https://example.com/big.html');
    expect(handleImage(context, image)).toBe(false);
    expect(context.blocks).toEqual([
      {
        kind: 'image',
        image: {
          src,
          alt: 'A photo',
          width: 640,
          height: 480,
          asset: src,
          href: 'https://example.com/big.html',
        },
      },
    ]);
  });

  it('takes the size from attributes when the asset was not downloaded', () => {
    const { image, context } = setUp('<img src="/a.png" width="120" height="x">');
    handleImage(context, image);
    expect(context.blocks).toEqual([
      { kind: 'image', image: { src: 'https://example.com/a.png', alt: '', width: 120 } },
    ]);
  });

  it('drops spacer GIFs and one-pixel images without a word', () => {
    for (const html of ['<img src="spacer.gif">', '<img src="x.png" width="1" height="1">']) {
      const { image, context } = setUp(html);
      handleImage(context, image);
      expect(context.blocks).toEqual([]);
      expect(context.dropped).toEqual([]);
    }
  });

  it('reports a third-party tracking image as dropped', () => {
    const { image, context } = setUp('<img src="https://statcounter.com/c.php?id=1" alt="">');
    handleImage(context, image);
    expect(context.blocks).toEqual([]);
    expect(context.dropped).toEqual([
      {
        kind: 'tracker',
        what: 'https://statcounter.com/c.php?id=1',
        reason: 'Tracking or hit-counter image',
      },
    ]);
  });

  it('emits no image block inside navigation', () => {
    const { image, context } = setUp('<img src="logo.png" alt="Logo">');
    context.nav = 1;
    handleImage(context, image);
    expect(context.blocks).toEqual([]);
  });
});
