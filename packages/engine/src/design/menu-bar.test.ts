import { describe, expect, it } from 'vitest';
import type { TypeScale } from '../model';
import { contrast, parseColor } from '../lib/color';
import { toReadableMenuBar } from './offline-designer';

const SCALE: TypeScale = {
  body: { size: 16, lineHeight: 1.5 },
  headings: {
    h1: { size: 32, weight: 700 },
    h2: { size: 24, weight: 700 },
    h3: { size: 20, weight: 700 },
  },
  flowGap: 16,
} as TypeScale;

const bar = (more: Partial<NonNullable<TypeScale['menuBar']>>): TypeScale => ({
  ...SCALE,
  menuBar: {
    color: 'rgb(20, 40, 120)',
    text: 'rgb(255, 255, 255)',
    weight: 700,
    size: 15,
    height: 44,
    isFullWidth: true,
    ...more,
  },
});

describe('toReadableMenuBar', () => {
  it('rebuilds the gradient from its stops, each shown over the bar’s colour', () => {
    const menuBar = toReadableMenuBar(
      bar({ gradient: 'linear-gradient(rgba(255, 255, 255, 0.2), rgb(20, 40, 120))' }),
    ).menuBar;
    expect(menuBar?.gradient).toBe('linear-gradient(#435393, #142878)');
    expect(menuBar?.color).toBe('#142878');
  });

  it('drops a gradient it cannot rebuild (a page’s own string never reaches the stylesheet)', () => {
    const menuBar = toReadableMenuBar(
      bar({ gradient: 'linear-gradient(#000, #fff); } body { display: none' }),
    ).menuBar;
    expect(menuBar).toBeDefined();
    expect(menuBar?.gradient).toBeUndefined();
  });

  it('makes the links read on every stop of the gradient', () => {
    // The white words read on neither stop: the links turn dark, readable on both.
    const menuBar = toReadableMenuBar(
      bar({
        color: 'rgb(0, 0, 0)',
        gradient: 'linear-gradient(rgb(250, 250, 250), rgb(160, 160, 160))',
      }),
    ).menuBar!;
    const text = parseColor(menuBar.text)!;
    for (const stop of ['#fafafa', '#a0a0a0'])
      expect(contrast(text, parseColor(stop)!)).toBeGreaterThanOrEqual(4.5);
  });

  it('drops a bar that is mostly see-through (the header shows through it)', () => {
    expect(toReadableMenuBar(bar({ color: 'rgba(255, 255, 255, 0.15)' })).menuBar).toBeUndefined();
    expect(toReadableMenuBar(bar({ color: 'oklab(1 0 0 / 0.15)' })).menuBar).toBeUndefined();
  });
});
