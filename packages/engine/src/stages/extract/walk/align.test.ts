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
      '<div class="text-center"><h2>Services</h2><h3 class="section-subheading">Lorem ipsum</h3>' +
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
