/**
 * Tables: data tables become table blocks; layout tables (the page grids of old sites) are left to
 * the walk, which goes into them like any block container.
 */
import type { Block, InlineRun } from '../../../model';
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

/**
 * Old sites lay pages out with tables. A table is data when it has header cells or a caption, or a
 * regular grid of short cells with a border; and never when it nests tables or holds block content.
 */
export function isDataTable(table: Element): boolean {
  if (getAttr(table, 'role') === 'presentation' || getAttr(table, 'role') === 'none') return false;
  const rows = tableRows(table);
  let nested = false;
  let blocky = false;
  walk(table, (node) => {
    if (node === table) return true;
    if (!isElement(node)) return false;
    if (node.tagName === 'table') nested = true;
    if (
      [
        'p',
        'div',
        'ul',
        'ol',
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
      ].includes(node.tagName)
    )
      blocky = true;
    return !nested;
  });
  if (nested || blocky) return false;
  const counts = rows.map(
    (row) => row.filter((cell) => cell.tagName === 'td' || cell.tagName === 'th').length,
  );
  const columns = Math.max(0, ...counts);
  if (rows.length < 2 || columns < 2) return false;
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
  const rowElements = tableRows(table);
  rowElements.forEach((row, index) => {
    const cells = row.map((cell) => {
      const result = context.walkSubtree(cell, new Map(), NO_TAB_GROUPS);
      const runs: InlineRun[] = [];
      for (const block of result.blocks) {
        const inlines =
          block.kind === 'paragraph' || block.kind === 'heading'
            ? block.inlines
            : block.kind === 'list'
              ? block.items.flat()
              : [];
        if (runs.length > 0 && inlines.length > 0) runs.push({ text: '', br: true });
        runs.push(...inlines);
      }
      return runs;
    });
    const isHeadRow = row.length > 0 && row.every((cell) => cell.tagName === 'th') && index === 0;
    if (isHeadRow) head.push(cells);
    else rows.push(cells);
  });
  const captionElement = findElements(table, (e) => e.tagName === 'caption')[0];
  const caption = captionElement ? collapse(textContent(captionElement)) : '';
  const block: Extract<Block, { kind: 'table' }> = { kind: 'table', head, rows };
  if (caption) block.caption = caption;
  return block;
}
