/**
 * Tables: data tables become table blocks; layout tables (the page grids of old sites) are left to
 * the walk, which goes into them like any block container.
 */
import type { Block, InlineRun, TableCell } from '../../../model';
import type { Element, Node } from '../dom';
import { childrenOf, collapse, findElements, getAttr, isElement, textContent, walk } from '../dom';
import { NO_TAB_GROUPS } from '../tab-groups';
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';
import { plainText } from '../../../model';

/** Emits a data table as a table block; leaves a layout table (or one in a form or menu) to the walk. */
export function handleTable(context: WalkContext, element: Element): boolean | undefined {
  if (context.form || context.nav !== 0 || !isDataTable(element)) return undefined;
  flush(context);
  const table = toTable(context, element);
  if (table.rows.length > 0 || table.head.length > 0) {
    if (table.caption) context.textBlocks.push(table.caption);
    for (const row of [...table.head, ...table.rows])
      for (const cell of row) {
        const text = plainText(cell);
        if (text) context.textBlocks.push(text);
      }
    emit(context, table);
  }
  return false;
}

/** Blocks of words a data table's cell may hold (a timetable's session: a title line, a list of talks). */
const TEXT_BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'dl']);
/** Blocks that make a table a page's layout, never data. */
const OTHER_BLOCKS = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'form',
  'img',
  'blockquote',
  'pre',
  'hr',
  'iframe',
  'center',
]);

/** The most words a cell of a headed grid holds (a session's title and a line or two). */
const MAX_GRID_CELL_LETTERS = 240;

/**
 * A grid headed like data whose cells hold short paragraphs or lists (issue 23: a timetable, its
 * times as row headers, a session over two hours spanning two rows): at least three rows and
 * columns, header cells in two rows or a head row, and no cell longer than a few lines. A page's
 * layout table has no header cells and long cells.
 */
function isHeadedGrid(rows: Element[][], columns: number): boolean {
  if (rows.length < 3 || columns < 3) return false;
  const headed = rows.filter((row) => row.some((cell) => cell.tagName === 'th')).length;
  const headRow = rows[0]!.length > 1 && rows[0]!.every((cell) => cell.tagName === 'th');
  if (headed < 2 && !headRow) return false;
  return rows.every((row) =>
    row.every((cell) => collapse(textContent(cell)).length <= MAX_GRID_CELL_LETTERS),
  );
}

/**
 * Old sites lay pages out with tables. A table is data when it has header cells or a caption, or a
 * regular grid of short cells with a border; and never when it nests tables or holds block content.
 */
export function isDataTable(table: Element): boolean {
  if (getAttr(table, 'role') === 'presentation' || getAttr(table, 'role') === 'none') return false;
  const rows = tableRows(table);
  let nested = false;
  let blocky = false;
  let texty = false;
  walk(table, (node) => {
    if (node === table) return true;
    if (!isElement(node)) return false;
    if (node.tagName === 'table') nested = true;
    if (TEXT_BLOCKS.has(node.tagName)) texty = true;
    else if (OTHER_BLOCKS.has(node.tagName)) blocky = true;
    return !nested;
  });
  if (nested || blocky) return false;
  const counts = rows.map(
    (row) => row.filter((cell) => cell.tagName === 'td' || cell.tagName === 'th').length,
  );
  const columns = Math.max(0, ...counts);
  if (rows.length < 2 || columns < 2) return false;
  if (texty) return isHeadedGrid(rows, columns);
  const hasHeader =
    rows.some((row) => row.some((cell) => cell.tagName === 'th')) ||
    findElements(table, (e) => e.tagName === 'caption' || e.tagName === 'thead').length > 0;
  if (hasHeader) return true;
  if (isLinkIndex(rows)) return true;
  const border = Number.parseInt(getAttr(table, 'border') ?? '0', 10);
  const cells = rows.flat();
  const long = cells.filter((cell) => collapse(textContent(cell)).length > 120).length;
  return border > 0 && long === 0;
}

/**
 * An index of pages (issue 23): rows of one short link and a short description beside it (a
 * documentation's list of pages or functions). It stays a compact table, not a column of links.
 */
