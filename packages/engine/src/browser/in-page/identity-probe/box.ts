/**
 * A boxed page (issue 23): the original draws its content in a centred column with a fill of its
 * own (often white) over a page background of another colour or a picture (old WordPress themes,
 * centred table layouts). STYLE_MODERNIZATION keeps that column: its width, its fill, and whether
 * the header and the footer sit inside it. A fixed-width page often has no fill of its own but panels
 * that do (a layout table's cells with a `bgcolor`, floated header, menu, content and footer boxes
 * on one grey picture): their common fill is the column's when they cover most of it.
 */
import type { PageProbe } from '../../../measure/page-probe';
import type { ProbedBox } from '../../../model/probed-typography';
import { isOpaque } from './color';
import { add, rectOf, style } from './dom';
import { isInCover } from './fill';
import { doc, H, W } from './view';

/** The column is at least this wide (px) and leaves at least this share of the width as gutters. */
const MIN_WIDTH = 480;
const MAX_SHARE = 0.94;
/** Its middle lies this near the viewport's (share of the width). */
const CENTRE_SLACK = 0.02;
/** It runs at least this share of the document's height. */
const MIN_HEIGHT_SHARE = 0.4;
/** A column without a fill: its panels of one fill cover at least this share of it. */
const PANEL_COVER = 0.7;
/** How deep under the column its panels are looked for (a table's body, row and cells). */
const PANEL_DEPTH = 4;

/**
 * The boxed column around the content: the outermost centred element narrower than the viewport,
 * running most of the page down, with an opaque fill unlike the page's, seen under most samples
 * down the page's middle; undefined when there is none (a column on the page's own colour is no box).
 */
export function measureBox(context: {
  background: PageProbe['background'];
  header: Element | null;
  footer: Element | null | undefined;
  documentHeight: number;
}): ProbedBox | undefined {
  const { background, header, footer, documentHeight } = context;
  if (W < MIN_WIDTH / MAX_SHARE) return undefined;
  const votes = new Map<Element, number>();
  let samples = 0;
  const end = Math.min(documentHeight, H * 3);
  for (let y = H * 0.25; y < end; y += H / 3) {
    window.scrollTo(0, Math.max(0, y - H / 2));
    const hit = doc.elementsFromPoint(W / 2, y - window.scrollY).find((e) => !isInCover(e));
    if (!hit) continue;
    samples++;
    let found: Element | undefined;
    for (let e: Element | null = hit; e && e !== doc.documentElement; e = e.parentElement) {
      if (isBoxColumn(e, background.color, documentHeight)) found = e;
    }
    if (found) add(votes, found, 1);
  }
  window.scrollTo(0, 0);
  const [element, seen] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
  if (!element || seen * 2 <= samples) return undefined;
  const box: ProbedBox = {
    width: Math.round(rectOf(element).width),
    color: columnFillOf(element) ?? style(element).backgroundColor,
  };
  if (header && element.contains(header)) box.header = true;
  if (footer && element.contains(footer)) box.footer = true;
  return box;
}

/**
 * What a column is drawn on: its own opaque fill, else the one opaque fill its panels (the first
 * filled elements under it, up to PANEL_DEPTH down) cover at least PANEL_COVER of its area with.
 */
export function columnFillOf(column: Element): string | undefined {
  const own = style(column).backgroundColor;
  if (isOpaque(own)) return own;
  const r = rectOf(column);
  const area = r.width * r.height;
  if (area <= 0) return undefined;
  const cover = new Map<string, number>();
  const visit = (e: Element, depth: number): void => {
    for (const child of e.children) {
      const fill = style(child).backgroundColor;
      if (isOpaque(fill)) {
        const c = rectOf(child);
        add(cover, fill, Math.max(0, c.width) * Math.max(0, c.height));
      } else if (depth < PANEL_DEPTH) visit(child, depth + 1);
    }
  };
  visit(column, 1);
  const [fill, covered] = [...cover].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
  return fill !== undefined && covered >= area * PANEL_COVER ? fill : undefined;
}

function isBoxColumn(e: Element, pageColor: string, documentHeight: number): boolean {
  const r = rectOf(e);
  if (r.width < MIN_WIDTH || r.width > W * MAX_SHARE) return false;
  if (Math.abs(r.left + r.width / 2 - W / 2) > W * CENTRE_SLACK) return false;
  if (r.height < documentHeight * MIN_HEIGHT_SHARE) return false;
  const fill = columnFillOf(e);
  return fill !== undefined && fill !== pageColor;
}
