import type { SiteliftReport } from '@sitelift/shared/schemas/report';

type NotCarried = SiteliftReport['not_carried'][number];

/** What the rebuild left out, for one kind and reason: each thing with the pages it was on. */
export interface NotCarriedGroup {
  kind: NotCarried['kind'];
  reason: string;
  /** Distinct things (by `what`), in report order, each with its distinct pages. */
  items: { what: string; pages: string[] }[];
  /** Distinct pages of the whole group. */
  pages: string[];
}

/**
 * Groups the report's `not_carried` rows by kind and reason (the same two scripts on 35 pages are
 * 70 rows, one group of 2 things on 35 pages). Groups with the most things come first; ties keep the
 * report's order.
 */
export function groupNotCarried(rows: readonly NotCarried[]): NotCarriedGroup[] {
  const groups = new Map<string, NotCarriedGroup & { itemIndex: Map<string, number> }>();
  for (const row of rows) {
    const key = `${row.kind}\u0000${row.reason}`;
    let group = groups.get(key);
    if (!group) {
      group = { kind: row.kind, reason: row.reason, items: [], pages: [], itemIndex: new Map() };
      groups.set(key, group);
    }
    let index = group.itemIndex.get(row.what);
    if (index === undefined) {
      index = group.items.push({ what: row.what, pages: [] }) - 1;
      group.itemIndex.set(row.what, index);
    }
    const item = group.items[index]!;
    if (row.page !== '' && !item.pages.includes(row.page)) item.pages.push(row.page);
    if (row.page !== '' && !group.pages.includes(row.page)) group.pages.push(row.page);
  }
  return [...groups.values()]
    .map(({ itemIndex: _itemIndex, ...group }) => group)
    .sort((a, b) => b.items.length - a.items.length);
}

/** `1 item`, `2 items`. */
export function toCountLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
