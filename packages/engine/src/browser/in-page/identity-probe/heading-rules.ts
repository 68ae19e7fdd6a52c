/**
 * A line drawn with a heading (issue 23: STYLE_MODERNIZATION keeps the original's rules and lines):
 * a border above or below the heading itself (a legal page's h2 under a hairline), or the bottom or
 * top border of a wrapper barely taller than it (a page title's underline drawn by a short div).
 */
import { alphaOf } from './color';
import { rectOf, style } from './dom';

/** A line this opaque or more shows. */
const MIN_LINE_ALPHA = 0.2;
/** A wrapper at most this many times the heading's height draws the heading's line, not a section's. */
const MAX_WRAPPER_RATIO = 1.6;
/** The widest line kept (px): a thicker one is a bar, not a rule. */
const MAX_LINE_WIDTH = 8;
/** The most space (px) kept between the line and the words. */
const MAX_GAP = 48;

/** A heading's line: its side, width (px), computed colour and the space (px) between it and the words. */
export interface HeadingRule {
  side: 'top' | 'bottom';
  width: number;
  color: string;
  gap: number;
}

const px = (v: string): number => Number.parseFloat(v) || 0;

/** The border line on one side of a box, when it shows. */
function lineOn(
  s: CSSStyleDeclaration,
  side: 'top' | 'bottom',
): { width: number; color: string } | undefined {
  const width = px(s.getPropertyValue(`border-${side}-width`));
  const color = s.getPropertyValue(`border-${side}-color`);
  if (width < 1 || width > MAX_LINE_WIDTH) return undefined;
  if (['none', 'hidden'].includes(s.getPropertyValue(`border-${side}-style`))) return undefined;
  return alphaOf(color) >= MIN_LINE_ALPHA ? { width: Math.round(width), color } : undefined;
}

/** The line drawn with heading `h`, when it has one (the bottom one first: an underline). */
export function headingRuleOf(h: Element): HeadingRule | undefined {
  const s = style(h);
  for (const side of ['bottom', 'top'] as const) {
    const line = lineOn(s, side);
    if (!line) continue;
    const pad = px(s.getPropertyValue(`padding-${side}`));
    return { side, ...line, gap: Math.round(Math.min(MAX_GAP, pad)) };
  }
  // A wrapper holding only the heading (its text is the heading's), barely taller than it.
  const wrapper = h.parentElement;
  if (!wrapper || wrapper === h.ownerDocument.body) return undefined;
  if ((wrapper.textContent ?? '').trim() !== (h.textContent ?? '').trim()) return undefined;
  const hr = rectOf(h);
  const wr = rectOf(wrapper);
  if (hr.height <= 0 || wr.height > hr.height * MAX_WRAPPER_RATIO) return undefined;
  const ws = style(wrapper);
  for (const side of ['bottom', 'top'] as const) {
    const line = lineOn(ws, side);
    if (!line) continue;
    // The space between the words' box and the line, inside the wrapper.
    const gap =
      side === 'bottom' ? wr.bottom - line.width - hr.bottom : hr.top - wr.top - line.width;
    return { side, ...line, gap: Math.round(Math.min(MAX_GAP, Math.max(0, gap))) };
  }
  return undefined;
}
