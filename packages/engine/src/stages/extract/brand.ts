/**
 * Brand colours and fonts from the site's CSS, inline styles and legacy attributes (bgcolor,
 * <body text link>, <font color face>): the fallback when no browser rendered the site (issue 12).
 * CSS is read with css-tree (issue 11 item 6: a maintained parser that tolerates the broken CSS old
 * sites ship), rule by rule, `@media` blocks included; markup is read through parse5 only.
 */
import { generate, parse, walk as walkCss, type CssNode } from 'css-tree';
import { parseColor, toHex, toHsl } from '../../lib/color';
import type { Node } from './dom';
import { getAttr, isElement, textContent, walk } from './dom';
import { findOverlay } from './overlays';

/** What the brand scan found. */
export interface BrandFindings {
  colors: { primary?: string; accent?: string; background?: string; text?: string };
  fonts: { heading?: string; body?: string };
}

interface Votes {
  chromatic: Map<string, number>;
  background?: string;
  text?: string;
  bodyFont?: string;
  /** normalize.css sets `html { font-family: sans-serif }`: a `body` rule's family wins over it. */
  isBodyFontFromBody?: boolean;
  headingFont?: string;
}

/** Reads the brand from stylesheets (CSS text) and documents (parse5 roots), in that order of weight. */
export function findBrand(
  stylesheets: string[],
  documents: { root: Node; readStyleElements: boolean }[],
): BrandFindings {
  const votes: Votes = { chromatic: new Map() };
  for (const css of stylesheets) scanCss(css, votes);
  for (const document of documents) scanDocument(document.root, votes, document.readStyleElements);
  const ranked = [...votes.chromatic.entries()].sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  );
  const colors: BrandFindings['colors'] = {};
  const primary = ranked[0]?.[0];
  if (primary) {
    colors.primary = primary;
    const primaryHue = toHsl(parseColor(primary)!).h;
    const accent = ranked.find(([hex]) => {
      const distance = Math.abs(toHsl(parseColor(hex)!).h - primaryHue);
      return Math.min(distance, 360 - distance) > 30;
    });
    if (accent) colors.accent = accent[0];
  }
  if (votes.background) colors.background = votes.background;
  if (votes.text) colors.text = votes.text;
  const fonts: BrandFindings['fonts'] = {};
  if (votes.bodyFont) fonts.body = votes.bodyFont;
  if (votes.headingFont) fonts.heading = votes.headingFont;
  return { colors, fonts };
}

function vote(votes: Votes, value: string, weight: number): void {
  const rgb = parseColor(value);
  if (!rgb) return;
  const { s, l } = toHsl(rgb);
  if (s < 0.25 || l < 0.12 || l > 0.88) return;
  const hex = toHex(rgb);
  votes.chromatic.set(hex, (votes.chromatic.get(hex) ?? 0) + weight);
}