function isLinkIndex(rows: Element[][]): boolean {
  if (rows.length < 4) return false;
  const width = rows[0]!.length;
  if (width < 2 || width > 3 || rows.some((row) => row.length !== width)) return false;
  return rows.every((row) => {
    const first = row[0]!;
    const links = findElements(first, (e) => e.tagName === 'a' && getAttr(e, 'href') !== undefined);
    const label = collapse(textContent(first));
    return (
      links.length === 1 &&
      label.length > 0 &&
      label.length <= 60 &&
      collapse(textContent(links[0]!)) === label &&
      row.slice(1).every((cell) => collapse(textContent(cell)).length <= 160)
    );
  });
}

/** A table's own rows (not those of tables inside it), each as its cells. */
export function tableRows(table: Element): Element[][] {
  const rows: Element[][] = [];
  const stack: Node[] = [...childrenOf(table)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (node.tagName === 'tr')
      rows.push(
        childrenOf(node).filter(
          (c): c is Element => isElement(c) && (c.tagName === 'td' || c.tagName === 'th'),
        ),
      );
    else if (['thead', 'tbody', 'tfoot'].includes(node.tagName))
      stack.push(...[...childrenOf(node)].reverse());
  }
  return rows;
}

/** The table block of a data table: each cell's content walked on its own into inline runs. */
export function toTable(context: WalkContext, table: Element): Extract<Block, { kind: 'table' }> {
  const head: InlineRun[][][] = [];
  const rows: InlineRun[][][] = [];
  const marks: TableCell[] = [];
  const rowElements = tableRows(table);
  const headRows = rowElements[0]?.every((cell) => cell.tagName === 'th') ? 1 : 0;
  rowElements.forEach((row, index) => {
    row.forEach((cell, at) => {
      const mark = toCellMark(cell, index, at, rowElements.length - index, index >= headRows);
      if (mark) marks.push(mark);
    });
    const cells = row.map((cell) => {
      const result = context.walkSubtree(cell, new Map(), NO_TAB_GROUPS);
      const runs: InlineRun[] = [];
      for (const block of result.blocks) {
        const inlines =
          block.kind === 'paragraph' || block.kind === 'heading'
            ? block.inlines
            : block.kind === 'list'
              ? block.items.flatMap((item, i) => (i > 0 ? [{ text: '', br: true }, ...item] : item))
              : [];
        if (runs.length > 0 && inlines.length > 0) runs.push({ text: '', br: true });
        runs.push(...inlines);
      }
      return runs;
    });
    if (index < headRows) head.push(cells);
    else rows.push(cells);
  });
  const captionElement = findElements(table, (e) => e.tagName === 'caption')[0];
  const caption = captionElement ? collapse(textContent(captionElement)) : '';
  const block: Extract<Block, { kind: 'table' }> = { kind: 'table', head, rows };
  if (caption) block.caption = caption;
  if (marks.length > 0) block.cells = marks;
  return block;
}

/** The most rows and columns a cell may span (HTML's own limits are far higher; no table needs them). */
const MAX_ROW_SPAN = 100;
const MAX_COLUMN_SPAN = 50;

/** A span from an attribute: a whole number from 2 to `most`, else undefined (1 or unreadable). */
function toSpan(value: string | undefined, most: number): number | undefined {
  const span = Number.parseInt(value ?? '', 10);
  return Number.isFinite(span) && span > 1 ? Math.min(span, most) : undefined;
}

/**
 * What a cell is beyond a plain data cell: its spans (rows no further than the table goes) and,
 * in the body, a header cell heading its row. Undefined for a plain cell.
 */
function toCellMark(
  cell: Element,
  row: number,
  at: number,
  rowsLeft: number,
  inBody: boolean,
): TableCell | undefined {
  const rows = toSpan(getAttr(cell, 'rowspan'), Math.min(MAX_ROW_SPAN, rowsLeft));
  const columns = toSpan(getAttr(cell, 'colspan'), MAX_COLUMN_SPAN);
  const head = inBody && cell.tagName === 'th';
  if (!rows && !columns && !head) return undefined;
  return {
    row,
    cell: at,
    ...(rows ? { rows } : {}),
    ...(columns ? { columns } : {}),
    ...(head ? { head: true as const } : {}),
  };
}
