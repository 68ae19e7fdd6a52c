import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../model';
import type { Node } from './dom';
import { markTableRows } from './table-rows';
import { walkContent } from './walk-content';

const PAGE = 'https://club.example/index.html';

/** A page read as served: its layout tables' rows marked from the markup, then walked. */
function blocksOf(body: string, bodyAttrs = ''): Block[] {
  const document = parse(`<html><body ${bodyAttrs}>${body}</body></html>`) as Node;
  markTableRows(document);
  return walkContent(document, PAGE, new Map()).blocks;
}

const rowsOf = (blocks: Block[]) =>
  blocks.flatMap((block) => (block.kind === 'items' && block.widths ? [block] : []));

const WORDS = 'Words about the club and its drums, long enough for a few lines. '.repeat(3);

describe('rows of a layout table read without a browser (issue 23)', () => {
  it('keeps a small centred table of button, picture and label as columns at its width', () => {
    const blocks = blocksOf(
      '<center><table><tr><td><a href="/vb.html"><img src="/b.gif" width="24" height="24"></a></td>' +
        '<td><img src="/spacer.gif" width="1" height="1"></td>' +
        '<td><img src="/vb.jpg" width="90" height="40"></td><td>Visual basic</td></tr>' +
        '<tr><td><a href="/games.html"><img src="/b.gif" width="24" height="24"></a></td><td></td>' +
        '<td><img src="/tweety.gif" width="90" height="60"></td><td>Games and cheat codes</td></tr>' +
        '</table></center>',
    );
    const rows = rowsOf(blocks);
    expect(rows).toHaveLength(2);
    // The spacer cell is no column; the button and picture cells are as wide as their pictures.
    expect(rows[0]).toMatchObject({ columns: 3, align: 'center' });
    const [button, picture, label] = rows[0]!.widths!;
    expect(button! < picture!).toBe(true);
    expect(rows[0]!.rowWidth).toBeGreaterThan(100);
    expect(rows[0]!.rowWidth).toBeLessThan(400);
    expect(label).toBeGreaterThan(0);
    expect(JSON.stringify(rows[1]!.items[2])).toContain('Games and cheat codes');
  });

  it('shares a sized table by its cells’ widths; a full-width one keeps no width', () => {
    const [row] = rowsOf(
      blocksOf(
        `<table width="100%"><tr><td width="30%"><img src="/castle.jpg" width="280" height="200"></td>` +
          `<td><p>${WORDS}</p></td></tr></table>`,
      ),
    );
    expect(row!.widths).toEqual([30, 70]);
    expect(row!.rowWidth).toBeUndefined();
    const [fixed] = rowsOf(
      blocksOf(
        `<div align="center"><table width="600"><tr><td width="200">Opening hours</td>` +
          `<td>${WORDS}</td></tr></table></div>`,
      ),
    );
    expect(fixed).toMatchObject({ rowWidth: 600, align: 'center' });
    expect(fixed!.widths).toEqual([33.3, 66.7]);
  });

  it('leaves data tables, sliced pictures, page grids and rendered pages alone', () => {
    const blocks = blocksOf(
      '<table border="1"><tr><td>Mon</td><td>9-17</td></tr><tr><td>Tue</td><td>9-17</td></tr></table>' +
        '<table><tr><td rowspan="2"><img src="/a.jpg" width="200" height="100"></td><td>Top</td></tr>' +
        '<tr><td>Bottom</td></tr></table>' +
        `<table><tr><td><a href="/a">Home</a></td><td><h1>Welcome</h1><p>${WORDS}</p></td></tr></table>`,
    );
    expect(rowsOf(blocks)).toEqual([]);
    expect(blocks.some((block) => block.kind === 'table')).toBe(true);
    // The probe read this page (its body carries the alignment mark): its marks are the probe's.
    const rendered = blocksOf(
      `<table width="100%"><tr><td width="30%">Left words</td><td><p>${WORDS}</p></td></tr></table>`,
      'data-sitelift-align="left"',
    );
    expect(rowsOf(rendered)).toEqual([]);
  });
});
