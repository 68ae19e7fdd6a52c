import { describe, expect, it } from 'vitest';
import type { HeaderPart } from '../../model';
import { toUnshownHeaderBlocks, withHeaderWords } from './plan-header';

const line = (text: string) => ({ kind: 'paragraph' as const, inlines: [{ text }] });

const SITE: HeaderPart[] = [
  { place: 'strip', blocks: [line('EN')] },
  { place: 'start', blocks: [line('info@college.example'), line('967774022260+')] },
];

describe('the header parts a page keeps as its words (issue 23)', () => {
  it('drops what the site header shows at that place, a clock a script wrote aside', () => {
    const own: HeaderPart[] = [
      // The clock the probe did not catch on this page.
      { place: 'strip', blocks: [line('EN'), line('2:0:22 28/11/2026')] },
      { place: 'start', blocks: [line('info@college.example'), line('967774022260+')] },
      { place: 'end', blocks: [line('Campus: 1 Main Street')] },
    ];
    expect(toUnshownHeaderBlocks(own, SITE)).toEqual([line('Campus: 1 Main Street')]);
  });

  it('keeps a part shown elsewhere in the site header than on the page', () => {
    const own: HeaderPart[] = [{ place: 'end', blocks: [line('info@college.example')] }];
    expect(toUnshownHeaderBlocks(own, SITE)).toEqual([line('info@college.example')]);
  });

  it('puts kept words first, in an untitled first section or one of their own', () => {
    const words = [line('Campus: 1 Main Street')];
    expect(withHeaderWords([{ id: 'intro', blocks: [line('Hello')] }], words)).toEqual([
      { id: 'intro', blocks: [...words, line('Hello')] },
    ]);
    const titled = {
      id: 'welcome',
      heading: { level: 1 as const, inlines: [{ text: 'Hi' }] },
      blocks: [],
    };
    expect(withHeaderWords([titled], words)).toEqual([
      { id: 'page-header', blocks: words },
      titled,
    ]);
  });
});
