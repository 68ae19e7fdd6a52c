/**
 * Repeated items keep their kind (issue 23): a dated list (posts, news) stays a list with its dates
 * aligned, a price list becomes names beside their prices, a long list of short links (a table of
 * contents) stays compact. Read from what the items say (a date, a currency amount, link words),
 * never from class names: the date and price patterns cover several formats and languages.
 */
import type { Block, InlineRun, Section } from '../../model';
import { plainText } from '../../model';

type ListBlock = Extract<Block, { kind: 'list' }>;
type TableBlock = Extract<Block, { kind: 'table' }>;

/** Languages whose month names (long and short, from `Intl`) a written-out date may use. */
const MONTH_LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'cs',
  'tr',
  'id',
  'ru',
];

function toMonthNames(): string[] {
  const names = new Set<string>();
  for (const language of MONTH_LANGUAGES)
    for (const month of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(language, { month, timeZone: 'UTC' });
      for (let m = 0; m < 12; m++)
        names.add(
          format
            .format(new Date(Date.UTC(2001, m, 15)))
            .replace(/\.$/, '')
            .toLowerCase(),
        );
    }
  // Longest first, so that "June" is tried before "Jun".
  return [...names]
    .filter((name) => /^\p{L}+$/u.test(name))
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

const MONTH = `(?:${toMonthNames().join('|')})\\.?`;
const DAY = '\\d{1,2}';
const YEAR = '\\d{4}';
/** A full date: numeric (2014-05-01, 01.05.2014, 1/5/14), CJK (2014年5月1日) or with a month word. */
const DATE = [
  `${YEAR}[-/.]${DAY}[-/.]${DAY}`,
  `${DAY}[-/.]${DAY}[-/.](?:${YEAR}|\\d{2})`,
  `${YEAR}\\s*年\\s*${DAY}\\s*月(?:\\s*${DAY}\\s*日)?`,
  `${YEAR}\\s*년\\s*${DAY}\\s*월(?:\\s*${DAY}\\s*일)?`,
  `${DAY}(?:st|nd|rd|th|\\.|er|º)?\\s+(?:de\\s+)?${MONTH},?\\s+(?:de\\s+)?${YEAR}`,
  `${MONTH}\\s+${DAY}(?:st|nd|rd|th)?,?\\s+${YEAR}`,
].join('|');
/** A date, with the marks that tie it to what follows ("2014-05-01 –", "[May 1, 2014]"). */
const DATE_FIRST = new RegExp(`^[[(]?(?:${DATE})[\\])]?(?:\\s*[\\p{P}\\p{S}]+)?(?=\\s|$)`, 'iu');
const DATE_LAST = new RegExp(`(?<=^|\\s)[\\p{P}\\p{S}]*[[(]?(?:${DATE})[\\])]?\\.?$`, 'iu');

/** Where a text's date stands: at its start or at its end, and the date's characters. */
export function findDate(text: string): { at: 'start' | 'end'; date: string } | undefined {
  const trimmed = text.trim();
  const first = DATE_FIRST.exec(trimmed)?.[0];
  if (first) return { at: 'start', date: first };
  const last = DATE_LAST.exec(trimmed)?.[0];
  if (last) return { at: 'end', date: last };
  return undefined;
}

const CURRENCY =
  '(?:NT\\$|HK\\$|US\\$|A\\$|C\\$|R\\$|S\\$|[€$£¥₩₹₽₺元円]|EUR|USD|GBP|CHF|JPY|CNY|RMB|TWD|HKD|NTD|SEK|NOK|DKK|PLN|CZK|Kč|zł|kr)';
const AMOUNT =
  "\\d{1,3}(?:[.,'\\u00a0\\u202f ]\\d{3})*(?:[.,](?:\\d{1,2}|-|–))?|\\d+(?:[.,](?:\\d{1,2}|-|–))?";
/** A currency amount ending a text, with a short qualifier after it ("4,050元(一~四)", "$20 each"). */
const PRICE_LAST = new RegExp(
  `(?<=^|[\\s:：·|/-])(?:${CURRENCY}\\s?(?:${AMOUNT})|(?:${AMOUNT})\\s?${CURRENCY}|\\d+[.,]\\d{2})` +
    `(?:\\s*[(（][^()（）]{1,12}[)）])?\\.?$`,
  'iu',
);

/** The price ending a text (its characters), when it ends with one. */
export function findPrice(text: string): string | undefined {
  return PRICE_LAST.exec(text.trim())?.[0];
}

/**
 * Splits runs at a character offset of their text: the runs before it and after it (a run that
 * straddles it becomes two, each keeping its link and marks).
 */
function splitRuns(runs: InlineRun[], offset: number): [InlineRun[], InlineRun[]] {
  const before: InlineRun[] = [];
  const after: InlineRun[] = [];
  let at = 0;
  for (const run of runs) {
    const end = at + run.text.length;
    if (end <= offset) before.push(run);
    else if (at >= offset) after.push(run);
    else {
      before.push({ ...run, text: run.text.slice(0, offset - at) });
      after.push({ ...run, text: run.text.slice(offset - at) });
    }
    at = end;
  }
  return [before, after];
}

/** The runs with leading (or trailing) white space taken off their text; empty text runs dropped. */
function trimRuns(runs: InlineRun[], side: 'start' | 'end'): InlineRun[] {
  const out = runs.map((run) => ({ ...run }));
  const order = side === 'start' ? out : [...out].reverse();
  for (const run of order) {
    if (run.icon || run.br) break;
    run.text = side === 'start' ? run.text.trimStart() : run.text.trimEnd();
    if (run.text) break;
  }
  return out.filter((run) => run.text || run.icon || run.br);
}

/** One run holding the given runs' text (the date or price cell), keeping the first one's link. */
function toOneRun(runs: InlineRun[]): InlineRun {
  const first = runs.find((run) => run.text.trim()) ?? runs[0]!;
  const run: InlineRun = {
    text: runs
      .map((r) => r.text)
      .join('')
      .trim(),
  };
  if (first.href && runs.every((r) => !r.text.trim() || r.href === first.href))
    run.href = first.href;
  if (runs.every((r) => !r.text.trim() || r.strong)) run.strong = true;
  return run;
}

/** An item's runs as [date, rest] (`start`) or [rest, date] (`end`), the date one run. */
function toDatedItem(runs: InlineRun[], at: 'start' | 'end'): InlineRun[] | undefined {
  if (runs.some((run) => run.icon || run.button)) return undefined;
  const text = runs.map((run) => run.text).join('');
  const found = findDate(text);
  if (found?.at !== at) return undefined;
  const lead = text.length - text.trimStart().length;
  const cut = at === 'start' ? lead + found.date.length : text.trimEnd().length - found.date.length;
  const [before, after] = splitRuns(runs, cut);
  const date = at === 'start' ? before : after;
  const rest = trimRuns(trimRuns(at === 'start' ? after : before, 'start'), 'end');
  if (!plainText(rest).trim()) return undefined;
  return at === 'start' ? [toOneRun(date), ...rest] : [...rest, toOneRun(date)];
}

/** An item's runs as [name..., price], the price one run; undefined without a price at its end. */
function toPricedItem(runs: InlineRun[]): InlineRun[] | undefined {
  if (runs.some((run) => run.icon || run.button)) return undefined;
  const text = runs.map((run) => run.text).join('');
  const price = findPrice(text);
  if (!price) return undefined;
  const [before, after] = splitRuns(runs, text.trimEnd().length - price.length);
  const name = trimRuns(trimRuns(before, 'start'), 'end');
  if (!plainText(name).trim() || plainText(name).length > 300) return undefined;
  return [...name, toOneRun(after)];
}

/** Whether an item is one short link (a table of contents' row, an index entry). */
function isLinkItem(runs: InlineRun[]): boolean {
  const text = plainText(runs).trim();
  if (!text || text.length > 90) return false;
  const linked = runs.filter((run) => run.href).reduce((n, run) => n + run.text.trim().length, 0);
  return linked >= text.replace(/\s+/g, ' ').length * 0.6;
}

/** Fewest items of a table of contents kept compact (fewer read well as they are). */
const MIN_LINK_ITEMS = 12;

/** A list with its kind read from its items: dated, priced or a long list of links. */
export function toListKind(block: ListBlock): ListBlock {
  if (block.inline || block.breadcrumb || block.dated || block.priced || block.compact)
    return block;
  const items = block.items;
  if (items.length >= 3) {
    const first = findDate(plainText(items[0]!));
    if (first) {
      const dated = items.map((item) => toDatedItem(item, first.at));
      if (dated.every((item) => item !== undefined))
        return { ...block, items: dated, dated: first.at };
    }
  }
  if (items.length >= 2) {
    const priced = items.map(toPricedItem);
    if (priced.every((item) => item !== undefined))
      return { ...block, items: priced, priced: true };
  }
  if (items.length >= MIN_LINK_ITEMS && items.every(isLinkItem)) return { ...block, compact: true };
  return block;
}

/**
 * A table whose last column holds a price in every row (item, description, price) becomes a price
 * list: the name, the description under it (a line of its own), the price.
 */
export function toPriceList(block: TableBlock): ListBlock | undefined {
  const rows = block.rows.filter((row) => row.some((cell) => plainText(cell).trim()));
  // A cell over two rows or columns belongs to a grid (a timetable), never a price list's line.
  if (block.cells?.some((mark) => mark.rows || mark.columns)) return undefined;
  if (rows.length < 2 || block.head.length > 1) return undefined;
  const width = rows[0]!.length;
  if (width < 2 || width > 3 || rows.some((row) => row.length !== width)) return undefined;
  const items: InlineRun[][] = [];
  for (const row of rows) {
    const priceCell = row[width - 1]!;
    if (findPrice(plainText(priceCell)) !== plainText(priceCell).trim()) return undefined;
    const name = trimRuns(trimRuns(row[0]!, 'start'), 'end');
    if (!plainText(name).trim()) return undefined;
    const description = width === 3 ? trimRuns(trimRuns(row[1]!, 'start'), 'end') : [];
    items.push([
      ...name,
      ...(description.length > 0 ? [{ text: '', br: true }, ...description] : []),
      toOneRun(priceCell),
    ]);
  }
  return { kind: 'list', ordered: false, items, priced: true };
}

/** A paragraph that is only a date (or a short line that starts or ends with one: "Posted May 1, 2014"). */
function isDateLine(block: Block | undefined): block is Extract<Block, { kind: 'paragraph' }> {
  if (block?.kind !== 'paragraph') return false;
  const text = plainText(block.inlines).trim();
  return text.length <= 48 && findDate(text) !== undefined;
}

/** A short paragraph under a dated entry's title (one line of summary). */
function isShortLine(block: Block | undefined): block is Extract<Block, { kind: 'paragraph' }> {
  return block?.kind === 'paragraph' && plainText(block.inlines).trim().length <= 200;
}

/**
 * One dated entry at `index`: a heading with a date line right before or after it and at most one
 * short line; its list item ([date, title, line]) and the index after it.
 */
function readEntry(
  blocks: Block[],
  index: number,
  level: number,
): { item: InlineRun[]; next: number } | undefined {
  let at = index;
  let date: Block | undefined;
  if (isDateLine(blocks[at]) && blocks[at + 1]?.kind === 'heading') date = blocks[at++];
  const heading = blocks[at];
  if (heading?.kind !== 'heading' || heading.level !== level) return undefined;
  at++;
  if (!date && isDateLine(blocks[at])) date = blocks[at++];
  if (date?.kind !== 'paragraph') return undefined;
  const title = heading.inlines.map((run) => (run.href ? run : { ...run, strong: true }));
  const item: InlineRun[] = [toOneRun(date.inlines), ...title];
  if (isShortLine(blocks[at]) && !isDateLine(blocks[at]) && blocks[at + 1]?.kind !== 'paragraph') {
    const line = blocks[at] as Extract<Block, { kind: 'paragraph' }>;
    item.push({ text: '', br: true }, ...line.inlines);
    at++;
  }
  return { item, next: at };
}

/**
 * Runs of three or more dated entries (a heading with its date and maybe one line) in a section's
 * blocks become one dated list: posts listed by date stay a list, not a grid of cards.
 */
export function toDatedBlocks(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length;) {
    const block = blocks[i]!;
    const level = (isDateLine(block) ? blocks[i + 1] : block) as Block | undefined;
    const items: InlineRun[][] = [];
    let next = i;
    if (level?.kind === 'heading')
      for (let entry = readEntry(blocks, next, level.level); entry;) {
        items.push(entry.item);
        next = entry.next;
        entry = readEntry(blocks, next, level.level);
      }
    if (items.length >= 3) {
      out.push({ kind: 'list', ordered: false, items, dated: 'start' });
      i = next;
    } else {
      out.push(block);
      i++;
    }
  }
  return out;
}

