/**
 * Rows as the page lays them out: blocks whose children stand side by side as columns, and lists
 * shown in one line.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, rectOf, style, text } from './dom';
import { body, H, W } from './view';

const COLUMN_TAGS = new Set(['DIV', 'SECTION', 'ARTICLE', 'ASIDE', 'FIGURE']);

/** A title's tags: in a row pushed to its two ends, the title at the start may be one of these. */
const TITLE_TAGS = new Set([
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'P',
  'A',
  'SPAN',
  'STRONG',
  'TIME',
]);

/** The most characters a label at a row's far end (a date, a type, "See all") holds. */
const LABEL_CHARS = 60;

/**
 * A row pushed to its two ends (a card's head: its title at the start, a short date or label at
 * the far end, `justify-content: space-between`): two columns, the first touching the row's start
 * edge and holding words, the second touching its end edge and holding a short label, narrower
 * than half the row. Either may be a title's tag (a heading), not only a block's; the space
 * between them need not be filled.
 */
function isEndsRow(row: Element, boxes: DOMRect[], cells: Element[], isRtl: boolean): boolean {
  if (cells.length !== 2) return false;
  const [start, end] = cells as [Element, Element];
  const [a, b] = boxes as [DOMRect, DOMRect];
  const s = style(row);
  const r = rectOf(row);
  const inStart = isRtl
    ? r.right - parseFloat(s.paddingRight) - parseFloat(s.borderRightWidth)
    : r.left + parseFloat(s.paddingLeft) + parseFloat(s.borderLeftWidth);
  const inEnd = isRtl
    ? r.left + parseFloat(s.paddingLeft) + parseFloat(s.borderLeftWidth)
    : r.right - parseFloat(s.paddingRight) - parseFloat(s.borderRightWidth);
  const atStart = Math.abs((isRtl ? a.right : a.left) - inStart) <= 4;
  const atEnd = Math.abs((isRtl ? b.left : b.right) - inEnd) <= 4;
  const label = text(end);
  return (
    atStart &&
    atEnd &&
    text(start).length > 0 &&
    label.length > 0 &&
    label.length <= LABEL_CHARS &&
    b.width < r.width * 0.5 &&
    [start, end].every((cell) => COLUMN_TAGS.has(cell.tagName) || TITLE_TAGS.has(cell.tagName))
  );
}

/**
 * Layout rows: a block whose shown children stand side by side as columns (a picture beside its
 * text, a map beside the contact details), not repeated cards (those are items) nor a sidebar (the
 * aside). Marked PROBE_MARKS.row with each column's share of the row in percent, its columns
 * PROBE_MARKS.col. Rows taller than one and a half screens (a page's whole layout) are left to the
 * aside, unless their columns are parts found alike (PROBE_MARKS.columns): lists side by side, each
 * under its heading, too long to be cards.
 */
