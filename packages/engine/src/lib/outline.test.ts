import { describe, expect, it } from 'vitest';
import type { Section } from '../model';
import { toOutlineSources } from './outline';

const section = (id: string, level?: number, blocks = 1): Section => ({
  id,
  ...(level ? { heading: { level, inlines: [{ text: id }] } } : {}),
  blocks: Array.from({ length: blocks }, () => ({ kind: 'paragraph', inlines: [{ text: 'x' }] })),
});

describe('toOutlineSources', () => {
  it('reads a page without an h1 as its rebuilt outline numbers it', () => {
    // A start page whose lone h2 opens it: the h2 becomes the h1, the h3s under it h2s.
    expect(toOutlineSources([section('services', 2), section('a', 3), section('b', 3)])).toEqual({
      1: 2,
      2: 3,
    });
    // h3s after an untitled opening: a hidden title is the h1, the h3s are its h2s.
    expect(
      toOutlineSources([section('intro'), section('lead'), section('a', 3), section('b', 3)]),
    ).toEqual({ 2: 3 });
  });

  it("counts the headings in a section's blocks: columns each under an h3", () => {
    const column = (words: string): Section['blocks'] => [
      { kind: 'heading', level: 3, inlines: [{ text: words }] },
      { kind: 'paragraph', inlines: [{ text: 'x' }] },
    ];
    const row: Section = {
      id: 'row',
      blocks: [
        {
          kind: 'items',
          columns: 2,
          widths: [50, 50],
          items: [{ blocks: column('Who') }, { blocks: column('History') }],
        },
      ],
    };
    expect(toOutlineSources([row])).toEqual({ 2: 3 });
  });

  it('keeps the levels of a page with an h1 of its own, or with no headings', () => {
    const same = { 1: 1, 2: 2, 3: 3 };
    expect(toOutlineSources([section('t', 1), section('a', 3), section('b', 3)])).toEqual(same);
    expect(toOutlineSources([section('a'), section('b')])).toEqual(same);
  });
});
