import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from '../dom';
import { walkContent } from '../walk-content';

const PAGE = 'https://example.com/';

function walkBody(body: string, assets = new Map<string, { width?: number; height?: number }>()) {
  return walkContent(parse(`<html><body>${body}</body></html>`) as Node, PAGE, assets);
}

describe('carousels and items in the walk', () => {
  it('turns a Bootstrap carousel into one carousel block, each slide with its background picture', () => {
    const { blocks, textBlocks } = walkBody(
      `<header class="carousel slide"><div class="carousel-inner">
        <div class="item active"><div class="fill" style="background-image:url('/one.jpg');"></div><div class="carousel-caption"><h2>Caption 1</h2></div></div>
        <div class="item"><div class="fill" style="background-image:url('/two.jpg');"></div><div class="carousel-caption"><h2>Caption 2</h2></div></div>
      </div><a class="left carousel-control" href="#c"><span class="sr-only">Previous</span></a></header>
      <h1>Welcome</h1>`,
      new Map([['https://example.com/one.jpg', { width: 1900, height: 1080 }]]),
    );
    expect(blocks).toEqual([
      {
        kind: 'carousel',
        slides: [
          {
            image: {
              src: 'https://example.com/one.jpg',
              alt: '',
              asset: 'https://example.com/one.jpg',
              width: 1900,
              height: 1080,
            },
            blocks: [{ kind: 'heading', level: 2, inlines: [{ text: 'Caption 1' }] }],
          },
          {
            image: { src: 'https://example.com/two.jpg', alt: '' },
            blocks: [{ kind: 'heading', level: 2, inlines: [{ text: 'Caption 2' }] }],
          },
        ],
      },
      { kind: 'heading', level: 1, inlines: [{ text: 'Welcome' }] },
    ]);
    expect(textBlocks).toEqual(['Caption 1', 'Caption 2', 'Welcome']);
  });

  it('turns cards side by side into one items block, each card with its leading picture', () => {
    const { blocks, anchors } = walkBody(
      `<div class="row" data-sitelift-columns="2">
        <div class="card" id="first"><img src="/a.jpg" alt="A"><h3>Alpha</h3><p><a class="btn btn-primary" href="/a">Learn More</a></p></div>
        <div class="card"><img src="/b.jpg" alt="B"><h3>Beta</h3><p>Plain.</p></div>
      </div>`,
    );
    expect(blocks).toEqual([
      {
        kind: 'items',
        columns: 2,
        items: [
          {
            image: { src: 'https://example.com/a.jpg', alt: 'A' },
            blocks: [
              { kind: 'heading', level: 3, inlines: [{ text: 'Alpha' }] },
              {
                kind: 'paragraph',
                inlines: [{ text: 'Learn More', href: 'https://example.com/a', button: 'primary' }],
              },
            ],
          },
          {
            image: { src: 'https://example.com/b.jpg', alt: 'B' },
            blocks: [
              { kind: 'heading', level: 3, inlines: [{ text: 'Beta' }] },
              { kind: 'paragraph', inlines: [{ text: 'Plain.' }] },
            ],
          },
        ],
      },
    ]);
    expect(anchors.get('first')).toBe(0);
  });

  it('leaves a menu with icons as navigation', () => {
    const { blocks, navLinks } = walkBody(
      `<nav><ul data-sitelift-columns="3"><li><a href="/a"><i class="fa fa-home"></i> Home page</a></li><li><a href="/b"><i class="fa fa-info"></i> About this site</a></li><li><a href="/c"><i class="fa fa-envelope"></i> Contact us today</a></li></ul></nav>`,
    );
    expect(blocks).toEqual([]);
    expect(navLinks.map((link) => link.label)).toEqual([
      'Home page',
      'About this site',
      'Contact us today',
    ]);
  });

  it("shows a slider's row of several slides as items, its script's unmarked copies once", () => {
    const dish = (name: string) =>
      `<li style="float: left; width: 298px;"><img src="/${name}.jpg" alt=""><h3>${name}</h3><p>$9.99</p></li>`;
    const { blocks, textBlocks } = walkBody(
      `<div class="carousel" style="width: 894px;"><ul>${['c', 'a', 'b', 'c', 'a'].map(dish).join('')}</ul></div>`,
    );
    expect(blocks).toEqual([
      {
        kind: 'items',
        columns: 3,
        items: ['c', 'a', 'b'].map((name) => ({
          image: { src: `https://example.com/${name}.jpg`, alt: '' },
          blocks: [
            { kind: 'heading', level: 3, inlines: [{ text: name }] },
            { kind: 'paragraph', inlines: [{ text: '$9.99' }] },
          ],
        })),
      },
    ]);
    // The copies' words are not counted twice either.
    expect(textBlocks).toEqual(['c', '$9.99', 'a', '$9.99', 'b', '$9.99']);
  });
});