function firstFamily(value: string): string | undefined {
  const family = value
    .split(',')[0]
    ?.trim()
    .replace(/^["']|["']$/g, '');
  if (!family || /^(?:inherit|initial|unset|var\()/.test(family)) return undefined;
  return family;
}

/** The raw text of a css-tree node parsed without detail (a Raw prelude or value), else its CSS. */
function toText(node: CssNode | null | undefined): string {
  if (!node) return '';
  return node.type === 'Raw' ? node.value : generate(node);
}

/** Reads every rule of a stylesheet (or, with `selector`, a style attribute's declarations). */
function scanCss(css: string, votes: Votes, selector?: string): void {
  const ast = parse(css, {
    context: selector === undefined ? 'stylesheet' : 'declarationList',
    // Selectors and values are read as text: never a parse failure, and faster.
    parseRulePrelude: false,
    parseValue: false,
    parseAtrulePrelude: false,
    parseCustomProperty: false,
    onParseError: () => {},
  });
  if (selector !== undefined) {
    scanDeclarations(ast, selector, votes);
    return;
  }
  walkCss(ast, {
    visit: 'Rule',
    enter(rule) {
      scanDeclarations(rule.block, toText(rule.prelude).trim().toLowerCase(), votes);
    },
  });
}

function scanDeclarations(block: CssNode, selector: string, votes: Votes): void {
  const isBody = /(?:^|,)\s*(?:html|body)\s*(?:,|$)/.test(selector);
  const isHeading = /(?:^|[\s,>])h[1-3]\b/.test(selector);
  const isLink = /(?:^|[\s,>])a\b|:link|\.btn-primary|\.navbar|header|\.brand|\.button/.test(
    selector,
  );
  walkCss(block, {
    visit: 'Declaration',
    enter(declaration) {
      const property = declaration.property.toLowerCase();
      const value = toText(declaration.value).trim();
      if (property === 'color') {
        if (isBody && parseColor(value)) votes.text = toHex(parseColor(value)!);
        vote(votes, value, isLink || isHeading ? 3 : 1);
      } else if (property === 'background-color' || property === 'background') {
        const colorWord =
          property === 'background'
            ? value
                .replace(/url\([^)]*\)/gi, ' ')
                .split(/\s+(?![^(]*\))/)
                .find((part) => parseColor(part))
            : value;
        if (!colorWord) return;
        if (isBody && parseColor(colorWord)) votes.background = toHex(parseColor(colorWord)!);
        vote(votes, colorWord, isLink ? 3 : 2);
      } else if (
        property === 'border-color' ||
        property === 'border-top-color' ||
        property === 'border-bottom-color'
      ) {
        vote(votes, value, 1);
      } else if (property === 'font-family' || property === 'font') {
        // `font: 400 16px/1.5 "Helvetica Neue", …`: the family follows the last number (the size).
        const family =
          property === 'font' ? /\d[\w.%/]*\s+(?![\d.])([^;]+)$/.exec(value)?.[1] : value;
        const first = family ? firstFamily(family) : undefined;
        if (!first) return;
        const isBodyRule = /(?:^|,)\s*body\s*(?:,|$)/.test(selector);
        // Later rules win, as in the cascade (a theme's body rule after Bootstrap's).
        if (isBody && (isBodyRule || !votes.isBodyFontFromBody)) {
          votes.bodyFont = first;
          votes.isBodyFontFromBody = isBodyRule;
        }
        if (isHeading && !votes.headingFont) votes.headingFont = first;
      }
    },
  });
}

function scanDocument(document: Node, votes: Votes, readStyleElements: boolean): void {
  walk(document, (node) => {
    if (!isElement(node)) return true;
    const tag = node.tagName;
    if (tag === 'style' && readStyleElements) scanCss(textContent(node), votes);
    if (tag === 'script' || tag === 'style') return false;
    // A cookie notice's or chat launcher's colours are a vendor's, not the site's (./overlays.ts).
    if (findOverlay(node)) return false;
    if (tag === 'body') {
      const bg = getAttr(node, 'bgcolor');
      if (bg && !votes.background && parseColor(bg)) votes.background = toHex(parseColor(bg)!);
      const text = getAttr(node, 'text');
      if (text && !votes.text && parseColor(text)) votes.text = toHex(parseColor(text)!);
      const link = getAttr(node, 'link');
      if (link) vote(votes, link, 4);
    }
    const bgcolor = getAttr(node, 'bgcolor');
    if (bgcolor && tag !== 'body') vote(votes, bgcolor, 2);
    if (tag === 'font') {
      const color = getAttr(node, 'color');
      if (color) vote(votes, color, 1);
      const face = getAttr(node, 'face');
      const first = face ? firstFamily(face) : undefined;
      if (first && !votes.bodyFont) votes.bodyFont = first;
    }
    const style = getAttr(node, 'style');
    if (style) scanCss(style, votes, tag);
    return true;
  });
}
