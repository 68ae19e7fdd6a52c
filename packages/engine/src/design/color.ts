/** Colour parsing and WCAG contrast arithmetic (sRGB, WCAG 2.x relative luminance). */

/** An sRGB colour with channels 0..255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const NAMED: Record<string, string> = {
  black: '#000000',
  silver: '#c0c0c0',
  gray: '#808080',
  grey: '#808080',
  white: '#ffffff',
  maroon: '#800000',
  red: '#ff0000',
  purple: '#800080',
  fuchsia: '#ff00ff',
  magenta: '#ff00ff',
  green: '#008000',
  lime: '#00ff00',
  olive: '#808000',
  yellow: '#ffff00',
  navy: '#000080',
  blue: '#0000ff',
  teal: '#008080',
  aqua: '#00ffff',
  cyan: '#00ffff',
  orange: '#ffa500',
  darkblue: '#00008b',
  darkred: '#8b0000',
  darkgreen: '#006400',
  royalblue: '#4169e1',
  steelblue: '#4682b4',
  firebrick: '#b22222',
  crimson: '#dc143c',
  gold: '#ffd700',
  brown: '#a52a2a',
  indigo: '#4b0082',
  darkslategray: '#2f4f4f',
  lightgray: '#d3d3d3',
  lightgrey: '#d3d3d3',
  whitesmoke: '#f5f5f5',
  beige: '#f5f5dc',
  ivory: '#fffff0',
  tomato: '#ff6347',
  coral: '#ff7f50',
  salmon: '#fa8072',
  seagreen: '#2e8b57',
  forestgreen: '#228b22',
  midnightblue: '#191970',
  slategray: '#708090',
  dimgray: '#696969',
  darkorange: '#ff8c00',
  dodgerblue: '#1e90ff',
  skyblue: '#87ceeb',
};

/** Parses a CSS or legacy attribute colour (#rgb, #rrggbb, rgb(), hsl(), names, bare hex); undefined when not a colour. */
export function parseColor(input: string): Rgb | undefined {
  const value = input
    .trim()
    .toLowerCase()
    .replace(/\s*!important$/, '');
  if (!value) return undefined;
  const named = NAMED[value];
  if (named) return parseColor(named);
  let hex = /^#?([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex && (value.startsWith('#') || hex.length === 6)) {
    if (hex.length === 3 || hex.length === 4) hex = [...hex.slice(0, 3)].map((c) => c + c).join('');
    if (hex.length === 8) hex = hex.slice(0, 6);
    if (hex.length !== 6) return undefined;
    return {
      r: parseInt(hex.slice(0, 2), 16),
      g: parseInt(hex.slice(2, 4), 16),
      b: parseInt(hex.slice(4, 6), 16),
    };
  }
  const rgb =
    /^rgba?\(\s*([\d.]+)%?[\s,]+([\d.]+)%?[\s,]+([\d.]+)%?(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(value);
  if (rgb) {
    if (rgb[4] !== undefined && Number.parseFloat(rgb[4]) === 0) return undefined;
    return { r: clamp(Number(rgb[1])), g: clamp(Number(rgb[2])), b: clamp(Number(rgb[3])) };
  }
  const hsl = /^hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%/.exec(value);
  if (hsl) return fromHsl(Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100);
  return undefined;
}

function clamp(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}

/** `#rrggbb`. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => clamp(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Hue (0..360), saturation and lightness (0..1). */
export function toHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

/** From hue (degrees), saturation and lightness (0..1). */
export function fromHsl(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r1, g1, b1] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  return { r: clamp((r1 + m) * 255), g: clamp((g1 + m) * 255), b: clamp((b1 + m) * 255) };
}

/** WCAG relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio (1..21). */
export function contrast(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Darkens (or lightens) `color` in HSL lightness until it reaches `ratio` against `against`. */
export function ensureContrast(color: Rgb, against: Rgb, ratio: number): Rgb {
  if (contrast(color, against) >= ratio) return color;
  const { h, s, l } = toHsl(color);
  const darker = luminance(against) > 0.5;
  for (let step = 1; step <= 100; step++) {
    const next = darker ? l - (l * step) / 100 : l + ((1 - l) * step) / 100;
    const candidate = fromHsl(h, s, next);
    if (contrast(candidate, against) >= ratio) return candidate;
  }
  return darker ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
}
