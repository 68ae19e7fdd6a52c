import { describe, expect, it } from 'vitest';
import type { Block, DesignTokens, PlannedPage, SiteModel } from '../../model';
import { withReadableTones } from './block-tones';

const page = (route: string, url: string, blocks: Block[]) =>
  ({ route, url, sections: [{ id: 's', blocks }] }) as unknown as PlannedPage;
const tokens = (more: Partial<DesignTokens> = {}) =>
  ({ colors: { background: '#ffffff', text: '#111111' }, ...more }) as unknown as DesignTokens;
const model = (backgrounds?: SiteModel['identity']['backgrounds'], primary?: string) =>
  ({ identity: { backgrounds, colors: { primary } } }) as unknown as SiteModel;
const toned = (tone: NonNullable<Extract<Block, { kind: 'paragraph' }>['tone']>): Block => ({
  kind: 'paragraph',
  inlines: [{ text: 'Alpuente', strong: true }],
  tone,
});
const tonesOf = (pages: PlannedPage[]) =>
  pages.flatMap((each) =>
    each.sections.flatMap((section) =>
      section.blocks.map((block) => (block.kind === 'paragraph' ? block.tone : undefined)),
    ),
  );

describe("a paragraph's own type on the rebuild's grounds (issue 23)", () => {
  it('keeps the step and a colour that reads on the page; drops one that does not', () => {
    const pages = [
      page('/', 'https://v.example/', [
        toned({ step: 2, color: '#800080' }),
        toned({ step: 1, color: '#ffff99' }),
        toned({ color: '#000000' }),
      ]),
    ];
    // A step is drawn at the size the browser drew it, as a share of the body's (16 px here).
    expect(tonesOf(withReadableTones(pages, model(), tokens(), true))).toEqual([
      { step: 2, color: '#800080', font: { scale: 1.5 } },
      { step: 1, font: { scale: 1.13 } },
      // The site's own ink: nothing to keep.
      undefined,
    ]);
    // A profile that restructures the site sets every paragraph in the site's type.
    expect(tonesOf(withReadableTones(pages, model(), tokens(), false))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // ... but for a run in the brand's own colour: the site's identity, whatever the layout.
    const branded = model(undefined, '#800080');
    expect(tonesOf(withReadableTones(pages, branded, tokens(), false))).toEqual([
      { color: '#800080' },
      undefined,
      undefined,
    ]);
    // The model's blocks are not changed.
    expect(pages[0]!.sections[0]!.blocks[2]).toHaveProperty('tone');
  });

  it("checks the colour on the page's own picture, under the plate the designer laid", () => {
    const picture = (color: string) => ({
      image: { src: 'https://v.example/dark.jpg', alt: '' },
      repeat: 'repeat',
      size: 'auto',
      position: '0% 0%',
      attachment: 'scroll' as const,
      color,
    });
    const planned = { src: '/images/dark.webp', repeat: 'repeat', size: 'auto', position: '0% 0%' };
    const pages = [page('/dark', 'https://v.example/dark.htm', [toned({ color: '#800080' })])];
    const site = model({
      pages: [{ url: 'https://v.example/dark.htm', picture: picture('#303030') }],
    });
    const bare = tokens({
      pageGrounds: [{ route: '/dark', picture: { ...planned, attachment: 'scroll' } }],
    });
    expect(tonesOf(withReadableTones(pages, site, bare, true))).toEqual([undefined]);
    const plated = tokens({
      pageGrounds: [{ route: '/dark', picture: { ...planned, attachment: 'scroll', plate: 0.95 } }],
    });
    expect(tonesOf(withReadableTones(pages, site, plated, true))).toEqual([{ color: '#800080' }]);
  });

  it('keeps the size the CSS set a paragraph in where the look is kept, not elsewhere', () => {
    const pages = [
      page('/', 'https://v.example/', [
        toned({ font: { scale: 1.2, leading: 1.61 } }),
        toned({ font: { scale: 0.67 }, color: '#000000' }),
      ]),
    ];
    expect(tonesOf(withReadableTones(pages, model(), tokens(), true))).toEqual([
      { font: { scale: 1.2, leading: 1.61 } },
      { font: { scale: 0.67 } },
    ]);
    expect(tonesOf(withReadableTones(pages, model(), tokens(), false))).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("draws a <font size> step at the browser's size for it, small print smaller", () => {
    const pages = [
      page('/', 'https://v.example/', [
        toned({ step: 3 }),
        toned({ step: 4 }),
        toned({ step: -1 }),
        toned({ step: -2 }),
        toned({ step: 2, font: { scale: 1.2 } }),
      ]),
    ];
    const body = (size: number) =>
      tokens({ typography: { body: { size, lineHeight: 1.2 } } as DesignTokens['typography'] });
    expect(tonesOf(withReadableTones(pages, model(), body(16), true))).toEqual([
      { step: 3, font: { scale: 2 } },
      { step: 3, font: { scale: 3 } },
      // Small print (size 2, 1) has no step class: only its size.
      { font: { scale: 0.81 } },
      { font: { scale: 0.63 } },
      // The size the CSS set wins.
      { step: 2, font: { scale: 1.2 } },
    ]);
    // On a larger body the share is smaller: the same 13 px.
    expect(tonesOf(withReadableTones(pages, model(), body(15), true))[2]).toEqual({
      font: { scale: 0.87 },
    });
    expect(tonesOf(withReadableTones(pages, model(), body(16), false))).toEqual(
      Array.from({ length: 5 }, () => undefined),
    );
  });

  it("keeps a title box's fill where it stands out and its words read on it", () => {
    const pale = { background: '#e8dcd8', text: '#111111' };
    const pages = [
      page('/', 'https://v.example/', [
        // Olive words on yellow do not read: the fill stays, the words take the site's ink.
        toned({ color: '#808000', fill: '#ffcc00' }),
        // A fill like the page's ground is no box.
        toned({ fill: '#fefefe' }),
        // Dark words on a dark fill: no box.
        toned({ fill: '#202020' }),
        toned({ color: '#ffffff', fill: '#202060' }),
        // As light as the ground, in a hue of its own: a box.
        toned({ fill: '#ffcc00' }),
      ]),
    ];
    expect(tonesOf(withReadableTones(pages, model(), tokens(), true))).toEqual([
      { fill: '#ffcc00' },
      undefined,
      undefined,
      { color: '#ffffff', fill: '#202060' },
      { fill: '#ffcc00' },
    ]);
    expect(
      tonesOf(withReadableTones(pages, model(), tokens({ colors: pale } as never), true)).at(-1),
    ).toEqual({ fill: '#ffcc00' });
    expect(tonesOf(withReadableTones(pages, model(), tokens(), false))).toEqual(
      Array.from({ length: 5 }, () => undefined),
    );
  });
});
