/**
 * The rebuild's type scale from the original's, as the identity probe measured it at 1440 px (issue 12,
 * decision record 029): STYLE_MODERNIZATION keeps the original's body size, heading sizes, content
 * column and rhythm, so that its pages are about as tall as the original's and their blocks sit where
 * they were. A fixed "compact" scale was tried and measured worse: the scale is the site's own.
 * Modern floors stay: body text at least 15 px, line height at least 1.2, headings never smaller
 * than the body, a column never wider than the viewport.
 */
import type { ProbedHeaderBand, ProbedMenuBar, ProbedTypography, TypeScale } from '../model';

/** The smallest body text the rebuild sets at 1440 px (phones get 16 px in the CSS). */
export const MIN_BODY_SIZE = 15;
/**
 * The tightest line height the rebuild sets, as a ratio of the font size: a browser's `normal`
 * (the probe reads it as 1.2). It was 1.4, which drew a page set at `normal` (a generated manual,
 * Times at 16 px: 18-19 px lines) at 22.4 px lines: every text block a fifth taller than the
 * original's, its lines and everything under it off the original's rows (issue 23: STYLE keeps the
 * original's look; the section similarity of such pages was about 0.3).
 */
export const MIN_LINE_HEIGHT = 1.2;
const MAX_LINE_HEIGHT = 2;
/** A browser's default heading sizes as a ratio of the body's: a level the original lacks. */
const DEFAULT_RATIO = { h1: 2, h2: 1.5, h3: 1.17 } as const;
/**
 * The least a heading keeps over the body, whatever was measured: the start page's h1 can be a
 * small site title (richardzhao-blog's), and a page's "About" must still read as its heading.
 */
const MIN_RATIO = { h1: 1.5, h2: 1.25, h3: 1.1 } as const;
/** The probe's viewport width; the column is measured there. */
const VIEWPORT = 1440;
/** A section's padding above and below (px): half the gap measured before a section's heading. */
const SECTION_PADDING = { min: 12, max: 72 } as const;
/** A heading's line height the rebuild keeps (a ratio of its size). */
const MIN_HEADING_LEADING = 1.1;
const MAX_HEADING_LEADING = 2;
/** The space before a heading inside a section's flow (px). */
const HEADING_GAP = { min: 16, max: 120 } as const;

const round = (n: number): number => Math.round(n * 100) / 100;
const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));

