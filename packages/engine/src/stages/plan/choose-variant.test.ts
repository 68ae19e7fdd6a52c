import { describe, expect, it } from 'vitest';
import type { Block, Section } from '../../model';
import { chooseVariant } from './choose-variant';

const image = (width: number, shownWidth?: number): Block => ({
  kind: 'image',
  image: {
    src: `https://site.test/${width}.jpg`,
    alt: '',
    width,
    height: Math.round(width * 0.75),
    ...(shownWidth === undefined ? {} : { shownWidth }),
  },
});

describe('chooseVariant', () => {
  it('makes photos of like sizes a gallery, not a page picture beside a logo and a banner', () => {
    const photos: Section = { id: 's', blocks: [image(800), image(640), image(1024, 400)] };
    expect(chooseVariant(photos, 1, false)).toBe('gallery');
    // A certificate scan shown large, beside a 95 px logo and a banner picture: no thumbnails.
    const page: Section = { id: 's', blocks: [image(300, 95), image(766), image(3284)] };
    expect(chooseVariant(page, 1, false)).not.toBe('gallery');
  });
});

describe('chooseVariant and preformatted text', () => {
  it('makes code a doc section, never lines of text the original set in its body type', () => {
    const blocks = (plain: boolean): Block[] => [
      { kind: 'heading', level: 2, inlines: [{ text: 'Shows' }] },
      plain
        ? { kind: 'pre', text: 'May 7 - Spring fair\n\t\t10:00 am', plain: true }
        : { kind: 'pre', text: 'npm install\nnpm test' },
    ];
    expect(chooseVariant({ id: 's', blocks: blocks(false) }, 1, false)).toBe('doc');
    expect(chooseVariant({ id: 's', blocks: blocks(true) }, 1, false)).not.toBe('doc');
  });
});
