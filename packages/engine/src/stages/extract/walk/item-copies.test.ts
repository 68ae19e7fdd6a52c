import { describe, expect, it } from 'vitest';
import type { Block } from '../../../model';
import { toFlatBlocks } from '../../../model';
import type { RawAsset } from '../../../types';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

const PAGE = 'http://old.example/index.html';

function asset(path: string, bytes: number[]): RawAsset {
  return {
    url: new URL(path, PAGE).href,
    contentType: 'image/jpeg',
    body: Uint8Array.from(bytes),
    width: 600,
    height: 400,
  };
}

const ASSETS = ['1', '2', '3', '4'].map((n) => asset(`photos/${n}.jpg`, [Number(n), 9, 9]));

function blocksOf(body: string): Block[] {
  const html = `<!doctype html><html lang="en"><head><title>Campus</title></head><body><h1>Our campus</h1><p>Life at the college, in pictures.</p>${body}</body></html>`;
  const raw = toRawSite(html, PAGE);
  raw.assets = ASSETS;
  return toFlatBlocks(extractSite(raw).pages[0]!.sections.flatMap((section) => section.blocks));
}

function picturesOf(blocks: Block[]): string[] {
  return blocks.flatMap((block) => {
    if (block.kind === 'image') return [new URL(block.image.src).pathname];
    if (block.kind === 'items')
      return block.items.flatMap((item) => (item.image ? [new URL(item.image.src).pathname] : []));
    return [];
  });
}

/** A photo item of a filterable gallery, under one category. */
function item(category: string, photo: string, caption: string): string {
  return `<div class="photo ${category}"><a href="#"><img src="photos/${photo}.jpg" alt="Campus"><p>${caption}</p></a></div>`;
}

describe('an item listed again among its siblings is shown once (issue 23)', () => {
  it('shows each photo of a filterable gallery once, every photo and caption kept', () => {
    // One category shown at load (the others hidden by a stylesheet the walk cannot read): the
    // same photo is listed under each category it belongs to.
    const gallery = `<ul class="filters"><li>Events</li><li>Graduations</li></ul><div class="gallery" data-sitelift-columns="3">${[
      item('events', '1', 'Opening day'),
      item('events', '2', 'The library'),
      item('events', '3', 'Sports hall'),
      item('graduations', '2', 'The library'),
      item('graduations', '4', 'Class of 2019'),
      item('graduations', '1', 'Opening day'),
    ].join('')}</div>`;
    const blocks = blocksOf(gallery);
    expect(picturesOf(blocks).sort()).toEqual([
      '/photos/1.jpg',
      '/photos/2.jpg',
      '/photos/3.jpg',
      '/photos/4.jpg',
    ]);
    // One row of items: the categories' items are one kind.
    const items = blocks.filter((block) => block.kind === 'items');
    expect(items).toHaveLength(1);
    const text = JSON.stringify(blocks);
    for (const caption of ['Opening day', 'The library', 'Sports hall', 'Class of 2019'])
      expect(text.split(caption)).toHaveLength(2);
  });

  it('shows an item listed again once where its list is not laid out as a grid', () => {
    const blocks = blocksOf(
      `<div class="gallery">${item('events', '1', 'Opening day')}${item('graduations', '1', 'Opening day')}</div>`,
    );
    expect(picturesOf(blocks)).toEqual(['/photos/1.jpg']);
    expect(JSON.stringify(blocks).split('Opening day')).toHaveLength(2);
  });

  it('keeps items that differ in a word', () => {
    const blocks = blocksOf(
      `<div class="team" data-sitelift-columns="2">${item('a', '1', 'Ann, dean')}${item('b', '1', 'Bob, dean')}</div>`,
    );
    const pictures = picturesOf(blocks);
    expect(pictures.filter((src) => src === '/photos/1.jpg')).toHaveLength(2);
  });

  it('keeps equal items of one kind, as a template’s placeholder cards show them', () => {
    const card = item('member', '2', 'John Smith, job title');
    const pictures = picturesOf(
      blocksOf(`<div class="team" data-sitelift-columns="3">${card}${card}${card}</div>`),
    );
    expect(pictures).toEqual(['/photos/2.jpg', '/photos/2.jpg', '/photos/2.jpg']);
  });

  it('keeps a row of the same icon', () => {
    const blocks = blocksOf(
      `<p class="rating"><span><img src="photos/3.jpg" alt=""></span><span><img src="photos/3.jpg" alt=""></span><span><img src="photos/3.jpg" alt=""></span> 3 of 5</p>`,
    );
    const pictures = picturesOf(blocks);
    expect(pictures.filter((src) => src === '/photos/3.jpg')).toHaveLength(3);
  });
});
