import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from '../dom';
import { walkContent } from '../walk-content';

const PAGE = 'https://example.com/';
const blocksOf = (body: string, bodyAttrs = '') =>
  walkContent(parse(`<html><body ${bodyAttrs}>${body}</body></html>`) as Node, PAGE, new Map())
    .blocks;

describe('centred text in the walk (issue 12)', () => {
  it("gives headings, paragraphs and pictures their innermost container's alignment", () => {
    const blocks = blocksOf(
      '<div class="text-center"><h2>Services</h2><h3 class="section-subheading">What we do best</h3>' +
        '<img src="/a.png" alt="Team photo" width="200" height="100"></div>' +
        '<p>Left as ever</p><center><p>An old centred line</p></center>',
    );
    expect(blocks.map((block) => [block.kind, 'align' in block ? block.align : undefined])).toEqual(
      [
        ['heading', 'center'],
        ['heading', 'center'],
        ['image', 'center'],
        ['paragraph', undefined],
        ['paragraph', 'center'],
      ],
    );
  });

  it('reads what the probe measured on a rendered page, not class names', () => {
    const blocks = blocksOf(
      '<div class="team-member" data-sitelift-align="center"><h4>Kay Garland</h4><p>Lead Designer</p></div>' +
        '<div class="text-center" data-sitelift-align="left"><p>Overridden by the site</p></div>',
      'data-sitelift-align="left"',
    );
    expect(blocks.map((block) => ('align' in block ? block.align : undefined))).toEqual([
      'center',
      'center',
      undefined,
    ]);
  });
});

describe('layout rows (issue 12)', () => {
  it('walks each column the probe marked on its own, with its share of the row', () => {
    const blocks = blocksOf(
      '<div class="row" data-sitelift-row="58.3 41.7">' +
        '<div class="col-md-7" data-sitelift-col><img src="/a.png" alt="Project one" width="700" height="300"></div>' +
        '<div class="col-md-5" data-sitelift-col><h3>Project One</h3><p>A bakery&#39;s new shop front</p></div></div>' +
        '<p>After the row</p>',
      'data-sitelift-align="left"',
    );
    expect(blocks).toMatchObject([
      {
        kind: 'items',
        columns: 2,
        widths: [58.3, 41.7],
        items: [
          { blocks: [{ kind: 'image', image: { alt: 'Project one' } }] },
          {
            blocks: [
              { kind: 'heading', level: 3 },
              { kind: 'paragraph', inlines: [{ text: "A bakery's new shop front" }] },
            ],
          },
        ],
      },
      { kind: 'paragraph', inlines: [{ text: 'After the row' }] },
    ]);
  });

  it('ignores a row mark whose widths do not fit its columns', () => {
    const blocks = blocksOf(
      '<div data-sitelift-row="50"><div data-sitelift-col><p>A</p></div><div data-sitelift-col><p>B</p></div></div>',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'paragraph']);
  });
});
