/**
 * The rebuilt footer shows what the original's footer showed (issue 12): its own lines, lifted out
 * of the pages, where extract had kept them as each page's last part.
 */
import type { Block, PlannedMenuItem, PlannedPage } from '../../model';
import { FOOTER_SECTION, plainText, withoutTimestamps } from '../../model';

/** Footer parts larger than this are content in a footer's clothes (a page's last panel): left in the page. */
const MAX_FOOTER_BLOCKS = 12;
const MAX_FOOTER_CHARS = 800;

/** Block kinds a footer line can be (pictures, forms and widgets stay in their page). */
const LINE_KINDS = new Set<Block['kind']>(['paragraph', 'list', 'heading', 'rule']);

type PlannedSection = PlannedPage['sections'][number];

/** The page's footer part: its last section that extract marked as the start of the footer. */
function footerPartOf(page: PlannedPage): PlannedSection | undefined {
  const part = [...page.sections]
    .reverse()
    .find((section) => section.id.startsWith(FOOTER_SECTION) && !section.heading);
  if (!part || part.blocks.length === 0 || part.blocks.length > MAX_FOOTER_BLOCKS) return undefined;
  if (!part.blocks.every((block) => LINE_KINDS.has(block.kind))) return undefined;
  if (textOf(part.blocks).length > MAX_FOOTER_CHARS) return undefined;
  return part;
}

function textOf(blocks: Block[]): string {
  return blocks
    .map((block) =>
      block.kind === 'paragraph' || block.kind === 'heading'
        ? plainText(block.inlines)
        : block.kind === 'list'
          ? block.items.map(plainText).join(' ')
          : '',
    )
    .join(' ');
}

/**
 * The site's footer lines: the footer part at least half of the pages end with (the start page's
 * when it is one of the most common), taken out of every page that shows it. A page whose footer
 * differs keeps its own in its content (every word stays), and a site without a shared footer gets
 * no lines: the rebuild never adds a footer text the original did not show on the page.
 */
export function planFooter(pages: PlannedPage[]): { pages: PlannedPage[]; footer?: Block[] } {
  const parts = pages.map(footerPartOf);
  // Footers that differ only in a date or time a script wrote when each page was served ("Last
  // published", ant-site-2004) are the same footer.
  const keys = parts.map((part) =>
    part ? withoutTimestamps(JSON.stringify(part.blocks)) : undefined,
  );
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  let best: string | undefined;
  for (const key of keys) {
    if (key && (best === undefined || counts.get(key)! > counts.get(best)!)) best = key;
  }
  if (best === undefined || counts.get(best)! * 2 < pages.length) return { pages };
  const footer = parts[keys.indexOf(best)]!.blocks;
  return {
    footer,
    pages: pages.map((page, index) =>
      keys[index] === best
        ? { ...page, sections: page.sections.filter((section) => section !== parts[index]) }
        : page,
    ),
  };
}

/** True when the footer lines show the copyright line already (its words, a stamped date or time aside). */
export function showsCopyright(footer: Block[], copyright: string): boolean {
  const key = (text: string) => withoutTimestamps(text.replace(/\s+/g, ' ').trim()).toLowerCase();
  const wanted = key(copyright);
  return wanted !== '' && key(textOf(footer)).includes(wanted);
}

/**
 * The footer's page list: the links the header's menu (dropdowns included) and the footer's own
 * lines do not show already, so every page stays reachable and none is listed twice. A link counts
 * as shown only with its own words too: "Join Our Team" to the route the menu's "Join Us" opens
 * stays (the original showed those words, as a button extract read as navigation).
 */
export function toFooterLinks<T extends { label: string; route: string }>(
  links: T[],
  menu: PlannedMenuItem[],
  footer: Block[] = [],
): T[] {
  const keyOf = (label: string, route: string) => `${label.trim().toLowerCase()}\n${route}`;
  const reached = new Set<string>();
  const collect = (items: PlannedMenuItem[]) => {
    for (const item of items) {
      if (item.route) reached.add(keyOf(item.label, item.route));
      collect(item.children);
    }
  };
  collect(menu);
  for (const block of footer) {
    const runs =
      block.kind === 'paragraph' || block.kind === 'heading'
        ? block.inlines
        : block.kind === 'list'
          ? block.items.flat()
          : [];
    for (const run of runs) if (run.href) reached.add(keyOf(run.text, run.href));
  }
  return links.filter((link) => !reached.has(keyOf(link.label, link.route)));
}
