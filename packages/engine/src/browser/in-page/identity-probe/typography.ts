/**
 * The type scale and the content column (issue 12): STYLE_MODERNIZATION keeps the original's own
 * sizes, column and rhythm, measured here at the viewport's width (a fixed scale moved every block).
 */
import type { PageProbe } from '../../../measure/page-probe';
import type { HeadingCase, ProbedTypography } from '../../../model/probed-typography';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { imageUrl, isOpaque } from './color';
import { add, isShown, rectOf, style, text, textOf } from './dom';
import { inSplash } from './entry-screen';
import { fillOf, isInCover } from './fill';
import { headingRuleOf } from './heading-rules';
import { body, doc, W } from './view';

const px = (v: string): number => Number.parseFloat(v) || 0;
const round = (n: number): number => Math.round(n * 10) / 10;
/** A browser's `normal` line height, about 1.2 times the size. */
const NORMAL_LEADING = 1.2;
const leadingOf = (s: CSSStyleDeclaration): number =>
  s.lineHeight === 'normal' ? px(s.fontSize) * NORMAL_LEADING : px(s.lineHeight);

/** The value carrying the most weight (characters) in a map of value → weight. */
const heaviest = <K>(map: Map<K, number>): K | undefined =>
  [...map.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k)[0];

/** The median of `[value, weight, …]` entries, each counting for its weight. */
const weightedMedian = (
  pairs: readonly (readonly [number, number, ...unknown[]])[],
): number | undefined => {
  const sorted = pairs.slice().sort((a, b) => a[0] - b[0]);
  const half = sorted.reduce((sum, p) => sum + p[1], 0) / 2;
  let seen = 0;
  for (const [value, weight] of sorted) {
    seen += weight;
    if (seen >= half) return value;
  }
  return undefined;
};
const median = (values: number[]): number | undefined =>
  weightedMedian(values.map((v) => [v, 1] as const));

/** An element's content box (inside padding and border): its left edge and width. */
const contentBox = (e: Element): { left: number; width: number } => {
  const r = rectOf(e);
  const s = style(e);
  const left = r.left + px(s.paddingLeft) + px(s.borderLeftWidth);
  const right = r.right - px(s.paddingRight) - px(s.borderRightWidth);
  return { left, width: right - left };
};

/**
 * The `<header>`s of the page's content: below the site's header (neither inside it nor around
 * it, nor an article's), holding the page's shown h1 under that header's bottom edge, and holding
 * neither the brand nor a menu nor the hero (a page's title and intro set in a second header, issue 23). Without a
 * site header found, every `<header>` is the site's.
 */
function pageHeadsOf(siteHeader: Element | null, hero: Element | undefined): Set<Element> {
  const heads = new Set<Element>();
  if (!siteHeader) return heads;
  const below = rectOf(siteHeader).bottom;
  const parts = [PROBE_MARKS.brand, PROBE_MARKS.menu].map(markSelector).join(', ');
  for (const e of doc.querySelectorAll('header')) {
    if (e === siteHeader || e.contains(siteHeader) || siteHeader.contains(e)) continue;
    // An article's own header is its title and byline (a date, an author): metadata, not prose.
    if (e.getAttribute('role') === 'banner' || e.querySelector(parts) || e.closest('article'))
      continue;
    if (hero && (e === hero || e.contains(hero) || hero.contains(e))) continue;
    const h1 = [...e.querySelectorAll('h1')].find((h) => isShown(h) && text(h));
    if (h1 && rectOf(h1).top >= below - 1) heads.add(e);
  }
  return heads;
}

/** True when `e` lies in a `<header>` of the site's (any but the page's own, `pageHeads`). */
function inSiteHead(e: Element, pageHeads: Set<Element>): boolean {
  for (let h = e.closest('header'); h; h = h.parentElement?.closest('header') ?? null)
    if (!pageHeads.has(h)) return true;
  return false;
}

/**
 * The line a box's words make when they fit on one line (its height at most one and a half of its
 * line height): its left edge and width; undefined for text of more lines.
 */
function lineOf(box: Element): { left: number; width: number } | undefined {
  const range = doc.createRange();
  range.selectNodeContents(box);
  const r = range.getBoundingClientRect();
  const leading = leadingOf(style(box));
  if (r.width <= 0 || r.height <= 0 || leading <= 0 || r.height > leading * 1.5) return undefined;
  return { left: r.left, width: r.width };
}

