import { describe, expect, it } from 'vitest';
import type { SiteModel } from '../model';
import { extractSite } from '../stages/extract/extract-site';
import { loadFixture } from '../stages/generate/testing/load-fixture';
import { planSite } from '../stages/plan/plan-site';
import type { ProbedTypography } from '../types';
import {
  MIN_BODY_SIZE,
  MIN_LINE_HEIGHT,
  mergeTypography,
  toRebuiltOutline,
  toTypeScale,
} from './type-scale';

/** A Bootstrap 3 page as the probe reads it at 1440 px: 14 px text in a centred 1140 px container. */
const BOOTSTRAP: ProbedTypography = {
  body: { size: 14, lineHeight: 20 },
  h1: { size: 36, weight: 500 },
  h2: { size: 30, weight: 500 },
  column: { left: 150, width: 1140, measure: 723, isCentered: true },
  sectionGap: 40,
  hasBands: false,
};

function modelWith(typography: ProbedTypography | undefined): SiteModel {
  const model = extractSite(loadFixture('contact-page').raw);
  return { ...model, identity: { ...model.identity, ...(typography ? { typography } : {}) } };
}

describe('the measured type scale (decision record 029)', () => {
  it("keeps the original's sizes, column and rhythm, with modern floors", () => {
    const scale = toTypeScale(BOOTSTRAP);
    // 14 px body text is raised to the floor; its 20 px line pitch is kept (20 / 15).
    expect(scale.body.size).toBe(MIN_BODY_SIZE);
    expect(scale.body.lineHeight).toBe(1.33);
    expect(scale.headings.h1).toEqual({ size: 36, weight: 500 });
    expect(scale.headings.h2).toEqual({ size: 30, weight: 500 });
    // No h3 on the page: the browser's default ratio (14 × 1.17), raised to 1.1 × the 15 px body.
    expect(scale.headings.h3).toEqual({ size: 16.5, weight: 700 });
    expect(scale.column).toEqual({ width: 1140, measure: 723, align: 'center' });
    expect(scale.sectionPadding).toBe(20);
    // No paragraph gap measured: one line of the original's text.
    expect(scale.flowGap).toBe(14);
    expect(scale.hasBands).toBe(false);
    expect(scale.hero).toBeUndefined();
    expect(scale.isTextCentered).toBeUndefined();
  });

  it("keeps a page set at the browser's normal line height at its own pitch, not 1.4", () => {
    // A generated manual: Times 16 px, line-height normal (the probe reads 1.2 × the size).
    const scale = toTypeScale({ ...BOOTSTRAP, body: { size: 16, lineHeight: 19.2 } });
    expect(scale.body.lineHeight).toBe(1.2);
    // Tighter than normal still gets the floor.
    expect(toTypeScale({ ...BOOTSTRAP, body: { size: 16, lineHeight: 16 } }).body.lineHeight).toBe(
      MIN_LINE_HEIGHT,
    );
  });

  it("keeps the hero's headline size and centred text", () => {
    const scale = toTypeScale({ ...BOOTSTRAP, heroHeadline: 75, isTextCentered: true });
    expect(scale.hero).toBe(75);
    expect(scale.isTextCentered).toBe(true);
  });

  it('keeps every heading a step above the body (h1 1.5×, h2 1.25×, h3 1.1×), else no larger than the level above', () => {
    const scale = toTypeScale({
      body: { size: 16, lineHeight: 30 },
      h1: { size: 12, weight: 700 },
      h2: { size: 20, weight: 700 },
      h3: { size: 13, weight: 400 },
      hasBands: true,
    });
    // A start page's small h1 (a site title) would make every page's title body text.
    expect(scale.headings.h1.size).toBe(24);
    expect(scale.headings.h2.size).toBe(20);
    expect(scale.headings.h3).toEqual({ size: 17.6, weight: 400 });
    expect(scale.body.lineHeight).toBe(1.88);
    expect(scale.column).toBeUndefined();
  });

  it("keeps a page's h2s at their size when it has no h1 (a missing level is no smaller)", () => {
    // A one-page theme: 40 px section h2s, its hero's headline a styled div, so no h1 measured.
    const { h1: _h1, ...noH1 } = BOOTSTRAP;
    const scale = toTypeScale({ ...noH1, h2: { size: 40, weight: 700 } });
    expect(scale.headings.h1).toEqual({ size: 40, weight: 700 });
    expect(scale.headings.h2).toEqual({ size: 40, weight: 700 });
  });

  it('keeps a column left of centre flush left, to its right edge (beside a sidebar)', () => {
    const scale = toTypeScale({
      ...BOOTSTRAP,
      column: { left: 280, width: 1155, measure: 1140, isCentered: false },
      sectionGap: 400,
    });
    expect(scale.column).toEqual({ width: 1435, measure: 1140, align: 'left' });
    // A section's padding stays within reason whatever the original's gaps.
    expect(scale.sectionPadding).toBe(72);
  });

  it('centres a measure the original centred in a wider column', () => {
    // A book's page: a 740 px measure centred in the 1140 px right of a 300 px summary.
    const book = { left: 300, width: 1140, measure: 740, isCentered: false };
    const scale = toTypeScale({ ...BOOTSTRAP, column: { ...book, inset: 200 } });
    expect(scale.column).toEqual({
      width: 1440,
      measure: 740,
      align: 'left',
      isMeasureCentered: true,
    });
    // A Bootstrap column offset to the middle of a centred container.
    expect(
      toTypeScale({ ...BOOTSTRAP, column: { ...BOOTSTRAP.column!, inset: 208 } }).column,
    ).toEqual({ width: 1140, measure: 723, align: 'center', isMeasureCentered: true });
    // Flush with the column's left edge (a text column beside the page's own sidebar): as before.
    expect(toTypeScale({ ...BOOTSTRAP, column: { ...book, inset: 0 } }).column).toEqual({
      width: 1440,
      measure: 740,
      align: 'left',
    });
    // A measure as wide as its column has nowhere to be centred.
    expect(
      toTypeScale({
        ...BOOTSTRAP,
        column: { left: 280, width: 1155, measure: 1140, isCentered: false, inset: 8 },
      }).column?.isMeasureCentered,
    ).toBeUndefined();
  });

  it("draws an h1-over-h3 page's h3 treatment on the rebuilt h2s (the outline closes the gap)", () => {
    const bar = { color: 'rgb(41, 69, 99)', text: 'rgb(255, 255, 255)' };
    const skipped: ProbedTypography = {
      body: { size: 13, lineHeight: 15.6 },
      h1: { size: 26, weight: 700 },
      h3: { size: 19, weight: 700, color: 'rgb(255, 255, 255)', fill: bar },
      hasBands: false,
    };
    const scale = toTypeScale(skipped);
    expect(scale.headings.h2).toEqual({
      size: 19,
      weight: 700,
      color: 'rgb(255, 255, 255)',
      fill: bar,
    });
    // The rebuilt h3 (the original's h4) at the browser's ratio, no bar.
    expect(scale.headings.h3).toEqual({ size: 16.5, weight: 700 });
    // With an h2 of its own, every level keeps its own.
    const full = toTypeScale({ ...skipped, h2: { size: 22, weight: 700 } });
    expect(full.headings.h2).toEqual({ size: 22, weight: 700 });
    expect(full.headings.h3.fill).toEqual(bar);
  });

  it("keeps the widest measure of the pages sharing the site's column", () => {
    // A page with a scroll bar measures narrower; a line another page drew whole stays whole.
    const page = (measure: number): ProbedTypography => ({
      ...BOOTSTRAP,
      column: { left: 300, width: 1140, measure, isCentered: false, inset: 200 },
    });
    const merged = mergeTypography([page(738), page(736), page(770), page(738)])!;
    expect(merged.column).toEqual({
      left: 300,
      width: 1140,
      measure: 770,
      isCentered: false,
      inset: 200,
    });
  });

  it("keeps the original's phone bar within a tap target and a phone's first screen (issue 23)", () => {
    const phone = (height: number): ProbedTypography => ({ ...BOOTSTRAP, phoneHeader: { height } });
    expect(toTypeScale(phone(51)).phoneHeader).toEqual({ height: 51 });
    // Shorter than the menu button's tap target: the button's 44 px; a tall masthead: capped.
    expect(toTypeScale(phone(38)).phoneHeader).toEqual({ height: 44 });
    expect(toTypeScale(phone(250)).phoneHeader).toEqual({ height: 160 });
    // No bar on the phone stays none: the CSS draws the button's bar alone.
    expect(toTypeScale(phone(0)).phoneHeader).toEqual({ height: 0 });
    expect(toTypeScale(BOOTSTRAP).phoneHeader).toBeUndefined();
    // Over the pages read at a phone's width: the median.
    expect(mergeTypography([phone(62), BOOTSTRAP, phone(0), phone(60)])!.phoneHeader).toEqual({
      height: 60,
    });
    expect(mergeTypography([BOOTSTRAP])!.phoneHeader).toBeUndefined();
  });

  it("keeps the phone bar's button in the brand's rows where most pages with a bar had it there", () => {
    const phone = (height: number, isOneRow?: true): ProbedTypography => ({
      ...BOOTSTRAP,
      phoneHeader: { height, ...(isOneRow ? { isOneRow } : {}) },
    });
    expect(toTypeScale(phone(60, true)).phoneHeader).toEqual({ height: 60, isOneRow: true });
    // Pages without a bar do not vote; two of three bars beside the brand carry it.
    expect(
      mergeTypography([phone(60, true), phone(0), phone(58, true), phone(60)])!.phoneHeader,
    ).toEqual({ height: 59, isOneRow: true });
    expect(mergeTypography([phone(60, true), phone(60), phone(60)])!.phoneHeader).toEqual({
      height: 60,
    });
  });

  it('gives each rebuilt heading level the measures of the original level it came from', () => {
    const { h1: _h1, h2: _h2, ...bare } = BOOTSTRAP;
    const h3 = { size: 22, weight: 600 };
    const banded: ProbedTypography = {
      ...bare,
      h2: {
        size: 42,
        weight: 600,
        fill: { color: 'rgb(128, 128, 128)', text: 'rgb(255, 255, 255)' },
      },
      h3,
    };
    // The start page's lone h2 opens it (its h1), its h3s become h2s.
    const start = toRebuiltOutline(banded, { 1: 2, 2: 3 });
    expect(start.h1).toEqual(banded.h2);
    expect(start.h2).toEqual(h3);
    expect(start.h3).toBeUndefined();
    expect(start.body).toEqual(banded.body);
    // Inner pages of h3s under a hidden title: their h3s are the rebuilt h2s, drawn on no bar.
    const inner: ProbedTypography = { ...bare, h3 };
    const merged = mergeTypography(
      [banded, inner, inner],
      [start, toRebuiltOutline(inner, { 2: 3 }), toRebuiltOutline(inner, { 2: 3 })],
    )!;
    // Sizes stay the original levels' (a heading is drawn at its own, decision record 110); the
    // bars follow the rebuilt outline.
    expect(merged.h2).toEqual({ size: 42, weight: 600 });
    expect(merged.h3).toEqual(h3);
    expect(merged.h1).toBeUndefined();
    // Measured as drawn, the start page's band would land on every rebuilt h2.
    expect(mergeTypography([banded, inner, inner])!.h2?.fill).toEqual(banded.h2!.fill);
  });

  it('lets a page that measured no paragraph (its measure guessed) count only when none did', () => {
    // The start page had no paragraph to measure; two pages wrap their text at 600 and 640 px.
    const guessed: ProbedTypography = {
      ...BOOTSTRAP,
      column: { left: 154, width: 1132, measure: 1132, isCentered: true, isMeasureGuessed: true },
    };
    const page = (measure: number): ProbedTypography => ({
      ...BOOTSTRAP,
      column: { left: 154, width: 1132, measure, isCentered: true, inset: 0 },
    });
    expect(mergeTypography([guessed, page(600), page(640), guessed])!.column).toEqual({
      left: 154,
      width: 1132,
      measure: 640,
      isCentered: true,
      inset: 0,
    });
    expect(toTypeScale(mergeTypography([guessed, page(600)])!).column?.measure).toBe(600);
    // No page measured one: the column's width stands.
    expect(mergeTypography([guessed, guessed])!.column?.measure).toBe(1132);
  });

  it("takes a site's scale over its pages: medians, the most shared column, what most pages do", () => {
    const page = (size: number, left: number, isTextCentered?: true): ProbedTypography => ({
      ...BOOTSTRAP,
      body: { size, lineHeight: size * 1.5 },
      column: { left, width: 1440 - 2 * left, measure: 700, isCentered: true },
      ...(isTextCentered ? { isTextCentered } : {}),
    });
    const merged = mergeTypography([
      { ...page(18, 100), heroHeadline: 60 },
      page(14, 150, true),
      page(16, 150, true),
    ])!;
    expect(merged.body).toEqual({ size: 16, lineHeight: 24 });
    expect(merged.column?.left).toBe(150);
    expect(merged.isTextCentered).toBe(true);
    expect(merged.heroHeadline).toBe(60);
    expect(merged.h3).toBeUndefined();
    expect(mergeTypography([])).toBeUndefined();
  });

  it("keeps a heading level's case and spacing: measured, and shared by most pages", () => {
    const capitals = { size: 30, weight: 700, case: 'uppercase' as const, tracking: 0.1 };
    expect(toTypeScale({ ...BOOTSTRAP, h2: capitals }).headings.h2).toEqual(capitals);
    expect(toTypeScale(BOOTSTRAP).headings.h2).toEqual({ size: 30, weight: 500 });
    const merged = mergeTypography([
      { ...BOOTSTRAP, h2: capitals },
      { ...BOOTSTRAP, h2: { ...capitals, tracking: 0.05 } },
      { ...BOOTSTRAP, h1: { size: 36, weight: 500, case: 'capitalize' } },
    ])!;
    // Two of three pages draw h2s in capitals; no spacing is shared by most of them.
    expect(merged.h2).toEqual({ size: 30, weight: 700, case: 'uppercase' });
    // One page of three capitalises its h1: not the site's look.
    expect(merged.h1).toEqual({ size: 36, weight: 500 });
  });

  it("keeps a heading level's line pitch, between 1.1 and 2 times its size", () => {
    const tall = { size: 26, weight: 400, leading: 1.5 };
    expect(toTypeScale({ ...BOOTSTRAP, h1: tall }).headings.h1).toEqual(tall);
    // A body's pixel line height inherited by a large heading: its lines kept apart.
    expect(toTypeScale({ ...BOOTSTRAP, h1: { ...tall, leading: 0.62 } }).headings.h1.leading).toBe(
      1.1,
    );
    const merged = mergeTypography([
      { ...BOOTSTRAP, h1: tall },
      { ...BOOTSTRAP, h1: tall },
      { ...BOOTSTRAP, h1: { ...tall, leading: undefined } },
    ])!;
    expect(merged.h1?.leading).toBe(1.5);
  });

  it("keeps the start page's hero headline case and spacing", () => {
    const hero = {
      ...BOOTSTRAP,
      heroHeadline: 75,
      heroCase: 'uppercase' as const,
      heroTracking: 0.05,
    };
    const merged = mergeTypography([hero, BOOTSTRAP])!;
    expect(merged).toMatchObject({ heroCase: 'uppercase', heroTracking: 0.05 });
    expect(toTypeScale(merged)).toMatchObject({
      hero: 75,
      heroCase: 'uppercase',
      heroTracking: 0.05,
    });
  });

  it('is planned for STYLE_MODERNIZATION only; the other strategies keep the template scale', () => {
    const model = modelWith(BOOTSTRAP);
    const style = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    expect(style.design.tokens.typography).toEqual(toTypeScale(BOOTSTRAP));
    for (const strategy of ['INCREMENTAL_UPDATE', 'FULL_REBUILD'] as const)
      expect(planSite(model, { strategy }).design.tokens.typography).toBeUndefined();
    // A site the probe could not measure (no browser) keeps the template's scale.
    expect(
      planSite(modelWith(undefined), { strategy: 'STYLE_MODERNIZATION' }).design.tokens.typography,
    ).toBeUndefined();
  });

  it('keeps the header band: its height within bounds, the menu row under the brand (issue 23)', () => {
    // A 90 px banner over a 40 px menu bar: 160 px in all, the menu's row from 120 px.
    expect(
      toTypeScale({ ...BOOTSTRAP, header: { height: 160, menuTop: 120, isBrandCentered: true } })
        .header,
    ).toEqual({ height: 160, menuTop: 120, isBrandCentered: true });
    // A hero-sized band is held to 320 px; a thin one grows to a bar a phone's button fits in.
    expect(toTypeScale({ ...BOOTSTRAP, header: { height: 500 } }).header).toEqual({ height: 320 });
    expect(toTypeScale({ ...BOOTSTRAP, header: { height: 30 } }).header).toEqual({ height: 48 });
    // The menu's row keeps a link's height; a row too thin for one is no row of its own.
    expect(toTypeScale({ ...BOOTSTRAP, header: { height: 100, menuTop: 90 } }).header).toEqual({
      height: 100,
      menuTop: 60,
    });
    expect(toTypeScale({ ...BOOTSTRAP, header: { height: 60, menuTop: 27 } }).header).toEqual({
      height: 60,
    });
    // Over pages: the median height; the menu under the brand where most pages had it there.
    const merged = mergeTypography([
      { ...BOOTSTRAP, header: { height: 150, menuTop: 110 } },
      { ...BOOTSTRAP, header: { height: 170, menuTop: 130 } },
      { ...BOOTSTRAP, header: { height: 160 } },
    ]);
    expect(merged?.header).toEqual({ height: 160, menuTop: 120 });
    expect(mergeTypography([BOOTSTRAP])?.header).toBeUndefined();
  });

  it("keeps a heading level's own colour and filled bar shared by most pages (issue 23)", () => {
    const bar = { color: 'rgb(230, 57, 70)', text: 'rgb(255, 255, 255)' };
    const barred = { size: 20, weight: 700, case: 'uppercase' as const, fill: bar };
    const merged = mergeTypography([
      { ...BOOTSTRAP, h2: barred, h3: { size: 18, weight: 700, color: 'rgb(0, 0, 128)' } },
      { ...BOOTSTRAP, h2: barred },
      { ...BOOTSTRAP, h2: { size: 20, weight: 700 } },
    ]);
    expect(merged?.h2).toEqual(barred);
    expect(merged?.h3).toEqual({ size: 18, weight: 700, color: 'rgb(0, 0, 128)' });
    expect(toTypeScale(merged!).headings.h2).toMatchObject({ fill: bar, case: 'uppercase' });
  });

  it("keeps the gap before a section's heading in the flow and a heading level's line (issue 23)", () => {
    const rule = { side: 'top' as const, width: 1, color: 'rgba(255, 255, 255, 0.3)', gap: 22 };
    const legal: ProbedTypography = {
      body: { size: 16, lineHeight: 28 },
      h2: { size: 20, weight: 500, rule },
      paragraphGap: 16,
      sectionGap: 84,
      hasBands: false,
    };
    const scale = toTypeScale(legal);
    expect(scale.headingGap).toBe(84);
    expect(scale.headings.h2.rule).toEqual(rule);
    // Within bounds, and none where the original's gap is no more than the flow's.
    expect(toTypeScale({ ...legal, sectionGap: 300 }).headingGap).toBe(120);
    expect(toTypeScale({ ...legal, sectionGap: 12 }).headingGap).toBeUndefined();
    expect(toTypeScale({ ...legal, sectionGap: undefined }).headingGap).toBeUndefined();
    // A line most of the pages' h2s share is the site's; one page's own is not.
    const plain = { ...legal, h2: { size: 20, weight: 500 } };
    expect(mergeTypography([legal, legal, plain])?.h2?.rule).toEqual(rule);
    expect(mergeTypography([legal, plain, plain])?.h2?.rule).toBeUndefined();
  });
});

describe("the menu's bar in the header's menu row (issue 23)", () => {
  const bar = {
    color: 'rgb(51, 51, 51)',
    text: 'rgb(192, 192, 192)',
    weight: 300,
    size: 18,
    isFullWidth: true,
  };
  const scaleWith = (barHeight: number) =>
    toTypeScale({
      body: { size: 16, lineHeight: 24 },
      hasBands: false,
      header: { height: 340, menuTop: 190 },
      menuBar: { ...bar, height: barHeight },
    });

  it('fills the row where the bar was as tall as it (links wrapped on it), not a thin bar', () => {
    expect(scaleWith(150).menuBar).toMatchObject({ height: 80, fillsRow: true });
    expect(scaleWith(44).menuBar?.fillsRow).toBeUndefined();
  });

  it('keeps the height of the bars stacked under it, within bounds', () => {
    const scaleUnder = (under: number) =>
      toTypeScale({
        body: { size: 16, lineHeight: 24 },
        hasBands: false,
        menuBar: { ...bar, height: 73, under },
      }).menuBar;
    expect(scaleUnder(56)).toMatchObject({ height: 73, under: 56 });
    expect(scaleUnder(400)?.under).toBe(160);
  });
});
