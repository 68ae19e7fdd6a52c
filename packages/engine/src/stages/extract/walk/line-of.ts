/** The line a picture or some words sit in: what the original drew side by side (issue 23). */
import type { Element } from '../dom';
import { isElement } from '../dom';

/**
 * The line an element sits in (`lineOf`): its table row and cell when it sits in a cell, and the
 * innermost block holding it there.
 */
export interface Line {
  row: Element;
  cell: Element | undefined;
  block: Element;
}

const ROW_TAGS = new Set([
  'p',
  'div',
  'li',
  'dd',
  'dt',
  'center',
  'blockquote',
  'figure',
  'section',
  'article',
  'main',
  'aside',
  'header',
  'footer',
  'body',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/**
 * The line of what `holder` holds (a picture's parent, the element around some words): in a table
 * cell, the cell's row (the cells of a row are side by side), the cell and the innermost block in
 * it (a `<p>` in a cell, else the cell); elsewhere its innermost block.
 */
export function lineOf(holder: Element): Line {
  let block: Element | undefined;
  for (let node: Element['parentNode'] = holder; node && isElement(node); node = node.parentNode) {
    if (node.tagName === 'td' || node.tagName === 'th') {
      const row = node.parentNode;
      return {
        row: row && isElement(row) && row.tagName === 'tr' ? row : node,
        cell: node,
        block: block ?? node,
      };
    }
    if (block === undefined && ROW_TAGS.has(node.tagName)) {
      block = node;
      // A block outside any table: its own line.
      if (!isInCell(node)) return { row: node, cell: undefined, block: node };
    }
  }
  return { row: block ?? holder, cell: undefined, block: block ?? holder };
}

function isInCell(element: Element): boolean {
  for (let node = element.parentNode; node && isElement(node); node = node.parentNode)
    if (node.tagName === 'td' || node.tagName === 'th') return true;
  return false;
}

/**
 * Two elements side by side on one line: in two cells of one table row, or in the same block of
 * one cell (or outside tables, the same block).
 */
export function isSameLine(a: Line, b: Line): boolean {
  return a.row === b.row && (a.cell !== b.cell || a.block === b.block);
}
