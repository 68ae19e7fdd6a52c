/**
 * Rows of a layout table when no browser rendered the page (issue 23): where Chromium read a page,
 * the identity probe marks a layout table's row whose cells stood side by side (PROBE_MARKS.row,
 * .col and .rowBox, browser/in-page/identity-probe/rows.ts); an old page without scripts is read as
 * served, so the same marks come here from its markup: the cells' `width` attributes, the pictures'
 * sizes, the table's `width` and the `<center>` or `align` it stands in.
 */
import type { Element, Node, ParentNode } from './dom';
import { collapse, findElement, findElements, getAttr, isElement, textContent } from './dom';
import { isDataTable, tableRows } from './walk/table';
import { PROBE_MARKS } from '../../measure/probe-marks';

/** The content column a table without a width of its own is assumed to share (CSS px). */
const COLUMN_PX = 960;
/** A row at least this wide spans its column: no width of its own. */
const SPANNING_PX = 900;
/** Rough width of a letter of body text (CSS px), for a cell sized by its words. */
const LETTER_PX = 8;
/** A cell holding more words than this, a heading or a table is a page's grid, not a row. */
const MAX_CELL_LETTERS = 1500;

/** Where a row is chrome or a form, not content laid out in columns. */
const OUTSIDE = new Set(['header', 'footer', 'nav', 'form', 'menu']);

/** A picture or control drawn at least 8 × 8 px (by its markup's size, when it gives one). */
function isDrawn(element: Element): boolean {
  if (
    ![
      'img',
      'svg',
      'video',
      'iframe',
      'object',
      'embed',
      'input',
      'select',
      'textarea',
      'button',
    ].includes(element.tagName)
  )
    return false;
  const size = (name: string) => Number.parseInt(getAttr(element, name) ?? '', 10);
  const width = size('width');
  const height = size('height');
  // A spacer GIF: a picture one or two pixels wide or high.
  return !(width < 8) && !(height < 8);
}

const lettersOf = (cell: Element) => collapse(textContent(cell)).length;

function hasContent(cell: Element): boolean {
  return lettersOf(cell) > 0 || findElements(cell, isDrawn).length > 0;
}

/** A `width` attribute in px (`300`, `300px`) or percent (`30%`). */
function toWidth(value: string | undefined): { px?: number; percent?: number } {
  const match = value?.trim().match(/^(\d+(?:\.\d+)?)\s*(%|px)?$/i);
  if (!match) return {};
  const n = Number(match[1]);
  return match[2] === '%' ? { percent: n } : { px: n };
}

/**
 * A cell's width (px) from its markup: its `width`, else the pictures it holds side by side when it
 * has no words, else its longest line of words (capped at `room`).
 */
function toCellPx(cell: Element, tablePx: number, room: number): number {
  const own = toWidth(getAttr(cell, 'width'));
  if (own.px !== undefined) return own.px;
  if (own.percent !== undefined) return (own.percent * tablePx) / 100;
  if (lettersOf(cell) === 0) {
    const widths = findElements(cell, isDrawn).map(
      (element) => Number.parseInt(getAttr(element, 'width') ?? '', 10) || 100,
    );
    return Math.max(16, ...widths);
  }
  const lines = textContent(cell)
    .split(/\n/)
    .map((line) => collapse(line).length);
  return Math.min(room, Math.max(60, Math.max(...lines) * LETTER_PX));
}

/** The nearest alignment the table stands in: its own, a `<center>` or an `align` around it. */
function isCentred(table: Element): boolean {
  for (let node: ParentNode | null = table; node && isElement(node as Node);) {
    const element = node as Element;
    if (element.tagName === 'center') return true;
    const align = getAttr(element, 'align')?.toLowerCase();
    if (align === 'center' || align === 'middle') return true;
    if (align === 'left' || align === 'right' || align === 'justify') return false;
    if (element !== table && ['td', 'th', 'body'].includes(element.tagName)) return false;
    node = element.parentNode;
  }
  return false;
}

function isOutside(element: Element): boolean {
  for (let node: ParentNode | null = element.parentNode; node && isElement(node as Node);) {
    const parent = node as Element;
    if (OUTSIDE.has(parent.tagName) || getAttr(parent, 'role') === 'navigation') return true;
    node = parent.parentNode;
  }
  return false;
}

/**
 * Marks the rows of a page's layout tables (2 to 4 cells that show something, one with words) as
 * the probe would: each column's share, its place, and the row's width and centring when it is
 * narrower than its column. Nothing is marked on a page the probe read (its body carries
 * PROBE_MARKS.align), in data tables, in tables with cells spanning rows (a sliced picture), or in a
 * page's whole grid (a cell holding a heading, a table or very many words).
 */
export function markTableRows(document: Node): void {
  const body = findElement(document, (e) => e.tagName === 'body');
  if (!body || getAttr(body, PROBE_MARKS.align) !== undefined) return;
  for (const table of findElements(body, (e) => e.tagName === 'table')) {
    if (isOutside(table) || isDataTable(table)) continue;
    const rows = tableRows(table);
    if (rows.some((row) => row.some((cell) => Number(getAttr(cell, 'rowspan') ?? '1') > 1)))
      continue;
    const own = toWidth(getAttr(table, 'width'));
    const tablePx = own.px ?? ((own.percent ?? 100) * COLUMN_PX) / 100;
    for (const cells of rows) {
      const columns = cells.filter(hasContent);
      if (columns.length < 2 || columns.length > 4) continue;
      if (!columns.some((cell) => lettersOf(cell) > 0)) continue;
      const isGrid = columns.some(
        (cell) =>
          lettersOf(cell) > MAX_CELL_LETTERS ||
          findElement(cell, (e) => ['table', 'h1', 'h2', 'h3'].includes(e.tagName)) !== undefined,
      );
      if (isGrid) continue;
      // Cells sized by their markup or their pictures; the others share what is left, or, in a
      // table without a width (shrunk to its cells), are as wide as their words.
      const isWordy = (cell: Element) => lettersOf(cell) > 0 && !getAttr(cell, 'width');
      const known = columns
        .filter((cell) => !isWordy(cell))
        .reduce((sum, cell) => sum + toCellPx(cell, tablePx, tablePx), 0);
      const wordy = columns.filter(isWordy).length;
      const room = Math.max(120, (tablePx - known) / Math.max(1, wordy));
      const isSized = own.px !== undefined || own.percent !== undefined;
      const widths = columns.map((cell) =>
        isWordy(cell) && isSized ? room : toCellPx(cell, tablePx, room),
      );
      const used = widths.reduce((sum, width) => sum + width, 0);
      const row = cells[0]!.parentNode as Element;
      row.attrs.push({
        name: PROBE_MARKS.row,
        value: widths.map((width) => ((width / used) * 100).toFixed(1)).join(' '),
      });
      columns.forEach((cell, i) =>
        cell.attrs.push({ name: PROBE_MARKS.col, value: String(i + 1) }),
      );
      // A table sized by its markup, or shrunk to its cells, narrower than the column: kept so.
      const rowPx = own.px ?? (own.percent === undefined ? used : undefined);
      if (rowPx !== undefined && rowPx < SPANNING_PX)
        row.attrs.push({
          name: PROBE_MARKS.rowBox,
          value: `${Math.round(rowPx)}${isCentred(table) ? ' center' : ''}`,
        });
    }
  }
}