export function markRows(): void {
  // Inside cards side by side a row is a card's own; parts stacked one per row (a page's
  // sections found alike) may each hold one.
  const inCards = `[${PROBE_MARKS.columns}]:not([${PROBE_MARKS.columns}="1"])`;
  const chrome = [
    'header',
    'footer',
    'nav',
    'form',
    ...[PROBE_MARKS.menu, PROBE_MARKS.aside, PROBE_MARKS.dialog, PROBE_MARKS.splash].map(
      markSelector,
    ),
  ].join(', ');
  const outside = `${chrome}, ${inCards}`;
  markTableRows(outside);
  for (const row of [...body.querySelectorAll('div, section, article, main')].slice(0, 4000)) {
    // A row of parts found alike is a row too (extract takes cards as items first; columns too
    // long to be cards, a list of names each under its heading, stay side by side as columns).
    if (
      row.querySelector(markSelector(PROBE_MARKS.aside)) ||
      row.closest(chrome) ||
      row.parentElement?.closest(inCards) ||
      !isShown(row)
    )
      continue;
    const r = rectOf(row);
    // A row of parts found alike side by side is no page's whole layout, however tall its columns.
    const isAlike = Number(row.getAttribute(PROBE_MARKS.columns)) >= 2;
    if (r.width < W * 0.4 || (r.height > H * 1.5 && !isAlike)) continue;
    // An empty child that draws nothing (a script's mount point between two floats) is no column.
    const columns = [...row.children].filter(
      (child) =>
        style(child).display !== 'none' &&
        style(child).position !== 'absolute' &&
        (rectOf(child).height > 0 || child.children.length > 0 || text(child).length > 0),
    );
    if (columns.length < 2 || columns.length > 4) continue;
    // In the order the eye reads them: from the row's start edge (floats may swap the markup's
    // order: a text floated right before a picture floated left).
    const isRtl = style(row).direction === 'rtl';
    const visual = columns
      .map((child) => ({ child, box: rectOf(child) }))
      .sort((a, b) => (isRtl ? b.box.right - a.box.right : a.box.left - b.box.left));
    const boxes = visual.map(({ box }) => box);
    const ok = boxes.every(
      (b, i) =>
        b.width >= Math.max(40, r.width * 0.05) &&
        (i === 0 ||
          ((isRtl ? b.right <= boxes[i - 1]!.left + 2 : b.left >= boxes[i - 1]!.right - 2) &&
            Math.abs(b.top - boxes[0]!.top) <= 24)),
    );
    if (!ok) continue;
    const used = boxes.reduce((sum, b) => sum + b.width, 0);
    const cells = visual.map(({ child }) => child);
    const isEnds = isEndsRow(row, boxes, cells, isRtl);
    if (!isEnds && !columns.every((child) => COLUMN_TAGS.has(child.tagName))) continue;
    if (!isEnds && used < r.width * 0.8) continue;
    if (columns.filter((child) => text(child).length > 0).length < 1) continue;
    // A row pushed to its ends gives the space between to its title: the label keeps its width.
    const shares = isEnds
      ? [r.width - boxes[1]!.width, boxes[1]!.width].map((w) => (w / r.width) * 100)
      : boxes.map((b) => (b.width / used) * 100);
    row.setAttribute(PROBE_MARKS.row, shares.map((share) => share.toFixed(1)).join(' '));
    // Each column's place in that order (1 = the start edge's).
    visual.forEach(({ child }, i) => child.setAttribute(PROBE_MARKS.col, String(i + 1)));
  }
}

/** Shown pictures, frames and controls a cell can hold: a spacer GIF is none. */
const DRAWN = 'img, svg, video, iframe, canvas, object, embed, input, select, textarea, button';

/** A cell that shows something: words, or a picture or control of at least 8 × 8 px. */
function hasContent(cell: Element): boolean {
  if (text(cell).length > 0) return true;
  return [...cell.querySelectorAll(DRAWN)].some((e) => {
    const r = rectOf(e);
    return r.width >= 8 && r.height >= 8;
  });
}

/**
 * Rows of a layout table (issue 23): an old page's `<tr>` whose cells stand side by side as columns
 * (a button, a picture and its label; a picture beside its text), marked as a block's row is; the
 * walk keeps data tables as tables before it reaches their rows. Empty cells (spacer GIFs) are no
 * columns. A row narrower than the block its table stands in is also marked PROBE_MARKS.rowBox (its
 * width, and `center` when its table stood centred there), so that a small centred table stays small
 * and centred. Tables with cells spanning rows (a sliced picture) and rows taller than one and a half
 * screens (a page's whole grid, left to the aside) are left alone.
 */
function markTableRows(outside: string): void {
  for (const row of [...body.querySelectorAll('tr')].slice(0, 2000)) {
    const table = row.closest('table');
    if (
      !table ||
      row.hasAttribute(PROBE_MARKS.columns) ||
      row.closest(outside) ||
      row.querySelector(markSelector(PROBE_MARKS.aside)) ||
      !isShown(row)
    )
      continue;
    if ([...table.rows].some((each) => [...each.cells].some((cell) => cell.rowSpan > 1))) continue;
    const r = rectOf(row);
    if (r.height > H * 1.5 || r.width < 120) continue;
    const columns = [...row.children].filter(
      (cell) =>
        (cell.tagName === 'TD' || cell.tagName === 'TH') &&
        style(cell).display !== 'none' &&
        hasContent(cell),
    );
    if (columns.length < 2 || columns.length > 4) continue;
    if (!columns.some((cell) => text(cell).length > 0)) continue;
    const isRtl = style(row).direction === 'rtl';
    const visual = columns
      .map((child) => ({ child, box: rectOf(child) }))
      .sort((a, b) => (isRtl ? b.box.right - a.box.right : a.box.left - b.box.left));
    const boxes = visual.map(({ box }) => box);
    // Cells a stylesheet stacks (a responsive table's `display: block`) are no columns.
    const beside = boxes.every(
      (b, i) =>
        b.width > 0 &&
        (i === 0 ||
          ((isRtl ? b.right <= boxes[i - 1]!.left + 2 : b.left >= boxes[i - 1]!.right - 2) &&
            Math.abs(b.top - boxes[0]!.top) <= 24)),
    );
    if (!beside) continue;
    const used = boxes.reduce((sum, b) => sum + b.width, 0);
    row.setAttribute(
      PROBE_MARKS.row,
      boxes.map((b) => ((b.width / used) * 100).toFixed(1)).join(' '),
    );
    visual.forEach(({ child }, i) => child.setAttribute(PROBE_MARKS.col, String(i + 1)));
    const box = toRowBox(table, r);
    if (box) row.setAttribute(PROBE_MARKS.rowBox, box);
  }
}

