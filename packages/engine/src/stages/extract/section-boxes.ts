/**
 * The boxes the original drew sections and items in (issue 23: STYLE_MODERNIZATION keeps the
 * original's backgrounds and borders): read from what the identity probe measured
 * (PROBE_MARKS.sectionBox, PROBE_MARKS.itemBoxStyle) into BoxStyle, colours as hex, a gradient
 * rebuilt from its parsed parts only (a stylesheet never takes a page's string as it is), and the
 * words' colour made readable (4.5:1) on every colour of the fill.
 */
import { z } from 'zod';
import type { Block, BoxStyle, InlineRun, Section } from '../../model';
import { plainText } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { boxStyleSchema } from '../../contract/site-model';
import { contrast, ensureContrast, parseColor, toHex, toOpaque, type Rgb } from '../../lib/color';
import { toLinearGradient } from '../../lib/gradient';
import type { Element, Node } from './dom';
import { collapse, findElement, findElements, getAttr, textContent } from './dom';

/**
 * The probe's JSON (the in-page MeasuredBox): a BoxStyle's shape as computed, with the words' colour
 * required and the ground under the box.
 */
const measuredBoxSchema = boxStyleSchema.extend({
  text: z.string(),
  ground: z.string(),
  words: z.string().optional(),
});

/** WCAG AA for body text. */
const READABLE = 4.5;
/** Corners larger than this (px) are drawn at it: a pill-shaped section is no card. */
const MAX_RADIUS = 32;
/** A card's room above and below its words (px) is kept between these; less is the default's. */
const MIN_PAD = 8;
const MAX_PAD = 64;

/** `text`, or the colour nearest it, reading at 4.5:1 on every one of `fills`. */
function toReadable(text: Rgb, fills: Rgb[]): Rgb {
  let color = text;
  for (let round = 0; round < 3; round++) {
    const worst = fills.reduce((a, b) => (contrast(color, a) <= contrast(color, b) ? a : b));
    if (contrast(color, worst) >= READABLE) return color;
    color = ensureContrast(color, worst, READABLE);
  }
  const black = { r: 0, g: 0, b: 0 };
  const white = { r: 255, g: 255, b: 255 };
  const least = (c: Rgb): number => Math.min(...fills.map((f) => contrast(c, f)));
  return least(color) >= READABLE ? color : least(black) >= least(white) ? black : white;
}

/** A box mark's JSON as the probe wrote it; undefined when unreadable. */
function toMeasuredBox(value: string | undefined): z.infer<typeof measuredBoxSchema> | undefined {
  if (!value) return undefined;
  try {
    const parsed = measuredBoxSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What the probe measured of a box (its mark's JSON) as a BoxStyle; undefined when unreadable. */
export function toBoxStyle(value: string | undefined): BoxStyle | undefined {
  const measured = toMeasuredBox(value);
  if (!measured) return undefined;
  const ground = parseColor(measured.ground) ?? { r: 255, g: 255, b: 255 };
  const box: BoxStyle = {};
  const fill = measured.fill ? toOpaque(measured.fill, ground) : undefined;
  const gradient = measured.gradient ? toLinearGradient(measured.gradient, ground) : undefined;
  const fills = gradient ? gradient.colors : fill ? [fill] : [];
  if (fill) box.fill = toHex(fill);
  if (gradient) box.gradient = gradient.css;
  const border = measured.border && toOpaque(measured.border.color, ground);
  if (measured.border && border)
    box.border = {
      width: Math.max(1, Math.min(8, Math.round(measured.border.width))),
      color: toHex(border),
      sides: measured.border.sides,
    };
  if (!box.fill && !box.gradient && !box.border) return undefined;
  if (measured.radius !== undefined && measured.radius >= 1)
    box.radius = Math.min(MAX_RADIUS, Math.round(measured.radius));
  const text = parseColor(measured.text);
  if (fills.length > 0 && text) {
    // The words, the heading and the links as the original coloured them, each readable on the fill.
    box.text = toHex(toReadable(text, fills));
    const heading = measured.heading && parseColor(measured.heading);
    if (heading) box.heading = toHex(toReadable(heading, fills));
    const link = measured.link && parseColor(measured.link);
    if (link) box.link = toHex(toReadable(link, fills));
  }
  const headFill = measured.head && toOpaque(measured.head.fill, fills[0] ?? ground);
  const headText = measured.head && parseColor(measured.head.text);
  if (headFill && headText)
    box.head = { fill: toHex(headFill), text: toHex(toReadable(headText, [headFill])) };
  if (measured.isFullWidth) box.isFullWidth = true;
  if (measured.pad !== undefined && measured.pad >= MIN_PAD)
    box.pad = Math.min(MAX_PAD, Math.round(measured.pad));
  return box;
}

const key = (text: string): string => collapse(text).toLowerCase();

/** The first heading inside a box element. */
const firstHeadingOf = (box: Element): Element | undefined =>
  findElement(box, (e) => /^h[1-6]$/.test(e.tagName) && e !== box);

/**
 * Gives each section whose heading the original drew in a box of its own (PROBE_MARKS.sectionBox)
 * that box, matched by the words of the heading it opened with as shown (else its first heading in
 * the HTML); boxes whose headings share words go to those sections in document order, once each.
 */
export function markBoxedSections(sections: Section[], document: Node): void {
  const boxes = new Map<string, { style: BoxStyle; holds: Set<string> }[]>();
  for (const element of findElements(document, (e) => !!getAttr(e, PROBE_MARKS.sectionBox))) {
    const value = getAttr(element, PROBE_MARKS.sectionBox);
    const heading = firstHeadingOf(element);
    const words = key(toMeasuredBox(value)?.words ?? (heading ? textContent(heading) : ''));
    const style = words ? toBoxStyle(value) : undefined;
    // The words of every heading the box holds: the sections drawn inside it.
    const holds = new Set(
      findElements(element, (e) => /^h[1-6]$/.test(e.tagName)).map((h) => key(textContent(h))),
    );
    if (style) boxes.set(words, [...(boxes.get(words) ?? []), { style, holds }]);
  }
  if (boxes.size === 0) return;
  // The boxed section above and its level, while deeper sections follow it.
  let open: { level: number; holds: Set<string> } | undefined;
  for (const section of sections) {
    // A heading the original never showed (kept for screen readers) opened no box: the first heading
    // it did show in the section did.
    const heading = section.heading?.visuallyHidden
      ? (firstHeadingBlockOf(section.blocks) ?? section.heading)
      : section.heading;
    const words = heading ? key(plainText(heading.inlines)) : '';
    const level = section.heading?.level ?? 0;
    if (open && section.heading && level > open.level && !section.heading.visuallyHidden) {
      if (!open.holds.has(words)) section.afterBox = true;
    } else open = undefined;
    const box = words ? boxes.get(words)?.shift() : undefined;
    if (box) {
      section.box = box.style;
      if (section.heading) open = { level: section.heading.level, holds: box.holds };
    }
  }
}

/** The first heading among `blocks`, those of a layout row's columns and items included. */
function firstHeadingBlockOf(blocks: Block[]): { inlines: InlineRun[] } | undefined {
  for (const block of blocks) {
    if (block.kind === 'heading') return block;
    if (block.kind === 'items') {
      for (const item of block.items) {
        const found = firstHeadingBlockOf(item.blocks);
        if (found) return found;
      }
    }
  }
  return undefined;
}
