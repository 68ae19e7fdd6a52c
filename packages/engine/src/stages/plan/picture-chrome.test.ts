import { describe, expect, it } from 'vitest';
import type { Block, ImageRef, PlannedMenuItem, PlannedPage } from '../../model';
import { isSlice, withoutPictureChrome } from './picture-chrome';

const MENU: PlannedMenuItem[] = ['/about', '/rooms', '/prices', '/contact'].map((route) => ({
  label: route.slice(1),
  route,
  children: [],
}));

const image = (src: string, extra: Partial<ImageRef> = {}): ImageRef => ({
  src,
  alt: '',
  width: 400,
  height: 300,
  ...extra,
});
const button = (route: string): ImageRef =>
  image(`/images${route}.gif`, { alt: route.slice(1), width: 80, height: 30, href: route });
const words = (text: string): Block => ({ kind: 'paragraph', inlines: [{ text }] });

function pageOf(blocks: Block[]): PlannedPage {
  return {
    url: 'https://inn.test/',
    route: '/',
    componentName: 'HomePage',
    moduleName: 'home',
    title: 'Inn',
    description: '',
    language: 'en',
    textBlocks: [],
    sections: [{ id: 'main', variant: 'prose', blocks }],
  };
}

const blocksOf = (blocks: Block[]) =>
  withoutPictureChrome(pageOf(blocks), MENU).sections[0]!.blocks;

describe("a sliced layout's picture chrome (issue 23)", () => {
  it('tells a wordless slice from a picture', () => {
    expect(isSlice(image('/l.gif', { width: 77, height: 325 }))).toBe(true);
    expect(isSlice(image('/bar.gif', { width: 819, height: 20 }))).toBe(true);
    // A photo, a slice with words, a linked one, and a thick banner stay.
    expect(isSlice(image('/photo.jpg'))).toBe(false);
    expect(isSlice(image('/t.gif', { width: 77, height: 325, alt: 'Rooms' }))).toBe(false);
    expect(isSlice(image('/t.gif', { width: 77, height: 325, href: '/rooms' }))).toBe(false);
    expect(isSlice(image('/title.gif', { width: 629, height: 60 }))).toBe(false);
  });

  it('leaves out the slices around a picture, and the menu drawn again as buttons', () => {
    const out = blocksOf([
      {
        kind: 'items',
        columns: 3,
        items: [
          { blocks: [], image: image('/left.gif', { width: 77, height: 325 }) },
          { blocks: [], image: image('/bay.jpg') },
          { blocks: [], image: image('/right.gif', { width: 77, height: 325 }) },
        ],
      },
      { kind: 'image', image: image('/bar.gif', { width: 819, height: 20 }) },
      {
        kind: 'items',
        columns: 5,
        items: [
          ...MENU.map((item) => button(item.route!)),
          image('/fb.gif', { href: 'https://facebook.test/inn', width: 80, height: 30 }),
        ].map((picture) => ({ blocks: [], image: picture })),
      },
      ...['/about', '/rooms', '/prices'].map((route): Block => ({
        kind: 'image',
        image: button(route),
      })),
      words('Six rooms by the sea.'),
    ]);
    expect(out).toEqual([
      { kind: 'image', image: image('/bay.jpg') },
      words('Six rooms by the sea.'),
    ]);
  });

  it('keeps linked pictures that are not the menu, and rows with words', () => {
    const gallery: Block = {
      kind: 'items',
      columns: 3,
      items: ['/a', '/b', '/c'].map((route) => ({
        blocks: [],
        image: image(`${route}.jpg`, { href: route }),
      })),
    };
    const row: Block = {
      kind: 'items',
      columns: 2,
      items: [
        { blocks: [words('Our rooms')], image: image('/left.gif', { width: 77, height: 325 }) },
        { blocks: [words('Our prices')] },
      ],
    };
    expect(blocksOf([gallery, row])).toEqual([
      gallery,
      { ...row, items: [{ blocks: [words('Our rooms')] }, { blocks: [words('Our prices')] }] },
    ]);
  });
});