/**
 * A table row's width when it is under nine tenths of the block its table stands in (that block's
 * content box), with `center` when the table's gaps on either side are equal; else undefined.
 */
function toRowBox(table: Element, row: DOMRect): string | undefined {
  const parent = table.parentElement;
  if (!parent) return undefined;
  const s = style(parent);
  const p = rectOf(parent);
  const left = p.left + parseFloat(s.paddingLeft) + parseFloat(s.borderLeftWidth);
  const right = p.right - parseFloat(s.paddingRight) - parseFloat(s.borderRightWidth);
  if (right - left <= 0 || row.width >= (right - left) * 0.9) return undefined;
  const t = rectOf(table);
  const gapStart = t.left - left;
  const gapEnd = right - t.right;
  const centred = gapStart > 8 && Math.abs(gapStart - gapEnd) <= 4;
  return `${Math.round(row.width)}${centred ? ' center' : ''}`;
}

/**
 * Lists laid out in a row (a pager, page numbers, social icons): marked PROBE_MARKS.inline, so that
 * the rebuild keeps them on one line rather than as a bulleted column.
 */
export function markInlineLists(): void {
  for (const list of [...body.querySelectorAll('ul, ol')].slice(0, 2000)) {
    // (Its own box may be empty: floated items do not give a list height.)
    if (list.closest(`${markSelector(PROBE_MARKS.menu)}, nav`) || style(list).display === 'none')
      continue;
    // An item whose link floats (Bootstrap's pagination) has an empty box of its own: its link's counts.
    const boxOf = (li: Element): DOMRect =>
      rectOf(li).width > 0 || !li.firstElementChild ? rectOf(li) : rectOf(li.firstElementChild);
    const items = [...list.children].filter(
      (li) => li.tagName === 'LI' && style(li).display !== 'none' && boxOf(li).width > 0,
    );
    if (items.length < 2) continue;
    const boxes = items.map(boxOf);
    const first = boxes[0]!;
    const beside = boxes.filter(
      (b) => Math.abs(b.top - first.top) <= 4 && (b === first || b.left >= first.right - 1),
    ).length;
    if (beside >= 2) list.setAttribute(PROBE_MARKS.inline, '');
  }
}

/**
 * Rows of separate buttons (a list's filter pills): a block whose shown children are only buttons,
 * two or more of them side by side on its first line. Marked PROBE_MARKS.inline like a list shown
 * in a row, so that the rebuild keeps them separate items in a row, not one paragraph of labels.
 */
export function markButtonRows(): void {
  const isButton = (e: Element): boolean =>
    e.tagName === 'BUTTON' || e.getAttribute('role') === 'button';
  for (const row of [...body.querySelectorAll('div, nav, p, section, span')].slice(0, 4000)) {
    if (row.closest('form') || !isShown(row)) continue;
    const shown = [...row.children].filter(
      (child) => style(child).display !== 'none' && child.tagName !== 'SCRIPT',
    );
    if (shown.length < 2 || !shown.every(isButton)) continue;
    // Words of its own between the buttons (a sentence with a button in it): no row of buttons.
    if ([...row.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && text(n).length > 0))
      continue;
    const boxes = shown.map(rectOf).filter((b) => b.width > 0);
    const first = boxes[0];
    if (!first) continue;
    const beside = boxes.filter(
      (b) => Math.abs(b.top - first.top) <= 4 && (b === first || b.left >= first.right - 1),
    ).length;
    if (beside >= 2) row.setAttribute(PROBE_MARKS.inline, '');
  }
}