/**
 * Sibling sections that are each one dated entry (a post's title as their heading, its date under
 * it), three or more in a row, become one section holding a dated list.
 */
export function toDatedSections(sections: Section[]): Section[] {
  const isEntry = (section: Section): boolean =>
    !!section.heading &&
    section.heading.level >= 2 &&
    !section.heading.visuallyHidden &&
    !section.collapsed &&
    readEntry(
      [
        { kind: 'heading', level: section.heading.level, inlines: section.heading.inlines },
        ...section.blocks,
      ],
      0,
      section.heading.level,
    )?.next ===
      section.blocks.length + 1;
  const out: Section[] = [];
  for (let i = 0; i < sections.length;) {
    let j = i;
    const level = sections[i]!.heading?.level;
    while (j < sections.length && sections[j]!.heading?.level === level && isEntry(sections[j]!))
      j++;
    if (j - i >= 3) {
      const blocks = sections
        .slice(i, j)
        .flatMap((section): Block[] => [
          { kind: 'heading', level: section.heading!.level, inlines: section.heading!.inlines },
          ...section.blocks,
        ]);
      out.push({ id: `${sections[i]!.id}-list`, blocks: toDatedBlocks(blocks) });
      i = j;
    } else {
      out.push(sections[i]!);
      i++;
    }
  }
  return out;
}

/** Gives every list of a section its kind, and a price table the shape of a price list. */
export function toBlockKinds(blocks: Block[]): Block[] {
  return toDatedBlocks(blocks).map((block) => {
    if (block.kind === 'list') return toListKind(block);
    if (block.kind === 'table') return toPriceList(block) ?? block;
    return block;
  });
}
