import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Section } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { contrast, parseColor } from '../../lib/color';
import type { Node } from './dom';
import { markTitleBand, toTitleBand } from './title-band';
import type { AssetIndex } from './walk-content';
import { extractSite } from './extract-site';
import { toRawSite } from '../generate/testing/load-fixture';
import { planSite } from '../plan/plan-site';

const PHOTO = 'https://college.example/img/library.jpg';
const assets: AssetIndex = new Map([[PHOTO, { width: 1920, height: 1080 }]]);
const mark = (band: object): string => JSON.stringify(band).replace(/"/g, '&quot;');

describe('toTitleBand', () => {
  it('keeps a translucent fill over a downloaded picture, in hex, with its opacity', () => {
    const found = toTitleBand(
      JSON.stringify({
        words: 'Dean’s word',
        height: 230,
        fill: 'rgba(0, 0, 0, 0.7)',
        image: PHOTO,
        size: 24,
        color: 'rgb(255, 255, 255)',
        align: 'center',
      }),
      assets,
    );
    expect(found).toEqual({
      words: 'Dean’s word',
      band: {
        height: 230,
        fill: '#000000',
        opacity: 0.7,
        image: { src: PHOTO, alt: '', asset: PHOTO, width: 1920, height: 1080 },
        size: 24,
        color: '#ffffff',
        align: 'center',
      },
    });
  });

  it('keeps a strip of colour, its words made readable; drops a band drawn on nothing kept', () => {
    const strip = toTitleBand(
      JSON.stringify({
        words: 'About',
        height: 40,
        fill: 'rgb(30, 80, 140)',
        size: 200,
        color: 'rgb(40, 60, 90)',
        align: 'start',
      }),
      assets,
    )!.band;
    expect(strip).toMatchObject({ height: 80, fill: '#1e508c', size: 72 });
    expect(strip.image).toBeUndefined();
    expect(strip.align).toBeUndefined();
    expect(contrast(parseColor(strip.color!)!, parseColor('#1e508c')!)).toBeGreaterThanOrEqual(3);
    // A picture fetch did not download, and no fill: nothing to draw.
    const missing = 'https://college.example/img/missing.jpg';
    const none = JSON.stringify({
      words: 'A',
      height: 200,
      image: missing,
      size: 24,
      color: 'rgb(0, 0, 0)',
      align: 'left',
    });
    expect(toTitleBand(none, assets)).toBeUndefined();
    expect(toTitleBand('{not json', assets)).toBeUndefined();
  });
});

describe('markTitleBand', () => {
  it('gives the band to the section its heading opens, by the words shown', () => {
    const document = parse(`<html><body>
      <h2 ${PROBE_MARKS.titleBand}="${mark({ words: 'Dean’s  word', height: 230, fill: 'rgba(0, 0, 0, 0.7)', image: PHOTO, size: 24, color: 'rgb(255, 255, 255)', align: 'center' })}">Dean’s word</h2>
      <p>Welcome.</p><h3>Contact</h3></body></html>`) as Node;
    const sections: Section[] = [
      { id: 'intro', blocks: [] },
      { id: 'word', heading: { level: 2, inlines: [{ text: 'Dean’s word' }] }, blocks: [] },
      { id: 'contact', heading: { level: 3, inlines: [{ text: 'Contact' }] }, blocks: [] },
    ];
    markTitleBand(sections, document, assets);
    expect(sections.map((s) => s.titleBand?.height)).toEqual([undefined, 230, undefined]);
  });
});

describe('a title band through the plan', () => {
  it("stays on the section its heading opens, its fill opaque without the picture's file", () => {
    const band = mark({
      words: 'Our history',
      height: 180,
      fill: 'rgba(10, 40, 90, 0.8)',
      image: 'http://site.example/img/not-fetched.jpg',
      size: 36,
      color: 'rgb(255, 255, 255)',
      align: 'center',
    });
    // A short lead-in before the page's heading (a line of the header) does not swallow the band.
    const html = `<html><head><title>History</title></head><body>
      <p>Open Monday to Friday</p>
      <div ${PROBE_MARKS.titleBand}="${band}"><h2>Our history</h2></div>
      <p>Founded in 1901 by the town's teachers.</p>
      <h2>Today</h2><p>Two thousand students.</p></body></html>`;
    const plan = planSite(extractSite(toRawSite(html)), { strategy: 'STYLE_MODERNIZATION' });
    const sections = plan.pages[0]!.sections;
    const titled = sections.find((s) => s.titleBand);
    expect(titled?.heading?.inlines).toEqual([{ text: 'Our history' }]);
    expect(titled?.titleBand).toEqual({
      height: 180,
      fill: '#0a285a',
      size: 36,
      color: '#ffffff',
      align: 'center',
    });
    expect(sections.filter((s) => s.titleBand)).toHaveLength(1);
  });
});
