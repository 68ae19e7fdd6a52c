/**
 * A frameset's narrow side column (issue 12): `<frameset cols="26%,*">` shows its first frame as a
 * column beside the others, most often the site's navigation. That frame becomes the frameset
 * page's aside, drawn beside the content as the original showed it.
 */
import type { Block, Section } from '../../model';
import type { Node } from './dom';
import { childrenOf, findElement, getAttr, isElement, resolveUrl } from './dom';

/** The width the fidelity measures and the probe read pages at. */
const DESKTOP_WIDTH = 1440;

/** The frame a frameset shows as a narrow first or last column: its URL, side and width at 1440 px. */
export interface SideFrame {
  url: string;
  side: 'left' | 'right';
  width: number;
}

/** The widths of a frameset's `cols` at a given width: px, percentages, then `*` shares of the rest. */
export function toFrameWidths(cols: string, total: number): number[] {
  const parts = cols.split(',').map((part) => part.trim());
  const widths: (number | undefined)[] = parts.map((part) => {
    if (/^\d+(?:\.\d+)?%$/.test(part)) return (Number.parseFloat(part) / 100) * total;
    if (/^\d+(?:\.\d+)?$/.test(part)) return Number.parseFloat(part);
    return undefined;
  });
  const fixed = widths.reduce<number>((sum, width) => sum + (width ?? 0), 0);
  const shares = parts.map((part, i) =>
    widths[i] === undefined ? Number.parseFloat(part) || 1 : 0,
  );
  const totalShares = shares.reduce((sum, share) => sum + share, 0);
  const rest = Math.max(0, total - fixed);
  return widths.map((width, i) =>
    Math.round(width ?? (totalShares > 0 ? (rest * shares[i]!) / totalShares : 0)),
  );
}

/** The frame of a page's frameset shown in a narrow (≤ 30 %) first or last column, if there is one. */
export function findSideFrame(document: Node, pageUrl: string): SideFrame | undefined {
  const frameset = findElement(document, (e) => e.tagName === 'frameset');
  const cols = frameset ? getAttr(frameset, 'cols') : undefined;
  if (!frameset || !cols) return undefined;
  const columns = childrenOf(frameset).filter(
    (node) => isElement(node) && (node.tagName === 'frame' || node.tagName === 'frameset'),
  );
  const widths = toFrameWidths(cols, DESKTOP_WIDTH);
  if (columns.length < 2 || widths.length < 2) return undefined;
  const ends: [number, SideFrame['side']][] = [
    [0, 'left'],
    [Math.min(columns.length, widths.length) - 1, 'right'],
  ];
  for (const [index, side] of ends) {
    const column = columns[index];
    const width = widths[index] ?? 0;
    if (!column || !isElement(column) || column.tagName !== 'frame') continue;
    if (width < 40 || width > DESKTOP_WIDTH * 0.3) continue;
    const src = getAttr(column, 'src');
    const url = src ? resolveUrl(src, pageUrl) : undefined;
    if (url) return { url, side, width };
  }
  return undefined;
}

/** A frame's sections as one run of blocks (each heading a heading block), for an aside. */
export function toBlocksOfSections(sections: Section[]): Block[] {
  return sections.flatMap((section) => [
    ...(section.heading
      ? [
          {
            kind: 'heading' as const,
            level: section.heading.level,
            inlines: section.heading.inlines,
          },
        ]
      : []),
    ...section.blocks.filter((block) => block.kind !== 'break'),
  ]);
}
