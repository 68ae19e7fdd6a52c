import { toFileKind, type SiteliftReport } from '@sitelift/shared/schemas/report';

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

/** The report's kinds named for people. */
const KIND_LABELS: Record<NotCarried['kind'], string> = {
  script: 'Script',
  tracker: 'Tracker',
  embed: 'Embed',
  form: 'Form',
  image: 'Image',
  link: 'Link',
  heading: 'Heading',
  style: 'Stylesheet',
  font: 'Font',
  page: 'Page',
  other: 'Other',
};

/** A kind's label: `style` → "Stylesheet". */
export function toKindLabel(kind: NotCarried['kind']): string {
  return KIND_LABELS[kind];
}

/** "Skipped asset http://a/x.png: HTTP 404" as reports before issue 22 wrote a file that did not download. */
const SKIPPED_FILE = /^Skipped (asset|stylesheet) (\S+): (.*)$/su;

/**
 * A row as people should read it. Reports written before issue 22 listed a file that did not
 * download as a page of its own ("PAGE", the file repeated as its own page, "Skipped asset …:"):
 * such a row becomes an image, font or stylesheet that "could not be downloaded from the original
 * site", with the cause, and no page.
 */
export function toCustomerRow(row: NotCarried): NotCarried {
  const skipped = SKIPPED_FILE.exec(row.reason);
  if (row.kind !== 'page' || skipped === null) return row;
  const [, type, url = row.what, cause = ''] = skipped;
  const kind: NotCarried['kind'] = type === 'stylesheet' ? 'style' : toFileKind(url);
  return {
    kind,
    what: url,
    page: row.page === url ? '' : row.page,
    reason: `Could not be downloaded from the original site: ${cause}`,
  };
}

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
  for (const row of rows.map(toCustomerRow)) {
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
    // A page that could not be read is not "on" itself.
    if (row.page === '' || row.page === what) continue;
    if (!item.pages.includes(row.page)) item.pages.push(row.page);
    if (!group.pages.includes(row.page)) group.pages.push(row.page);
  }
  return [...groups.values()]
    .map(({ itemIndex: _itemIndex, ...group }) => group)
    .sort((a, b) => b.items.length - a.items.length);
}

/** `1 item`, `2 items`. */
export function toCountLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