/** The rebuild's type scale for a measured one: the original's values, modern floors applied. */
export function toTypeScale(measured: ProbedTypography): TypeScale {
  const originalBody = measured.body.size;
  const bodySize = round(Math.max(MIN_BODY_SIZE, originalBody));
  // The original's line pitch in pixels is kept where the floor allows (raised text, same pitch).
  const lineHeight = round(
    clamp(measured.body.lineHeight / bodySize, MIN_LINE_HEIGHT, MAX_LINE_HEIGHT),
  );
  // A level the page lacks takes the browser's default ratio to the body; each level stays at
  // least its MIN_RATIO of the body and, above that, no larger than the level above it.
  const headings = {} as TypeScale['headings'];
  let above = Number.POSITIVE_INFINITY;
  const outline = toOutlineLevels(measured);
  const levels = ['h1', 'h2', 'h3'] as const;
  for (const [index, level] of levels.entries()) {
    const found = outline[level];
    // A level the page lacks is at least as large as the ones under it it has: a page whose
    // sections open with 40 px h2s and no h1 (its hero's headline a styled div) keeps them at 40 px,
    // not under a default h1 of twice the body.
    const below = Math.max(0, ...levels.slice(index + 1).map((next) => outline[next]?.size ?? 0));
    const size = found?.size ?? Math.max(originalBody * DEFAULT_RATIO[level], below);
    const kept = round(Math.max(bodySize * MIN_RATIO[level], Math.min(size, above)));
    headings[level] = { size: kept, weight: found?.weight ?? 700 };
    if (found?.case) headings[level].case = found.case;
    if (found?.tracking !== undefined) headings[level].tracking = found.tracking;
    // Its line pitch, between a browser's tight 1 and a body's 2: a wrapped heading as tall as it was.
    if (found?.leading !== undefined)
      headings[level].leading = round(
        clamp(found.leading, MIN_HEADING_LEADING, MAX_HEADING_LEADING),
      );
    // Colours as measured (computed CSS colours): the designer makes them readable and hex.
    if (found?.color) headings[level].color = found.color;
    if (found?.fill) headings[level].fill = { ...found.fill };
    if (found?.rule) headings[level].rule = { ...found.rule };
    above = kept;
  }
  // The gaps were measured with the original's body size; they are kept as they were (a floor of
  // half a line keeps paragraphs apart).
  const flowGap = round(Math.max(bodySize * 0.5, measured.paragraphGap ?? originalBody));
  const sectionGap = measured.sectionGap ?? flowGap * 2;
  const scale: TypeScale = {
    body: { size: bodySize, lineHeight },
    headings,
    flowGap,
    sectionPadding: round(clamp(sectionGap / 2, SECTION_PADDING.min, SECTION_PADDING.max)),
    hasBands: measured.hasBands,
  };
  // A section's heading in the middle of a section's flow keeps the original's gap before it (its
  // h2s' own margins), within HEADING_GAP, where that is more than the flow's gap.
  if (measured.sectionGap !== undefined) {
    const headingGap = round(clamp(measured.sectionGap, HEADING_GAP.min, HEADING_GAP.max));
    if (headingGap > flowGap) scale.headingGap = headingGap;
  }
  if (measured.heroHeadline) scale.hero = round(Math.max(bodySize, measured.heroHeadline));
  if (measured.heroCase) scale.heroCase = measured.heroCase;
  if (measured.heroTracking !== undefined) scale.heroTracking = measured.heroTracking;
  if (measured.menuCase) scale.menuCase = measured.menuCase;
  if (measured.isTextCentered) scale.isTextCentered = true;
  if (measured.header) scale.header = toHeaderBand(measured.header);
  // A boxed page keeps its column, no wider than a modern page's (the fill is made hex by the designer).
  if (measured.box)
    scale.box = { ...measured.box, width: Math.round(clamp(measured.box.width, 480, BOX_MAX)) };
  if (measured.menuBar) {
    scale.menuBar = toMenuBar(measured.menuBar);
    // A bar as tall as the header's menu row (its links wrapped on it) fills that row.
    const row =
      measured.header?.menuTop === undefined ? 0 : measured.header.height - measured.header.menuTop;
    if (row > 0 && measured.menuBar.height >= row * 0.9) scale.menuBar.fillsRow = true;
  }
  if (measured.menuRow) scale.menuRow = toMenuRow(measured.menuRow);
  if (measured.phoneHeader) scale.phoneHeader = toPhoneHeader(measured.phoneHeader);
  const column = measured.column;
  if (column && column.width > 0) {
    // A column left of centre (beside a sidebar, or a page set flush left) keeps its right edge: the
    // wrap runs from the left to there; a centred one keeps its width.
    const width = Math.round(
      Math.min(VIEWPORT, column.isCentered ? column.width : column.left + column.width),
    );
    const measure = Math.round(clamp(column.measure, Math.min(width, 320), width));
    scale.column = { width, measure, align: column.isCentered ? 'center' : 'left' };
    // A measure the original centred inside a wider column (a book's page in the space beside its
    // summary, a Bootstrap column offset to the middle): the rebuild centres its text there too
    // (issue 23: blocks stay where they were).
    const slack = column.width - column.measure;
    const inset = column.inset ?? 0;
    if (
      slack >= MIN_MEASURE_SLACK &&
      Math.abs(inset - slack / 2) <= Math.max(16, slack * CENTRED_MEASURE_TOLERANCE)
    )
      scale.column.isMeasureCentered = true;
  }
  return scale;
}

/**
 * The measured levels as the rebuilt outline numbers them: pages that skip h2 (an h1 title over h3
 * sections) are closed up by the plan (h3 -> h2), so the h3s' size, bar and colour are the rebuilt
 * h2s' (issue 23: a page's dark heading bars were measured on h3 and drawn on none); the rebuilt h3
 * (the original's h4) takes the default ratio.
 */
function toOutlineLevels(measured: ProbedTypography): Pick<ProbedTypography, 'h1' | 'h2' | 'h3'> {
  if (measured.h1 === undefined || measured.h2 !== undefined || measured.h3 === undefined)
    return measured;
  return { h1: measured.h1, h2: measured.h3 };
}

/** How much narrower than its column (px) a measure must be to sit somewhere in it. */
const MIN_MEASURE_SLACK = 48;
/** How far off the column's centre (share of the room either side) a centred measure may sit. */
const CENTRED_MEASURE_TOLERANCE = 0.25;

/** The widest boxed column the rebuild draws (px). */
const BOX_MAX = 1280;

