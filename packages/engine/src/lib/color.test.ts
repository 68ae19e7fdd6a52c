import { describe, expect, it } from 'vitest';
import { contrast, ensureContrast, fromHsl, parseColor, toHex, toHsl } from './color';

describe('parseColor', () => {
  it('knows every CSS named colour, not only the common ones', () => {
    expect(parseColor('rebeccapurple')).toEqual({ r: 102, g: 51, b: 153 });
    expect(parseColor('PapayaWhip')).toEqual({ r: 255, g: 239, b: 213 });
    expect(parseColor('lightgoldenrodyellow')).toEqual({ r: 250, g: 250, b: 210 });
    expect(parseColor('darkolivegreen')).toEqual({ r: 85, g: 107, b: 47 });
  });

  it('reads hex, legacy bare hex, and old and new rgb()/hsl() syntax', () => {
    expect(parseColor('#fed136')).toEqual({ r: 254, g: 209, b: 54 });
    expect(parseColor('#abc')).toEqual({ r: 170, g: 187, b: 204 });
    expect(parseColor('ffcc00')).toEqual({ r: 255, g: 204, b: 0 });
    expect(parseColor('rgb(255, 0, 0)')).toEqual({ r: 255, g: 0, b: 0 });
    expect(parseColor('rgb(255 128 0 / 50%)')).toEqual({ r: 255, g: 128, b: 0 });
    expect(parseColor('hsl(120deg 100% 25%)')).toEqual({ r: 0, g: 128, b: 0 });
    expect(parseColor('#333 !important')).toEqual({ r: 51, g: 51, b: 51 });
  });

  it('answers "no colour" for a value culori throws on (a background shorthand part)', () => {
    // `background: url(x.gif) no-repeat center/8px` split into words: culori's tokenizer threw on
    // "center/8px", and extract failed for the whole site.
    expect(parseColor('center/8px')).toBeUndefined();
    expect(parseColor('top/50%')).toBeUndefined();
  });

  it('gives nothing for what is not a visible colour', () => {
    for (const value of ['transparent', 'rgba(0,0,0,0)', 'inherit', 'currentColor', '', 'url(x)'])
      expect(parseColor(value)).toBeUndefined();
  });
});

describe('contrast arithmetic', () => {
  it('computes WCAG ratios: dark text on the agency yellow passes easily', () => {
    const yellow = parseColor('#fed136')!;
    expect(contrast(yellow, { r: 0, g: 0, b: 0 })).toBeCloseTo(14.39, 1);
    expect(contrast({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(21, 5);
  });

  it('round-trips through HSL and reaches a requested contrast', () => {
    const teal = parseColor('teal')!;
    const { h, s, l } = toHsl(teal);
    expect(toHex(fromHsl(h, s, l))).toBe('#008080');
    const white = { r: 255, g: 255, b: 255 };
    expect(contrast(ensureContrast(parseColor('gold')!, white, 4.5), white)).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
