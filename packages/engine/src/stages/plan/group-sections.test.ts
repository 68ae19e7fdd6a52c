import { describe, expect, it } from 'vitest';
import type { Section } from '../../model';
import { groupSections } from './group-sections';

const section = (id: string, level: number, extra: Partial<Section> = {}): Section => ({
  id,
  heading: { level, inlines: [{ text: id }] },
  blocks: [{ kind: 'paragraph', inlines: [{ text: `${id} words` }] }],
  ...extra,
});

describe('groupSections', () => {
  it('keeps a deeper heading drawn after a card ended out of that card, and one inside it in', () => {
    const card = { gradient: 'linear-gradient(45deg, #283c6a, #584537)', radius: 12 };
    const grouped = groupSections([
      section('teaching', 1, { box: card }),
      section('inside', 3),
      section('philosophy', 3, { afterBox: true }),
      section('history', 3, { afterBox: true }),
    ]);
    expect(grouped.map((s) => s.id)).toEqual(['teaching', 'philosophy']);
    expect(grouped[0]!.blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'paragraph']);
    expect(grouped[1]!.blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'paragraph']);
  });

  it('still joins a deeper heading to a section drawn in no box', () => {
    const grouped = groupSections([section('intro', 2), section('more', 3, { afterBox: true })]);
    expect(grouped.map((s) => s.id)).toEqual(['intro']);
  });
});
