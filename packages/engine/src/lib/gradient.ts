/**
 * Gradients the original drew (section boxes, menu bars), rebuilt from their parsed parts: a page's
 * own `background-image` string never reaches a generated stylesheet as it is.
 */
import { toHex, toOpaque, type Rgb } from './color';

/**
 * A computed `linear-gradient(…)` rebuilt from its parts: a direction (`135deg`, `to right`) and
 * colour stops of opaque hex colours with optional percentages; undefined when any part is not one.
 */
export function toLinearGradient(
  value: string,
  ground: Rgb,
): { css: string; colors: Rgb[] } | undefined {
  const inner = /^linear-gradient\((.*)\)$/.exec(value.trim())?.[1];
  if (!inner) return undefined;
  // Split at the commas outside parentheses.
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const char of inner) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(part.trim());
      part = '';
    } else part += char;
  }
  parts.push(part.trim());
  const out: string[] = [];
  const colors: Rgb[] = [];
  for (const [index, item] of parts.entries()) {
    if (
      index === 0 &&
      /^(?:-?\d+(?:\.\d+)?deg|to(?: (?:top|bottom|left|right)){1,2})$/.test(item)
    ) {
      out.push(item);
      continue;
    }
    const stop =
      /^((?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^)]*\))(?:\s+(-?\d+(?:\.\d+)?%))?$/.exec(
        item,
      );
    const color = stop && toOpaque(stop[1]!, ground);
    if (!stop || !color) return undefined;
    colors.push(color);
    out.push(stop[2] ? `${toHex(color)} ${stop[2]}` : toHex(color));
  }
  return colors.length >= 2 ? { css: `linear-gradient(${out.join(', ')})`, colors } : undefined;
}

/** A gradient as {@link toLinearGradient} writes it (a direction, then hex stops), and nothing else. */
const REBUILT_GRADIENT =
  /^linear-gradient\((?:(?:-?\d+(?:\.\d+)?deg|to(?: (?:top|bottom|left|right)){1,2}), )?#[0-9a-f]{6}(?: -?\d+(?:\.\d+)?%)?(?:, #[0-9a-f]{6}(?: -?\d+(?:\.\d+)?%)?)+\)$/;

/** True for a gradient {@link toLinearGradient} could have written (checked again before printing). */
export const isRebuiltGradient = (css: string): boolean => REBUILT_GRADIENT.test(css);