/** A heading's height at most this much (px) under its bar's: the bar is the heading's, not a section's. */
const BAR_SLACK = 48;

/**
 * The colour of the bar a heading is drawn on (issue 23): a filled box of its own, or of a wrapper
 * (a table cell, a title div) barely taller than it, in a colour unlike what lies under that box.
 * Pictures are not bars (a banner's slices are another matter).
 */
export function headingBarOf(h: Element): string | undefined {
  const bar = fillOf(h);
  if (bar.image || bar.element === body || bar.element === doc.documentElement) return undefined;
  if (!isOpaque(bar.color)) return undefined;
  // A fill clipped to the words (gradient-coloured letters) colours the heading: it is no bar.
  const clip = style(bar.element);
  if ([clip.backgroundClip, clip.getPropertyValue('-webkit-background-clip')].includes('text'))
    return undefined;
  const hr = rectOf(h);
  const br = rectOf(bar.element);
  if (br.height > hr.height + BAR_SLACK || br.width < hr.width * 0.5) return undefined;
  const under = fillOf(bar.element.parentElement);
  return under.color === bar.color ? undefined : bar.color;
}

/** What the type scale is measured against: the page's parts found by the earlier steps. */
export interface TypographyContext {
  header: Element | null;
  footer: Element | undefined;
  /** The element holding the hero's picture, and its headline's size. */
  heroElement: Element | undefined;
  heroHeadlineSize: number | undefined;
  heroHeadlineCase?: HeadingCase | undefined;
  heroHeadlineTracking?: number | undefined;
  background: PageProbe['background'];
  documentHeight: number;
}

