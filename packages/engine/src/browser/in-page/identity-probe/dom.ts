/** Small readings of the rendered DOM that every step of the probe uses. */
import type { ProbedColor } from '../../../measure/page-probe';

export const style = (e: Element): CSSStyleDeclaration => getComputedStyle(e);
export const rectOf = (e: Element): DOMRect => e.getBoundingClientRect();
/** A box's top edge in page coordinates. */
export const top = (r: DOMRect): number => r.top + window.scrollY;

/** Laid out with a size, not hidden and not (almost) transparent. */
export const isShown = (e: Element): boolean => {
  const r = rectOf(e);
  const s = style(e);
  return (
    r.width > 0 &&
    r.height > 0 &&
    s.visibility !== 'hidden' &&
    s.display !== 'none' &&
    Number(s.opacity) > 0.05
  );
};

/** An element's words, whitespace collapsed. */
export const text = (e: Node): string => (e.textContent || '').replace(/\s+/g, ' ').trim();

/** The text of a text node (never null for one). */
export const textOf = (n: Node): string => n.nodeValue as string;

/** Adds `weight` to `key`'s tally (an empty key counts for nothing). */
export const add = <K>(map: Map<K, number>, key: K, weight: number): void => {
  if (key) map.set(key, (map.get(key) || 0) + weight);
};

/** A tally of colours, heaviest first, weights rounded. */
export const ranked = (map: Map<string, number>): ProbedColor[] =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([color, weight]) => ({ color, weight: Math.round(weight) }));