/** The header band's bounds (px): a bar a phone's menu button fits in, and no hero-sized header. */
const HEADER_BAND = { min: 48, max: 320 } as const;

/** The rebuild's header band: the original's height within HEADER_BAND, the menu's row kept in it. */
function toHeaderBand(band: ProbedHeaderBand): NonNullable<TypeScale['header']> {
  const height = Math.round(clamp(band.height, HEADER_BAND.min, HEADER_BAND.max));
  const header: NonNullable<TypeScale['header']> = { height };
  // The menu's row keeps at least a link's height (40 px) under the brand.
  const menuTop = band.menuTop === undefined ? undefined : Math.min(band.menuTop, height - 40);
  if (menuTop !== undefined && menuTop >= 24) header.menuTop = Math.round(menuTop);
  if (band.isBrandCentered) header.isBrandCentered = true;
  // The strip above the brand and menu keeps its height within the band, leaving room for both.
  if (band.strip && band.strip.height >= 12 && band.strip.height <= height - 40)
    header.strip = { ...band.strip, height: Math.round(band.strip.height) };
  // A title band above the menu keeps its own height (the menu's row comes under it, not in it).
  if (band.title)
    header.title = {
      ...band.title,
      height: Math.round(clamp(band.title.height, HEADER_BAND.min, HEADER_BAND.max)),
    };
  if (band.gradient) header.gradient = band.gradient;
  return header;
}

/**
 * The phone header's bounds (px): the menu button's tap target (44 px) at least, and no more than a
 * bar that leaves most of a phone's first screen (812 px) to the page.
 */
export const PHONE_HEADER = { min: 44, max: 160 } as const;

/**
 * The rebuild's phone header: the original's bar's height within PHONE_HEADER; 0 (no bar) stays 0,
 * which the CSS draws as small as the menu button allows.
 */
export function toPhoneHeader(
  measured: NonNullable<ProbedTypography['phoneHeader']>,
): NonNullable<TypeScale['phoneHeader']> {
  if (measured.height <= 0) return { height: 0 };
  const bar: NonNullable<TypeScale['phoneHeader']> = {
    height: Math.round(clamp(measured.height, PHONE_HEADER.min, PHONE_HEADER.max)),
  };
  // The menu's button in the brand's rows (beside it, or laid over a banner), not in a row under it.
  if (measured.isOneRow) bar.isOneRow = true;
  return bar;
}

/** The menu bar's bounds (px): a link's height, and one row where the original's menu wrapped. */
const MENU_BAR = { min: 36, max: 80 } as const;

/** The bars stacked under the menu's bar are kept this tall at most (px). */
const MAX_UNDER_BARS = 160;

/** The smallest menu link the rebuild sets on a bar (px). */
const MIN_MENU_SIZE = 13;

/** The rebuild's menu bar: the original's, one row at most MENU_BAR.max high (colours made readable by the designer). */
function toMenuBar(bar: ProbedMenuBar): NonNullable<TypeScale['menuBar']> {
  return {
    ...bar,
    size: round(Math.max(MIN_MENU_SIZE, bar.size)),
    height: Math.round(clamp(bar.height, MENU_BAR.min, MENU_BAR.max)),
    ...(bar.under !== undefined ? { under: Math.round(clamp(bar.under, 0, MAX_UNDER_BARS)) } : {}),
  };
}

/** A menu link's height the rebuild keeps (px): a tap target at least, a row of the bar at most. */
const MENU_LINK = { min: 24, max: 96 } as const;

/** The rebuild's menu row: the original's, its links' height within MENU_LINK (else left out). */
function toMenuRow(
  row: NonNullable<ProbedTypography['menuRow']>,
): NonNullable<TypeScale['menuRow']> {
  const { linkHeight, ...rest } = row;
  return linkHeight !== undefined && linkHeight >= MENU_LINK.min && linkHeight <= MENU_LINK.max
    ? { ...rest, linkHeight }
    : rest;
}

