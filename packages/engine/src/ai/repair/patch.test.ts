import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  describePatch,
  repairPatchSchema,
  UNCHANGED_COLORS,
  type RepairPatch,
} from './patch';
import { millPlan } from './testing-plan.fixture';

function apply(patch: RepairPatch) {
  const plan = millPlan();
  const before = JSON.stringify(plan);
  const result = applyPatch(plan, patch);
  // Pure: the plan given is never changed.
  expect(JSON.stringify(plan)).toBe(before);
  return result;
}

function sections(result: ReturnType<typeof applyPatch>) {
  if (!result.ok) throw new Error(result.reason);
  return result.plan.pages[0]!.sections;
}

describe('repairPatchSchema', () => {
  it('accepts a patch of ids, enums and numbers', () => {
    expect(
      repairPatchSchema.safeParse({
        kind: 'variant',
        route: '/',
        section: 'visit',
        variant: 'gallery',
        reason: 'The original shows its pictures in a grid.',
      }).success,
    ).toBe(true);
  });

  it('refuses words where an id belongs, and a kind that writes text', () => {
    expect(
      repairPatchSchema.safeParse({
        kind: 'variant',
        route: '/',
        section: '<script>alert(1)</script>',
        variant: 'gallery',
        reason: '',
      }).success,
    ).toBe(false);
    expect(
      repairPatchSchema.safeParse({
        kind: 'text',
        route: '/',
        text: 'Best mill in town',
        reason: '',
      }).success,
    ).toBe(false);
  });

  it('refuses a field it does not know (invented text riding along) and a script in the reason', () => {
    expect(
      repairPatchSchema.safeParse({
        kind: 'align',
        route: '/',
        section: 'visit',
        align: 'center',
        text: 'Now 20% off',
        reason: '',
      }).success,
    ).toBe(false);
    expect(
      repairPatchSchema.safeParse({
        kind: 'menu_style',
        style: 'brand',
        reason: '<script>alert(1)</script>',
      }).success,
    ).toBe(false);
  });

  it('refuses colours that are not #rrggbb', () => {
    expect(
      repairPatchSchema.safeParse({
        kind: 'colors',
        colors: { ...UNCHANGED_COLORS, text: 'url(x)' },
        reason: '',
      }).success,
    ).toBe(false);
  });
});

