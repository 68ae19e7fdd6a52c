import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Element } from '../dom';
import { findElement } from '../dom';
import { NO_TAB_GROUPS } from '../tab-groups';
import { walkContent } from '../walk-content';
import { handleTable } from './table';
import { createWalkContext } from './walk-context';

const PAGE = 'https://example.com/page.html';

function setUp(html: string) {
  const fragment = parseFragment(html);
  const table = findElement(fragment, (e) => e.tagName === 'table') as Element;
  const context = createWalkContext(
    fragment,
    PAGE,
    new Map(),
    NO_TAB_GROUPS,
    (root, assets, groups) => walkContent(root, PAGE, assets, groups),
  );
  return { table, context };
}

describe('handleTable', () => {
  it('turns a data table into a table block with its head row, cells and caption', () => {
    const { table, context } = setUp(
      '<table><caption>Prices</caption><tr><th>Item</th><th>Cost</th></tr>' +
        '<tr><td><a href="/tea">Tea</a></td><td><b>2</b> euro</td></tr></table>',
    );
    expect(handleTable(context, table)).toBe(false);
    expect(context.blocks).toEqual([
      {
        kind: 'table',
        caption: 'Prices',
        head: [[[{ text: 'Item' }], [{ text: 'Cost' }]]],
        rows: [
          [
            [{ text: 'Tea', href: 'https://example.com/tea' }],
            [{ text: '2', strong: true }, { text: ' euro' }],
          ],
        ],
      },
    ]);
    expect(context.textBlocks).toEqual(['Prices', 'Item', 'Cost', 'Tea', '2 euro']);
  });

  it('declines a layout table, which the walk then goes into', () => {
    const { table, context } = setUp(
      '<table><tr><td><div>Menu</div></td><td><p>Welcome</p></td></tr>' +
        '<tr><td>a</td><td>b</td></tr></table>',
    );
    expect(handleTable(context, table)).toBeUndefined();
    expect(context.blocks).toEqual([]);
  });

  it('keeps an index of pages (a link and its description per row) as a table', () => {
    const rows = ['intro', 'api', 'build', 'limits']
      .map((name) => `<tr><td><a href="${name}.html">${name}</a></td><td>About ${name}</td></tr>`)
      .join('');
    const { table, context } = setUp(`<table>${rows}</table>`);
    expect(handleTable(context, table)).toBe(false);
    const block = context.blocks[0];
    expect(block?.kind === 'table' && block.rows.length).toBe(4);
    // A column of links with prose beside it that is no index stays layout.
    const layout = setUp(
      '<table><tr><td><a href="a.html">A</a></td><td>x</td></tr>' +
        '<tr><td>Welcome to our site</td><td>y</td></tr>' +
        '<tr><td><a href="b.html">B</a></td><td>z</td></tr>' +
        '<tr><td><a href="c.html">C</a></td><td>w</td></tr></table>',
    );
    expect(handleTable(layout.context, layout.table)).toBeUndefined();
  });

  it('keeps a timetable: paragraphs in its cells, times heading rows, sessions spanning', () => {
    const { table, context } = setUp(
      '<table><tr><th>Time</th><th>Room A</th><th>Room B</th></tr>' +
        '<tr><th>10:00</th><td><p>Opening</p><p>Main hall</p></td>' +
        '<td rowspan="2"><ul><li>Workshop</li><li>Bring a laptop</li></ul></td></tr>' +
        '<tr><th>11:00</th><td>Talk</td></tr>' +
        '<tr><th>12:00</th><td colspan="2">Lunch</td></tr></table>',
    );
    expect(handleTable(context, table)).toBe(false);
    const block = context.blocks[0];
    expect(block?.kind).toBe('table');
    if (block?.kind !== 'table') return;
    expect(block.head).toHaveLength(1);
    expect(block.rows).toHaveLength(3);
    // Every word of a cell's paragraphs and list is kept, a line apart.
    expect(block.rows[0]![1]).toEqual([
      { text: 'Opening' },
      { text: '', br: true },
      { text: 'Main hall' },
    ]);
    expect(block.rows[0]![2]!.map((run) => run.text).join('|')).toBe('Workshop||Bring a laptop');
    expect(block.cells).toEqual([
      { row: 1, cell: 0, head: true },
      { row: 1, cell: 2, rows: 2 },
      { row: 2, cell: 0, head: true },
      { row: 3, cell: 0, head: true },
      { row: 3, cell: 1, columns: 2 },
    ]);
  });

  it('leaves a layout grid of paragraphs without header cells, or with long cells, to the walk', () => {
    const cells = (text: string) =>
      Array.from({ length: 3 }, () => `<tr><td><p>${text}</p></td><td>b</td><td>c</td></tr>`).join(
        '',
      );
    const plain = setUp(`<table>${cells('Welcome')}</table>`);
    expect(handleTable(plain.context, plain.table)).toBeUndefined();
    const long = setUp(
      `<table><tr><th>A</th><th>B</th><th>C</th></tr>${cells('word '.repeat(60))}</table>`,
    );
    expect(handleTable(long.context, long.table)).toBeUndefined();
    // A span never runs past the table's last row.
    const past = setUp(
      '<table><tr><th>A</th><th>B</th><th>C</th></tr>' +
        '<tr><th>1</th><td rowspan="9"><p>x</p></td><td>y</td></tr>' +
        '<tr><th>2</th><td>z</td></tr></table>',
    );
    expect(handleTable(past.context, past.table)).toBe(false);
    const block = past.context.blocks[0];
    expect(block?.kind === 'table' && block.cells?.find((mark) => mark.rows)?.rows).toBe(2);
  });

  it('declines a data table inside a menu', () => {
    const html = '<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>';
    const inMenu = setUp(html);
    inMenu.context.nav = 1;
    expect(handleTable(inMenu.context, inMenu.table)).toBeUndefined();
    expect(inMenu.context.blocks).toEqual([]);
  });
});
