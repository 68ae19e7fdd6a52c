/** Computed CSS colours and background pictures, read as strings. */
import { doc } from './view';

/** The alpha of a computed colour (`transparent` and none: 0). */
export const alphaOf = (c: string | undefined): number => {
  if (!c || c === 'transparent') return 0;
  const m = /rgba?\(([^)]*)\)/.exec(c);
  if (!m) return 1;
  const parts = m[1]!.split(/[\s,/]+/).filter(Boolean);
  return parts.length > 3 ? Number.parseFloat(parts[3]!) : 1;
};

export const isOpaque = (c: string | undefined): boolean => alphaOf(c) > 0.5;

/** The absolute URL of a `background-image`'s picture (an SVG data URL is no picture). */
export const imageUrl = (value: string | undefined): string | undefined => {
  const m = /url\((['"]?)(.*?)\1\)/.exec(value || '');
  return m && m[2] && !/^data:image\/svg/.test(m[2]) ? new URL(m[2], doc.baseURI).href : undefined;
};

/** The first colour of a `background-image`'s gradient. */
export const gradientColor = (value: string | undefined): string | undefined => {
  const m = /gradient\(.*?(rgba?\([^)]*\))/.exec(value || '');
  return m ? m[1] : undefined;
};

/** The channels of an `rgb(…)`/`rgba(…)` colour, else undefined. */
export const channels = (c: string | undefined): number[] | undefined => {
  const m = /rgba?\(([^)]*)\)/.exec(c || '');
  return m
    ? m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number)
    : undefined;
};

/** WCAG relative luminance of an `rgb(…)` colour. */
export const lum = (c: string): number => {
  const [r = NaN, g = NaN, b = NaN] = channels(c)!.map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG contrast ratio of two `rgb(…)` colours. */
export const ratio = (a: string, b: string): number => {
  const [x = NaN, y = NaN] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
};