describe('applyPatch', () => {
  it('sets a section variant, in the plan and in the design', () => {
    const result = apply({
      kind: 'variant',
      route: '/',
      section: 'what-we-make',
      variant: 'prose',
      reason: '',
    });
    expect(sections(result).find((section) => section.id === 'what-we-make')?.variant).toBe(
      'prose',
    );
    if (result.ok)
      expect(result.plan.design.sections['/#what-we-make']).toEqual({ variant: 'prose' });
  });

  it('refuses a patch naming a route or section that does not exist', () => {
    expect(
      apply({ kind: 'variant', route: '/nowhere', section: 'visit', variant: 'prose', reason: '' }),
    ).toEqual({ ok: false, reason: 'no page /nowhere' });
    expect(
      apply({ kind: 'align', route: '/', section: 'prices', align: 'center', reason: '' }),
    ).toEqual({ ok: false, reason: 'no section #prices on /' });
  });

  it('refuses a patch that changes nothing', () => {
    const result = apply({
      kind: 'variant',
      route: '/',
      section: 'visit',
      variant: 'prose',
      reason: '',
    });
    expect(result).toEqual({ ok: false, reason: 'the patch changes nothing' });
  });

  it('centres a section (heading and text) and puts it back flush left', () => {
    const centred = apply({
      kind: 'align',
      route: '/',
      section: 'visit',
      align: 'center',
      reason: '',
    });
    const visit = sections(centred).find((section) => section.id === 'visit')!;
    expect(visit.heading?.align).toBe('center');
    expect(visit.blocks[0]).toMatchObject({ kind: 'paragraph', align: 'center' });
    if (!centred.ok) return;
    const left = applyPatch(centred.plan, {
      kind: 'align',
      route: '/',
      section: 'visit',
      align: 'left',
      reason: '',
    });
    const back = sections(left).find((section) => section.id === 'visit')!;
    expect(back.heading?.align).toBeUndefined();
    expect(back.blocks[0]).not.toHaveProperty('align');
  });

  it('sets the columns of items, and refuses a section without items', () => {
    const result = apply({ kind: 'columns', route: '/', section: 'visit', columns: 3, reason: '' });
    const items = sections(result)
      .find((section) => section.id === 'visit')!
      .blocks.find((block) => block.kind === 'items');
    expect(items).toMatchObject({ columns: 3 });
    expect(
      apply({ kind: 'columns', route: '/', section: 'what-we-make', columns: 3, reason: '' }),
    ).toEqual({ ok: false, reason: '#what-we-make has no items laid out in columns' });
  });

  it('moves a section, every section kept', () => {
    const result = apply({ kind: 'move', route: '/', section: 'visit', position: 1, reason: '' });
    expect(sections(result).map((section) => section.id)).toEqual([
      'the-old-mill',
      'visit',
      'what-we-make',
    ]);
  });

  it('hides a picture or a paragraph shown twice, never one shown once', () => {
    const plan = millPlan();
    const visit = plan.pages[0]!.sections.find((section) => section.id === 'visit')!;
    const image = visit.blocks.findIndex((block) => block.kind === 'image');
    const hidden = apply({
      kind: 'hide_duplicate',
      route: '/',
      section: 'visit',
      block: image,
      reason: '',
    });
    const left = sections(hidden).find((section) => section.id === 'visit')!.blocks;
    expect(left.filter((block) => block.kind === 'image')).toHaveLength(1);
    // The paragraph said twice: one copy goes.
    const said = apply({
      kind: 'hide_duplicate',
      route: '/',
      section: 'visit',
      block: 0,
      reason: '',
    });
    expect(sections(said).find((section) => section.id === 'visit')!.blocks).toHaveLength(
      visit.blocks.length - 1,
    );
    // The hero's paragraph is said once.
    expect(
      apply({ kind: 'hide_duplicate', route: '/', section: 'the-old-mill', block: 0, reason: '' }),
    ).toEqual({ ok: false, reason: 'block 1 of #the-old-mill is shown once' });
    expect(
      apply({ kind: 'hide_duplicate', route: '/', section: 'visit', block: 40, reason: '' }),
    ).toEqual({ ok: false, reason: '#visit has no block 41' });
  });

  it('sets colours that pass the contrast rule and refuses those that do not', () => {
    const result = apply({
      kind: 'colors',
      colors: { ...UNCHANGED_COLORS, background: '#fcfaf5', surface: '#f8f8f8' },
      reason: '',
    });
    expect(result.ok && result.plan.design.tokens.colors.background).toBe('#fcfaf5');
    const unreadable = apply({
      kind: 'colors',
      colors: { ...UNCHANGED_COLORS, text: '#eeeeee' },
      reason: '',
    });
    expect(unreadable.ok).toBe(false);
    if (!unreadable.ok) expect(unreadable.reason).toMatch(/^colours refused: text: contrast/u);
  });

  it('sets the menu bar style; spacing needs a type scale', () => {
    const brand = apply({ kind: 'menu_style', style: 'brand', reason: '' });
    expect(brand.ok && brand.plan.design.tokens.header).toBe('brand');
    const plan = millPlan();
    expect(
      applyPatch(plan, { kind: 'spacing', sectionPadding: 40, flowGap: null, reason: '' }),
    ).toEqual({
      ok: false,
      reason: 'the design has no type scale to space',
    });
    plan.design.tokens.typography = {
      body: { size: 16, lineHeight: 1.5 },
      headings: {
        h1: { size: 40, weight: 700 },
        h2: { size: 28, weight: 700 },
        h3: { size: 20, weight: 700 },
      },
      flowGap: 16,
      sectionPadding: 64,
      hasBands: true,
    };
    const spaced = applyPatch(plan, {
      kind: 'spacing',
      sectionPadding: 40,
      flowGap: null,
      reason: '',
    });
    expect(spaced.ok && spaced.plan.design.tokens.typography).toMatchObject({
      sectionPadding: 40,
      flowGap: 16,
    });
  });

  it('describes a patch for the report', () => {
    expect(
      describePatch(
        { kind: 'variant', route: '/', section: 'what-we-make', variant: 'gallery', reason: '' },
        millPlan(),
      ),
    ).toBe('variant of #what-we-make: cards → gallery');
  });
});