/** The type scale, column and rhythm of the page's content; undefined when it has no text. */
export function measureTypography(context: TypographyContext): ProbedTypography | undefined {
  const { header, footer, heroElement, heroHeadlineSize, background, documentHeight } = context;
  const CHROME = [
    'footer, nav, [role=banner], [role=contentinfo], [role=navigation]',
    ...[PROBE_MARKS.menu, PROBE_MARKS.splash, PROBE_MARKS.dialog, PROBE_MARKS.overlay].map(
      markSelector,
    ),
    'script, style, noscript, template, button, select, textarea, h1, h2, h3, h4, h5, h6',
  ].join(', ');
  const pageHeads = pageHeadsOf(header, heroElement);
  const isChrome = (e: Element): boolean =>
    !!e.closest(CHROME) ||
    inSiteHead(e, pageHeads) ||
    (header && header.contains(e)) ||
    (footer && footer.contains(e)) ||
    false;
  const blockOf = (e: Element): Element => {
    for (let a: Element | null = e; a && a !== body; a = a.parentElement)
      if (!/^inline/.test(style(a).display)) return a;
    return body;
  };
  const bodyScale = new Map<string, number>();
  const boxes = new Map<Element, number>();
  let centredChars = 0;
  let allChars = 0;
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  let nodes = 0;
  for (let n = walker.nextNode(); n && nodes < 20000; n = walker.nextNode()) {
    nodes++;
    const chars = textOf(n).replace(/\s+/g, '').length;
    const parent = n.parentElement;
    if (chars === 0 || !parent || isChrome(parent) || inSplash(parent) || isInCover(parent))
      continue;
    if (!isShown(parent)) continue;
    const s = style(parent);
    add(bodyScale, round(px(s.fontSize)) + '|' + round(leadingOf(s)), chars);
    allChars += chars;
    if (s.textAlign === 'center') centredChars += chars;
    const box = blockOf(parent);
    boxes.set(box, (boxes.get(box) || 0) + chars);
  }
  const scale = heaviest(bodyScale);
  if (!scale) return undefined;
  const [size = NaN, leading = NaN] = scale.split('|').map(Number);
  // Its keys in the order the probe has always written them, `hasBands` last.
  const typography: Omit<ProbedTypography, 'hasBands'> = { body: { size, lineHeight: leading } };
  // Most words centred (a 1998 page's <center>): the rebuild centres its text too.
  if (centredChars >= allChars * 0.6) typography.isTextCentered = true;
  if (heroHeadlineSize) typography.heroHeadline = round(heroHeadlineSize);
  if (context.heroHeadlineCase) typography.heroCase = context.heroHeadlineCase;
  if (context.heroHeadlineTracking !== undefined)
    typography.heroTracking = context.heroHeadlineTracking;
  // The main menu's letter case, where most of its links have one of their own (agency capitals).
  const menuCases = new Map<string, number>();
  const menuLinks = [...doc.querySelectorAll(`${markSelector(PROBE_MARKS.menu)} a[href]`)].filter(
    (a) => isShown(a) && text(a),
  );
  for (const a of menuLinks) add(menuCases, style(a).textTransform, 1);
  const menuCase = heaviest(menuCases);
  if (
    (menuCase === 'uppercase' || menuCase === 'lowercase') &&
    (menuCases.get(menuCase) ?? 0) * 2 > menuLinks.length
  )
    typography.menuCase = menuCase;
  for (const level of [1, 2, 3] as const) {
    const sizes = new Map<number, number>();
    const weights = new Map<string, number>();
    const cases = new Map<string, number>();
    const trackings = new Map<number, number>();
    const colors = new Map<string, number>();
    const fills = new Map<string, number>();
    const rules = new Map<string, number>();
    const leadings = new Map<number, number>();
    let count = 0;
    for (const h of doc.querySelectorAll(`h${level}`)) {
      if (!isShown(h) || !text(h) || inSplash(h) || (header && header.contains(h))) continue;
      const s = style(h);
      count++;
      add(sizes, round(px(s.fontSize)), 1);
      add(weights, s.fontWeight, 1);
      add(cases, s.textTransform, 1);
      // The line pitch as a share of the size, so that it scales with the rebuild's size.
      add(leadings, Math.round((leadingOf(s) / (px(s.fontSize) || 1)) * 100) / 100, 1);
      // Words over the hero's picture are the picture's colours, not the level's.
      if (heroElement && heroElement.contains(h)) continue;
      // A colour of its own: not the one it inherits from the text around it.
      if (h.parentElement && style(h.parentElement).color !== s.color) add(colors, s.color, 1);
      const bar = headingBarOf(h);
      if (bar) add(fills, bar + '|' + s.color, 1);
      const rule = headingRuleOf(h);
      if (rule) add(rules, [rule.side, rule.width, rule.color, rule.gap].join('|'), 1);
      // Letter spacing as a share of the size (em), so that it scales with the rebuild's size.
      const spacing =
        s.letterSpacing === 'normal' ? 0 : px(s.letterSpacing) / (px(s.fontSize) || 1);
      add(trackings, Math.round(spacing * 100) / 100, 1);
    }
    const hs = heaviest(sizes);
    if (hs) {
      const heading: NonNullable<ProbedTypography['h1']> = {
        size: hs,
        weight: Number(heaviest(weights)) || 700,
      };
      // The heading's case (agency pages' capitals) and a spacing clearly its own are its look.
      const letterCase = heaviest(cases);
      if (letterCase === 'uppercase' || letterCase === 'lowercase' || letterCase === 'capitalize')
        heading.case = letterCase;
      const tracking = heaviest(trackings);
      if (tracking !== undefined && Math.abs(tracking) >= 0.02) heading.tracking = tracking;
      // A line pitch most of the level's headings share, clearly not a browser's `normal` (about
      // 1.2, the rebuild's own): a theme's 1.5 keeps a wrapped heading as tall as it was.
      const leading = heaviest(leadings);
      if (
        leading !== undefined &&
        (leadings.get(leading) ?? 0) * 2 > count &&
        Math.abs(leading - NORMAL_LEADING) >= 0.1
      )
        heading.leading = leading;
      // A colour or a filled bar most of the level's headings share is the level's own.
      const color = heaviest(colors);
      if (color && (colors.get(color) ?? 0) * 2 > count) heading.color = color;
      const fill = heaviest(fills);
      if (fill && (fills.get(fill) ?? 0) * 2 > count) {
        const [barColor = '', barText = ''] = fill.split('|');
        heading.fill = { color: barColor, text: barText };
      }
      // A line above or under most of the level's headings is the level's own (issue 23).
      const rule = heaviest(rules);
      if (rule && (rules.get(rule) ?? 0) * 2 > count) {
        const [side = '', width = '', color = '', gap = ''] = rule.split('|');
        heading.rule = {
          side: side === 'top' ? 'top' : 'bottom',
          width: Number(width),
          color,
          gap: Number(gap),
        };
      }
      typography[`h${level}`] = heading;
    }
  }
  // The column: the outermost box narrower than the viewport around the paragraphs holding most
  // characters (a Bootstrap .container, a centred wrapper, the body inside its margin).
  const containers = new Map<string, number>();
  const widths: [number, number, string, number][] = [];
  for (const [box, chars] of boxes) {
    let outer = box;
    for (let a: Element | null = box; a && a !== doc.documentElement; a = a.parentElement)
      if (rectOf(a).width < W - 2) outer = a;
    if (rectOf(outer).width >= W - 2) continue;
    const c = contentBox(outer);
    if (c.width <= 0) continue;
    const key = Math.round(c.left) + '|' + Math.round(c.width);
    add(containers, key, chars);
    // A paragraph of one line runs as far as its words, not its box (a short line in a wide box
    // says nothing of where longer text would wrap).
    const inner = lineOf(box) ?? contentBox(box);
    if (inner.width > 0)
      widths.push([Math.round(inner.width), chars, key, Math.round(inner.left - c.left)]);
  }
  const column = heaviest(containers);
  if (column) {
    const [left = NaN, width = NaN] = column.split('|').map(Number);
    // The measure: how wide the paragraphs of that column run (those spanning half of it or more).
    const spans = widths.filter((w) => w[2] === column && w[0] >= width * 0.5);
    const measure = weightedMedian(spans) || width;
    typography.column = {
      left,
      width,
      measure: Math.min(measure, width),
      isCentered: Math.abs(left + width / 2 - W / 2) <= Math.max(8, W * 0.01),
    };
    // Where those paragraphs start inside the column (a measure centred in a wide column beside a
    // sidebar sits well right of the column's edge).
    const inset = weightedMedian(spans.map((w) => [w[3], w[1]] as const));
    if (inset !== undefined && inset > 0) typography.column.inset = inset;
    // No paragraph to measure: the measure is the column's width, a guess other pages overrule.
    if (spans.length === 0) typography.column.isMeasureGuessed = true;
  }
  // The rhythm: the gap between two paragraphs in a row, and the gap before a section's heading.
  const paragraphGaps: number[] = [];
  for (const p of doc.querySelectorAll('p')) {
    const next = p.nextElementSibling;
    if (!next || next.tagName !== 'P' || isChrome(p) || !isShown(p) || !isShown(next)) continue;
    const gap = rectOf(next).top - rectOf(p).bottom;
    if (gap >= 0 && gap <= 120) paragraphGaps.push(gap);
  }
  // Gaps before h2s (the sections' headings) when the page has any, else before h3s: the gaps
  // before an item's h3 inside a section are not the space between sections.
  const sectionGaps: number[] = [];
  const sectionHeadings = [...doc.querySelectorAll('h2')].some(
    (h) => isShown(h) && !isChrome(h.parentElement || h),
  )
    ? 'h2'
    : 'h3';
  for (const h of doc.querySelectorAll(sectionHeadings)) {
    if (!isShown(h) || isChrome(h.parentElement || h) || (header && header.contains(h))) continue;
    const hr = rectOf(h);
    // The nearest shown box above it: a previous sibling, else its parent's.
    let before: Element | undefined;
    for (let a: Element | null = h; a && a !== body && !before; a = a.parentElement) {
      for (let b = a.previousElementSibling; b; b = b.previousElementSibling)
        if (isShown(b) && rectOf(b).bottom <= hr.top + 1) {
          before = b;
          break;
        }
    }
    if (!before) continue;
    const gap = hr.top - rectOf(before).bottom;
    if (gap >= 0 && gap <= 400) sectionGaps.push(gap);
  }
  if (paragraphGaps.length > 0) typography.paragraphGap = round(median(paragraphGaps)!);
  if (sectionGaps.length > 0) typography.sectionGap = round(median(sectionGaps)!);
  // Bands: full-width blocks of the content drawn on a fill other than the page's (agency-bs3's
  // grey sections). Without them the rebuild draws no alternating bands either.
  let bands = 0;
  for (const e of doc.body.querySelectorAll('section, div, article, main, table')) {
    if (bands >= 2) break;
    const r = rectOf(e);
    if (r.width < W * 0.9 || r.height < 120 || r.height > documentHeight * 0.6) continue;
    if (isChrome(e) || isInCover(e) || inSplash(e) || heroElement === e) continue;
    const s = style(e);
    if (!isOpaque(s.backgroundColor) || s.backgroundColor === background.color) continue;
    if (imageUrl(s.backgroundImage) || !isShown(e)) continue;
    bands++;
  }
  return Object.assign(typography, { hasBands: bands > 0 });
}
