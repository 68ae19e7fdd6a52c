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

const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/g;

/**
 * A reason without the addresses it names, and those addresses: "Skipped asset http://a/x.png: DNS
 * lookup failed" → "Skipped asset …: DNS lookup failed" and ["http://a/x.png"], so that the same
 * failure for 7 assets is one group of 7 things.
 */
export function splitReason(reason: string): { reason: string; urls: string[] } {
  const urls: string[] = [];
  const general = reason.replace(URL_IN_TEXT, (match) => {
    // Punctuation right after an address ends the sentence, not the address.
    const url = match.replace(/[.,;:!?)\]]+$/, '');
    urls.push(url);
    return `…${match.slice(url.length)}`;
  });
  return { reason: general, urls };
}

/**
 * Groups the report's `not_carried` rows by kind and reason (the same two scripts on 35 pages are
 * 70 rows, one group of 2 things on 35 pages); a reason that names an address is grouped without it,
 * the address becoming the thing. Groups with the most things come first; ties keep the report's
 * order.
 */
export function groupNotCarried(rows: readonly NotCarried[]): NotCarriedGroup[] {
  const groups = new Map<string, NotCarriedGroup & { itemIndex: Map<string, number> }>();
  for (const row of rows) {
    const { reason, urls } = splitReason(row.reason);
    const what = urls.length > 0 ? urls.join(' ') : row.what;
    const key = `${row.kind}\u0000${reason}`;
    let group = groups.get(key);
    if (!group) {
      group = { kind: row.kind, reason, items: [], pages: [], itemIndex: new Map() };
      groups.set(key, group);
    }
    let index = group.itemIndex.get(what);
    if (index === undefined) {
      index = group.items.push({ what, pages: [] }) - 1;
      group.itemIndex.set(what, index);
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
