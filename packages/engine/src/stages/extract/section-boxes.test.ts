import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Section } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { contrast, parseColor } from '../../lib/color';
import type { Node } from './dom';
import { markBoxedSections, toBoxStyle } from './section-boxes';

const mark = (box: object): string => JSON.stringify(box).replace(/"/g, '&quot;');

describe('toBoxStyle', () => {
  it('rebuilds a gradient card from its parts, in hex, its words readable on every colour', () => {
    const box = toBoxStyle(
      JSON.stringify({
        gradient: 'linear-gradient(135deg, rgb(26, 26, 46) 0%, rgb(60, 90, 140) 100%)',
        border: { width: 2, color: 'rgb(100, 181, 246)', sides: 'all' },
        radius: 12,
        text: 'rgb(90, 90, 110)',
        heading: 'rgb(100, 181, 246)',
        ground: 'rgb(10, 10, 30)',
      }),
    );
    expect(box).toMatchObject({
      gradient: 'linear-gradient(135deg, #1a1a2e 0%, #3c5a8c 100%)',
      border: { width: 2, color: '#64b5f6', sides: 'all' },
      radius: 12,
    });
    for (const stop of ['#1a1a2e', '#3c5a8c']) {
      expect(contrast(parseColor(box!.text!)!, parseColor(stop)!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(parseColor(box!.heading!)!, parseColor(stop)!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("keeps a panel's fill and its heading row's, a translucent fill laid over its ground", () => {
    expect(
      toBoxStyle(
        JSON.stringify({
          fill: 'rgba(0, 0, 0, 0.7)',
          text: 'rgb(255, 255, 255)',
          ground: 'rgb(255, 255, 255)',
          head: { fill: 'rgb(51, 122, 183)', text: 'rgb(255, 255, 255)' },
        }),
      ),
    ).toEqual({
      fill: '#4d4d4d',
      text: '#ffffff',
      head: { fill: '#337ab7', text: '#ffffff' },
    });
  });

  it('draws a translucent border line as it showed over its ground', () => {
    expect(
      toBoxStyle(
        JSON.stringify({
          border: { width: 1, color: 'rgba(255, 255, 255, 0.5)', sides: 'all' },
          text: 'rgb(255, 255, 255)',
          ground: 'rgb(0, 0, 0)',
        }),
      )?.border,
    ).toEqual({ width: 1, color: '#808080', sides: 'all' });
  });

  it('reads a translucent fill in any colour syntax as it showed over its ground', () => {
    // Chromium computes a fill set as `oklab(… / a)` in that form (Tailwind v4's `bg-white/5`).
    const box = toBoxStyle(
      JSON.stringify({
        fill: 'oklab(1 0 0 / 0.05)',
        text: 'rgb(255, 255, 255)',
        ground: 'rgb(0, 0, 0)',
      }),
    );
    expect(box?.fill).toBe('#0d0d0d');
    expect(box?.text).toBe('#ffffff');
  });

  it('takes nothing that is not a box', () => {
    expect(toBoxStyle('{"text":"rgb(0, 0, 0)","ground":"rgb(255, 255, 255)"}')).toBeUndefined();
    expect(toBoxStyle('not json')).toBeUndefined();
  });
});

describe('markBoxedSections', () => {
  it('gives a section the box its heading opened in the original, by the heading’s words', () => {
    const document = parse(`<html><body>
      <div ${PROBE_MARKS.sectionBox}="${mark({ border: { width: 1, color: 'rgb(221, 221, 221)', sides: 'all' }, text: 'rgb(51, 51, 51)', ground: 'rgb(255, 255, 255)' })}">
        <h3>Basic  Plan</h3><p>$19</p></div>
      <hr><h2>Contact</h2><p>Write to us.</p></body></html>`) as Node;
    const sections: Section[] = [
      { id: 'basic-plan', heading: { level: 3, inlines: [{ text: 'Basic Plan' }] }, blocks: [] },
      { id: 'contact', heading: { level: 2, inlines: [{ text: 'Contact' }] }, blocks: [] },
    ];
    markBoxedSections(sections, document);
    expect(sections[0]!.box).toEqual({ border: { width: 1, color: '#dddddd', sides: 'all' } });
    expect(sections[1]!.box).toBeUndefined();
  });

  it('matches a box by the heading shown, and gives boxes of one heading to its sections in turn', () => {
    const box = (fill: string, words?: string) =>
      mark({
        fill,
        text: 'rgb(0, 0, 0)',
        ground: 'rgb(255, 255, 255)',
        ...(words ? { words } : {}),
      });
    const document = parse(`<html><body>
      <div ${PROBE_MARKS.sectionBox}="${box('rgb(238, 238, 238)')}"><h3>Details</h3><p>One.</p></div>
      <div ${PROBE_MARKS.sectionBox}="${box('rgb(221, 238, 255)')}"><h3>Details</h3><p>Two.</p></div>
      <div ${PROBE_MARKS.sectionBox}="${box('rgb(255, 238, 221)', 'Opening hours')}">
        <h3 class="print-only">Printed header</h3><h3>Opening hours</h3><p>9–5.</p></div>
      </body></html>`) as Node;
    const section = (id: string, text: string): Section => ({
      id,
      heading: { level: 3, inlines: [{ text }] },
      blocks: [],
    });
    const sections = [
      section('details', 'Details'),
      section('details-2', 'Details'),
      section('hours', 'Opening hours'),
    ];
    markBoxedSections(sections, document);
    expect(sections.map((s) => s.box?.fill)).toEqual(['#eeeeee', '#ddeeff', '#ffeedd']);
  });

  it('matches a box by the first heading a section showed, and marks what came after the box', () => {
    const glass = (words: string) =>
      mark({
        gradient: 'linear-gradient(45deg, rgba(100, 181, 246, 0.3), rgba(255, 183, 77, 0.3))',
        text: 'rgb(232, 233, 234)',
        ground: 'rgb(15, 15, 46)',
        words,
        pad: 48,
      });
    const document = parse(`<html><body>
      <section ${PROBE_MARKS.sectionBox}="${glass('Who am I?')}"><h2 class="sr-only">About</h2><h2>Who am I?</h2><p>A.</p></section>
      <section ${PROBE_MARKS.sectionBox}="${glass('Teaching')}"><h1>Teaching</h1><p>Courses.</p></section>
      <section><h3>Philosophy</h3><p>Hands on.</p></section></body></html>`) as Node;
    const sections: Section[] = [
      {
        id: 'about',
        heading: { level: 2, inlines: [{ text: 'About' }], visuallyHidden: true },
        blocks: [
          {
            kind: 'items',
            columns: 2,
            items: [{ blocks: [{ kind: 'heading', level: 2, inlines: [{ text: 'Who am I?' }] }] }],
          },
        ],
      },
      { id: 'teaching', heading: { level: 1, inlines: [{ text: 'Teaching' }] }, blocks: [] },
      { id: 'philosophy', heading: { level: 3, inlines: [{ text: 'Philosophy' }] }, blocks: [] },
    ];
    markBoxedSections(sections, document);
    expect(sections[0]!.box).toMatchObject({
      gradient: 'linear-gradient(45deg, #29416a, #574137)',
      pad: 48,
    });
    expect(sections[1]!.box?.pad).toBe(48);
    expect(sections[1]!.afterBox).toBeUndefined();
    expect(sections[2]!.afterBox).toBe(true);
    expect(sections[2]!.box).toBeUndefined();
  });
});