const median = (values: number[]): number | undefined => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A page's measured heading levels as its rebuilt outline numbers them (issue 23): each rebuilt
 * level takes the measures of the original level most of its headings had (`sources`, from
 * lib/outline's toOutlineSources). mergeTypography reads only a level's colour, rule and bar from
 * these (decision record 107): a start page's one banded h2 (its rebuilt h1) gives no bar to every
 * inner page's rebuilt h2 (their h3s). Sizes stay the original level's: a heading keeps the size
 * of the level it was drawn at (`drawn-hN`, decision record 110). A level no heading reached is
 * left out.
 */
export function toRebuiltOutline(
  measured: ProbedTypography,
  sources: Partial<Record<1 | 2 | 3, number>>,
): ProbedTypography {
  const pick = (level: 1 | 2 | 3): ProbedTypography['h1'] => {
    const source = sources[level];
    return source === 1 || source === 2 || source === 3 ? measured[`h${source}`] : undefined;
  };
  const { h1: _h1, h2: _h2, h3: _h3, ...rest } = measured;
  const out: ProbedTypography = { ...rest };
  for (const level of [1, 2, 3] as const) {
    const heading = pick(level);
    if (heading) out[`h${level}`] = heading;
  }
  return out;
}

/**
 * One site's type scale from its pages' (the start page first): the median of each size and gap,
 * the column most pages share (the start page's on a tie), bands and centred text when most pages
 * have them, the start page's hero. A site whose start page differs from the rest (a frameset, a
 * landing page) is measured by its pages as a visitor reads them.
 */
export function mergeTypography(
  pages: readonly ProbedTypography[],
  rebuilt: readonly ProbedTypography[] = pages,
): ProbedTypography | undefined {
  const [start] = pages;
  if (!start) return undefined;
  const numbers = (pick: (t: ProbedTypography) => number | undefined): number[] =>
    pages.flatMap((t) => {
      const value = pick(t);
      return value === undefined ? [] : [value];
    });
  const most = (pick: (t: ProbedTypography) => boolean): boolean =>
    pages.filter(pick).length * 2 > pages.length;
  const merged: ProbedTypography = {
    body: {
      size: median(numbers((t) => t.body.size))!,
      lineHeight: median(numbers((t) => t.body.lineHeight))!,
    },
    hasBands: most((t) => t.hasBands),
  };
  for (const level of ['h1', 'h2', 'h3'] as const) {
    const size = median(numbers((t) => t[level]?.size));
    if (size === undefined) continue;
    merged[level] = { size, weight: median(numbers((t) => t[level]?.weight)) ?? 700 };
    // A case or spacing most pages with the level share (the start page's on a tie).
    const withLevel = pages.filter((t) => t[level] !== undefined);
    // A level's colour, rule and bar as the rebuilt outline numbers the pages' headings (each
    // page's renumbered copy, `rebuilt`); sizes, case and spacing as the original drew them.
    const withRebuilt = rebuilt.filter((t) => t[level] !== undefined);
    const shared = <K>(
      pick: (t: ProbedTypography) => K | undefined,
      isStrict = false,
      among: readonly ProbedTypography[] = withLevel,
    ): K | undefined => {
      const counts = new Map<K, number>();
      for (const t of among) {
        const value = pick(t);
        if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      const needed = among.length + (isStrict ? 1 : 0);
      return best && best[1] * 2 >= needed ? best[0] : undefined;
    };
    const letterCase = shared((t) => t[level]?.case);
    if (letterCase) merged[level].case = letterCase;
    const tracking = shared((t) => t[level]?.tracking);
    if (tracking !== undefined) merged[level].tracking = tracking;
    const leading = shared((t) => t[level]?.leading);
    if (leading !== undefined) merged[level].leading = leading;
    const color = shared((t) => t[level]?.color, false, withRebuilt);
    if (color !== undefined) merged[level].color = color;
    const rule = shared(
      (t) => {
        const line = t[level]?.rule;
        return line ? JSON.stringify(line) : undefined;
      },
      false,
      withRebuilt,
    );
    if (rule !== undefined)
      merged[level].rule = JSON.parse(rule) as NonNullable<ProbedTypography['h1']>['rule'];
    // A bar is drawn under every heading of the level: kept where most pages drew it, not on a tie
    // (a start page's one banded heading over inner pages' plain ones, issue 23).
    const fill = shared(
      (t) => {
        const bar = t[level]?.fill;
        return bar ? `${bar.color}|${bar.text}` : undefined;
      },
      true,
      withRebuilt,
    );
    if (fill !== undefined) {
      const [barColor = '', barText = ''] = fill.split('|');
      merged[level].fill = { color: barColor, text: barText };
    }
  }
  const columns = new Map<string, { column: NonNullable<ProbedTypography['column']>; n: number }>();
  for (const t of pages) {
    if (!t.column) continue;
    const key = `${t.column.left}|${t.column.width}`;
    const seen = columns.get(key);
    if (seen) seen.n++;
    else columns.set(key, { column: t.column, n: 1 });
  }
  // Map order is insertion order, so the start page's column wins a tie.
  const column = [...columns.values()].reduce<
    { column: NonNullable<ProbedTypography['column']>; n: number } | undefined
  >((best, next) => (!best || next.n > best.n ? next : best), undefined)?.column;
  // The pages sharing that column wrap at its widest measure: a page with a scroll bar or one
  // long line less measures a little narrower, and a line another page drew whole must stay whole.
  // A page with no paragraph to measure guessed its measure (the column's width): it counts only
  // when no page measured one.
  if (column) {
    const same = pages.flatMap((t) =>
      t.column && t.column.left === column.left && t.column.width === column.width
        ? [t.column]
        : [],
    );
    const measured = same.filter((c) => !c.isMeasureGuessed);
    if (measured.length === 0) merged.column = column;
    else {
      const { isMeasureGuessed: _guessed, ...base } = column.isMeasureGuessed
        ? measured[0]!
        : column;
      merged.column = { ...base, measure: Math.max(...measured.map((c) => c.measure)) };
    }
  }
  const paragraphGap = median(numbers((t) => t.paragraphGap));
  if (paragraphGap !== undefined) merged.paragraphGap = paragraphGap;
  const sectionGap = median(numbers((t) => t.sectionGap));
  if (sectionGap !== undefined) merged.sectionGap = sectionGap;
  if (start.heroHeadline !== undefined) merged.heroHeadline = start.heroHeadline;
  if (start.heroCase !== undefined) merged.heroCase = start.heroCase;
  if (start.heroTracking !== undefined) merged.heroTracking = start.heroTracking;
  if (start.menuCase !== undefined) merged.menuCase = start.menuCase;
  if (most((t) => t.isTextCentered === true)) merged.isTextCentered = true;
  const header = mergeHeaderBands(pages.flatMap((t) => (t.header ? [t.header] : [])));
  if (header) merged.header = header;
  // A boxed page when most pages are boxed: the median width, the start page's fill (or the first).
  const boxes = pages.flatMap((t) => (t.box ? [t.box] : []));
  if (boxes.length * 2 > pages.length) {
    const first = boxes[0]!;
    merged.box = { ...first, width: median(boxes.map((box) => box.width))! };
  }
  // The start page's menu bar: the menu is the same on every page, the start page shows it first.
  if (start.menuBar) merged.menuBar = start.menuBar;
  if (start.menuRow) merged.menuRow = start.menuRow;
  // The phone's bar: the median over the pages that were read at a phone's width (0: none).
  const phoneHeights = numbers((t) => t.phoneHeader?.height);
  if (phoneHeights.length > 0) {
    merged.phoneHeader = { height: median(phoneHeights)! };
    // The button in the brand's rows where most of the pages with a bar showed it there.
    const bars = pages.filter((t) => (t.phoneHeader?.height ?? 0) > 0);
    if (bars.filter((t) => t.phoneHeader?.isOneRow).length * 2 > bars.length)
      merged.phoneHeader.isOneRow = true;
  }
  return merged;
}

/**
 * The site's header band from its pages' (issue 23): the median height of the pages that have one,
 * when most pages do; the menu under the brand, at its median place, and a centred brand, when most
 * of those pages show them so.
 */
function mergeHeaderBands(bands: readonly ProbedHeaderBand[]): ProbedHeaderBand | undefined {
  if (bands.length === 0) return undefined;
  const height = median(bands.map((band) => band.height))!;
  const merged: ProbedHeaderBand = { height };
  const stacked = bands.flatMap((band) => (band.menuTop === undefined ? [] : [band.menuTop]));
  if (stacked.length * 2 > bands.length) merged.menuTop = Math.min(height, median(stacked)!);
  if (bands.filter((band) => band.isBrandCentered).length * 2 > bands.length)
    merged.isBrandCentered = true;
  // The strip most pages draw across their top: the first such page's (issue 23).
  const strips = bands.flatMap((band) => (band.strip ? [band.strip] : []));
  if (strips.length * 2 > bands.length) merged.strip = strips[0]!;
  // A title band and a gradient when most pages show them: the first page's (the start page's).
  const titled = bands.filter((band) => band.title);
  if (titled.length * 2 > bands.length) merged.title = titled[0]!.title;
  const gradients = bands.filter((band) => band.gradient);
  if (gradients.length * 2 > bands.length) merged.gradient = gradients[0]!.gradient;
  return merged;
}
