import { describe, expect, it } from 'vitest';
import type { DesignResult, SiteModel } from '../model';
import { extractSite } from '../stages/extract/extract-site';
import { loadFixture } from '../stages/generate/testing/load-fixture';
import { planSite } from '../stages/plan/plan-site';
import { contrast, parseColor } from './color';
import type { Designer } from './designer';
import { checkDesign, designSite } from './designer';
import { buildTokens, toFontStack } from './offline-designer';

function modelWith(
  colors: SiteModel['identity']['colors'],
  fonts: SiteModel['identity']['fonts'] = {},
): SiteModel {
  const model = extractSite(loadFixture('contact-page').raw);
  return { ...model, identity: { ...model.identity, colors, fonts } };
}

describe('offline designer', () => {
  it.each([
    [{ primary: '#ffff00', background: '#000000', text: '#ffff00' }],
    [{ primary: '#00ff00' }],
    [{ primary: '#f0f0ff', accent: '#ffffcc' }],
    [{}],
  ])('passes WCAG AA for every text pair with brand %j', (colors) => {
    const tokens = buildTokens(modelWith(colors));
    const c = tokens.colors;
    const pairs = [
      [c.text, c.background],
      [c.text, c.surface],
      [c.muted, c.background],
      [c.muted, c.surface],
      [c.link, c.background],
      [c.link, c.surface],
      [c.onPrimary, c.primary],
      [c.onAccent, c.accent],
    ];
    for (const [fg, bg] of pairs)
      expect(contrast(parseColor(fg!)!, parseColor(bg!)!)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand hue', () => {
    const tokens = buildTokens(modelWith({ primary: '#b22222' }));
    const primary = parseColor(tokens.colors.primary)!;
    expect(primary.r).toBeGreaterThan(primary.g + 60);
  });

  it('uses web-safe fonts by name and system stacks otherwise, never a font CDN', () => {
    expect(toFontStack('Georgia')).toMatch(/^"Georgia", ui-serif/);
    expect(toFontStack('Comic Sans MS')).toMatch(/^ui-sans-serif/);
    expect(toFontStack('Merriweather')).toMatch(/^ui-serif/);
    const tokens = buildTokens(modelWith({}, { body: 'Open Sans' }));
    expect(Object.values(tokens.fonts).join(' ')).not.toMatch(/url\(|https?:/);
  });
});

describe('the Designer seam', () => {
  const model = extractSite(loadFixture('contact-page').raw);
  const plan = planSite(model, { strategy: 'INCREMENTAL_UPDATE' });

  function designer(result: (base: DesignResult) => DesignResult): Designer {
    return { name: 'test', design: () => Promise.resolve(result(plan.design)) };
  }

  it('applies a valid design from another designer', async () => {
    const key = Object.keys(plan.design.sections)[0]!;
    const designed = await designSite(
      model,
      plan,
      designer((base) => ({
        ...base,
        sections: { ...base.sections, [key]: { variant: 'prose' } },
      })),
    );
    expect(designed.designer).toBe('test');
    const [route, id] = key.split('#');
    expect(
      designed.pages.find((p) => p.route === route)!.sections.find((s) => s.id === id)!.variant,
    ).toBe('prose');
  });

  it('keeps the offline design when a designer fails contrast, invents sections or throws', async () => {
    const lowContrast = designer((base) => ({
      ...base,
      tokens: { ...base.tokens, colors: { ...base.tokens.colors, text: '#eeeeee' } },
    }));
    const unknown = designer((base) => ({ ...base, sections: { '/#nope': { variant: 'hero' } } }));
    const throwing: Designer = {
      name: 'broken',
      design: () => Promise.reject(new Error('model offline')),
    };
    for (const bad of [lowContrast, unknown, throwing]) {
      const result = await designSite(model, plan, bad);
      expect(result.designer).toBe('offline');
      expect(result.diagnostics.at(-1)!.code).toMatch(/^ENGINE_PLAN_DESIGN_/);
    }
    expect(checkDesign(plan.design, plan)).toBeUndefined();
  });
});
