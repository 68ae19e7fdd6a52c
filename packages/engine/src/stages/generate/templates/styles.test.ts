import { describe, expect, it } from 'vitest';
import { buildTokens } from '../../../design/offline-designer';
import { toTypeScale } from '../../../lib/type-scale';
import type { DesignTokens } from '../../../model';
import { extractSite } from '../../extract/extract-site';
import { loadFixture } from '../testing/load-fixture';
import { toStylesheet, toTypeScaleVariables } from './styles';

const tokens: DesignTokens = buildTokens(extractSite(loadFixture('contact-page').raw));
const scale = toTypeScale({
  body: { size: 16, lineHeight: 24 },
  h1: { size: 32, weight: 700 },
  h2: { size: 24, weight: 600 },
  column: { left: 8, width: 900, measure: 800, isCentered: false },
  paragraphGap: 16,
  sectionGap: 40,
  heroHeadline: 60,
  isTextCentered: true,
  hasBands: false,
});

/** The declarations of the stylesheet's first :root rule. */
const rootOf = (css: string): string => /:root \{([^}]*)\}/.exec(css)?.[1] ?? '';

describe('the type scale in the stylesheet (decision record 029)', () => {
  it("writes the gap before a heading in the flow and a level's line (issue 23)", () => {
    const lined = {
      ...scale,
      headingGap: 84,
      headings: {
        ...scale.headings,
        h2: {
          ...scale.headings.h2,
          rule: { side: 'top' as const, width: 1, color: '#333333', gap: 22 },
        },
        h3: {
          ...scale.headings.h3,
          fill: { color: '#ffdd00', text: '#111111' },
          rule: { side: 'bottom' as const, width: 2, color: '#333333', gap: 4 },
        },
      },
    };
    const root = rootOf(toStylesheet({ ...tokens, typography: lined }, false));
    expect(root).toContain('--heading-gap: 84px;');
    expect(root).toContain('--type-h2-rule-top: 1px solid #333333;');
    expect(root).toContain('--type-h2-bar-pad: 22px 0 0;');
    // A filled bar keeps its padding and draws no line.
    expect(root).not.toContain('--type-h3-rule-bottom');
    expect(root).toContain('--type-h3-bar-pad: 0.3em 0.6em;');
    expect(toStylesheet({ ...tokens, typography: lined }, false)).toContain(
      'margin-top: var(--heading-gap, var(--flow-gap, 1.1rem));',
    );
  });

  it('writes the measured scale as CSS variables from the tokens', () => {
    const root = rootOf(toStylesheet({ ...tokens, typography: scale }, false));
    expect(root).toContain('--type-body: 16px;');
    expect(root).toContain('--type-leading: 1.5;');
    expect(root).toContain('--type-h1: 32px;');
    expect(root).toContain('--type-h2-weight: 600;');
    // No h3 measured: the browser's default ratio to the body (16 × 1.17).
    expect(root).toContain('--type-h3: 18.72px;');
    expect(root).toContain('--flow-gap: 16px;');
    expect(root).toContain('--section-pad: 20px;');
    expect(root).toContain('--wrap-max: calc(908px + 4rem);');
    expect(root).toContain('--measure: 800px;');
    expect(root).toContain('--wrap-margin-left: 0;');
    // The original had no bands: the alternate sections take the page's background.
    expect(root).toContain('--section-alt-fill: var(--color-canvas);');
    expect(root).toContain('--hero-fill: var(--color-canvas);');
    // Its opening's words were the flow's first lines: no larger, muted lead, the text's measure.
    expect(root).toContain('--hero-lead-size: 1em;');
    expect(root).toContain('--hero-lead-ink: inherit;');
    expect(root).toContain('--hero-measure: var(--measure, 46rem);');
    expect(root).toContain('--type-hero: 60px;');
    expect(root).toContain('--text-align: center;');
  });

  it('colours the definition terms as the original did, and leaves them inherited otherwise', () => {
    const termed = toStylesheet(
      { ...tokens, colors: { ...tokens.colors, term: '#0072c6' } },
      false,
    );
    expect(termed).toContain('--color-term: #0072c6;');
    expect(termed).toMatch(/\.content \.term \{[^}]*color: var\(--color-term, inherit\);/u);
    expect(toStylesheet(tokens, false)).not.toContain('--color-term:');
  });

  it('keeps bands and centring when the original had them', () => {
    const variables = toTypeScaleVariables({
      ...scale,
      hasBands: true,
      column: { width: 1140, measure: 700, align: 'center' },
    });
    expect(variables).not.toContain('--section-alt-fill');
    expect(variables).not.toContain('--hero-fill');
    expect(variables).not.toContain('--hero-lead-size');
    expect(variables).not.toContain('--wrap-margin-left');
  });

  it("sets the phone header's height where the original's phone bar was read (issue 23)", () => {
    expect(toTypeScaleVariables({ ...scale, phoneHeader: { height: 51 } })).toContain(
      '--phone-header-h: 51px;',
    );
    // No bar on the original's phone: 0, which base.css raises to the menu button's tap target.
    expect(toTypeScaleVariables({ ...scale, phoneHeader: { height: 0 } })).toContain(
      '--phone-header-h: 0px;',
    );
    expect(toTypeScaleVariables(scale)).not.toContain('--phone-header-h');
  });

  it("keeps a column across the window at its own gutter, not the wrap's 2rem (issue 23)", () => {
    // A plain page at 1440 px: the body's 8 px margin each side, the text 1424 px wide.
    const wide = toTypeScaleVariables({
      ...scale,
      column: { width: 1424, measure: 1424, align: 'center' },
    });
    expect(wide).toContain('--wrap-max: 1440px;');
    expect(wide).toContain('--wrap-pad: 8px;');
    // Flush to the window: still a few pixels off its edges.
    expect(
      toTypeScaleVariables({ ...scale, column: { width: 1440, measure: 900, align: 'center' } }),
    ).toContain('--wrap-pad: 8px;');
    // A column with room for the 2rem padding keeps it.
    const bootstrap = toTypeScaleVariables({
      ...scale,
      column: { width: 1140, measure: 700, align: 'center' },
    });
    expect(bootstrap).toContain('--wrap-max: calc(1140px + 4rem);');
    expect(bootstrap).not.toContain('--wrap-pad');
    // base.css pads the wrap with it (a phone at most its own 1.25rem).
    const css = toStylesheet(tokens, false);
    expect(css).toMatch(
      /\.wrap \{[^}]*padding-inline: min\(1\.25rem, var\(--wrap-pad, 1\.25rem\)\);/u,
    );
    expect(css).toMatch(/\.wrap \{\s*padding-inline: var\(--wrap-pad, 2rem\);/u);
  });

  it("draws a long list of links as the original's one column of list rows (issue 23)", () => {
    const variables = toTypeScaleVariables(scale);
    expect(variables).toContain('--compact-columns: auto;');
    expect(variables).toContain('--compact-marker: disc;');
    expect(variables).toContain('--compact-row-pad: 0;');
    // Any list's rows without the other strategies' gap between them.
    expect(variables).toContain('--li-gap: 0px;');
    expect(variables).toContain('--list-indent: 2.5rem;');
    expect(variables).toContain('--compact-indent: var(--list-indent);');
    // The other strategies (no measured scale) keep the columns base.css falls back to.
    expect(toTypeScaleVariables(undefined)).toBe('');
    const css = toStylesheet(tokens, false);
    expect(css).toMatch(
      /\.content \.list-compact \{[^}]*columns: var\(--compact-columns, 15rem auto\);/u,
    );
    expect(css).toMatch(
      /\.content \.list-compact li \{[^}]*padding-block: var\(--compact-row-pad, 0\.15rem\);/u,
    );
    expect(css).toMatch(/\.content li \+ li \{\s*margin-top: var\(--li-gap, 0\.35rem\);/u);
    expect(css).toMatch(
      /\.content ul \{\s*list-style: disc;\s*padding-inline-start: var\(--list-indent, 1\.4rem\);/u,
    );
  });

  it("sets preformatted text as the page's own text on a faint ground, not a dark slate (issue 23)", () => {
    const variables = toTypeScaleVariables(scale);
    expect(variables).toContain('--pre-fill: var(--color-surface);');
    expect(variables).toContain('--pre-ink: var(--color-ink);');
    expect(variables).toContain('--pre-size: 0.8125rem;');
    const css = toStylesheet(tokens, false);
    expect(css).toMatch(/\.content pre \{[^}]*background: var\(--pre-fill, #0f172a\);/u);
    expect(css).toMatch(/\.content pre \{[^}]*color: var\(--pre-ink, #e2e8f0\);/u);
  });

  it("lets a hero over a picture be as high as its words on a phone, as the original's (issue 23)", () => {
    expect(toTypeScaleVariables(scale)).toContain('--hero-phone-min: min(40vh, 20rem);');
    const css = toStylesheet(tokens, false);
    expect(css).toMatch(
      /@media \(max-width: 767px\) \{\s*\.hero-backdrop \{\s*min-height: var\(--hero-phone-min, min\(88vh, 48rem\)\);/u,
    );
  });

  it("gives the column beside a sidebar no gutter of its own, only the grid's gap (issue 23)", () => {
    // A 2rem gutter on each side narrowed an old page's 700 px column below two 328 px pictures
    // it showed side by side.
    expect(toStylesheet(tokens, false)).toMatch(
      /\.with-aside \.wrap \{\s*max-width: none;\s*margin-inline: 0;\s*padding-inline: 0;\s*\}/u,
    );
  });

  it('writes a measure centred in its column as centred text blocks (issue 23)', () => {
    const column = { width: 1440, measure: 740, align: 'left' as const };
    const centred = toTypeScaleVariables({
      ...scale,
      column: { ...column, isMeasureCentered: true },
    });
    expect(centred).toContain('--measure-margin: auto;');
    expect(toTypeScaleVariables({ ...scale, column })).not.toContain('--measure-margin');
  });

  it("writes a heading level's case and spacing only where the original had its own", () => {
    const capitals = { size: 30, weight: 600, case: 'uppercase' as const, tracking: 0.1 };
    const variables = toTypeScaleVariables({
      ...scale,
      headings: { ...scale.headings, h2: capitals },
    });
    expect(variables).toContain('--type-h2-case: uppercase;');
    expect(variables).toContain('--type-h2-tracking: 0.1em;');
    expect(variables).not.toContain('--type-h1-case');
    expect(variables).not.toContain('--type-h3-tracking');
    // A level's own line pitch (a theme's 1.5) where it had one; else the template's 1.2.
    const tall = toTypeScaleVariables({
      ...scale,
      headings: { ...scale.headings, h1: { size: 26, weight: 400, leading: 1.5 } },
    });
    expect(tall).toContain('--type-h1-leading: 1.5;');
    expect(variables).not.toMatch(/--type-h\d-leading/u);
    expect(toStylesheet(tokens, false)).toContain('line-height: var(--type-h1-leading, 1.2);');
    expect(toStylesheet(tokens, false)).toContain('text-transform: var(--type-h2-case, none);');
    const hero = toTypeScaleVariables({
      ...scale,
      hero: 75,
      heroCase: 'uppercase',
      heroTracking: 0.05,
    });
    expect(hero).toContain('--type-hero-case: uppercase;');
    expect(hero).toContain('--type-hero-tracking: 0.05em;');
    expect(toTypeScaleVariables({ ...scale, menuCase: 'uppercase' })).toContain(
      '--menu-case: uppercase;',
    );
    expect(toStylesheet(tokens, false)).toContain(
      'text-transform: var(--type-hero-case, var(--type-h1-case, none));',
    );
    // The hero's lead line grows up to its headline, not only to the section headings.
    expect(toStylesheet(tokens, false).replace(/\s+/g, ' ')).toContain(
      '.hero .content p.sized { font-size: max( 0.625em, min(calc(var(--p-size, 1) * 1em), var(--type-hero, var(--type-h1, 3em))) ); }',
    );
  });

  it('writes the header band and the heading bars the original drew (issue 23)', () => {
    const variables = toTypeScaleVariables({
      ...scale,
      headings: {
        ...scale.headings,
        h2: {
          size: 20,
          weight: 700,
          case: 'uppercase',
          fill: { color: '#e63946', text: '#ffffff' },
        },
        h3: { size: 18, weight: 700, color: '#000080' },
      },
      header: { height: 160, menuTop: 120, isBrandCentered: true },
    });
    expect(variables).toContain('--header-h: 160px;');
    expect(variables).toContain('--header-menu-h: 40px;');
    expect(variables).toContain('--type-h2-fill: #e63946;');
    expect(variables).toContain('--type-h2-on-fill: #ffffff;');
    expect(variables).toContain('--type-h2-bar-pad: 0.3em 0.6em;');
    expect(variables).toContain('--type-h3-color: #000080;');
    expect(variables).not.toContain('--type-h3-fill');
    expect(variables).not.toContain('--type-h1-color');
    // base.css draws them, and the template's look where they are absent.
    const css = toStylesheet(tokens, false);
    expect(css).toContain('background: var(--type-h2-fill, none);');
    expect(css).toContain(
      'color: var(--type-h2-on-fill, var(--type-h2-color, var(--color-heading)));',
    );
    expect(css).toContain('min-height: calc(var(--header-h, 4rem) - var(--strip-h, 0px));');
    expect(rootOf(css)).not.toContain('--header-h');
  });

  it("writes a boxed page's column, its ground, and the header inside it (issue 23)", () => {
    const variables = toTypeScaleVariables({
      ...scale,
      box: { width: 1040, color: '#ffffff', ground: '#cccccc', header: true },
    });
    expect(variables).toContain('--box-w: 1040px;');
    expect(variables).toContain('--box-fill: #ffffff;');
    expect(variables).toContain('--box-ground: #cccccc;');
    expect(variables).toContain('--box-header-w: 1040px;');
    expect(variables).not.toContain('--box-footer-w');
    expect(rootOf(toStylesheet(tokens, false))).not.toContain('--box-');
  });

  it("sets none without a measured scale, and base.css falls back to the template's", () => {
    const css = toStylesheet(tokens, false);
    expect(rootOf(css)).not.toContain('--type-');
    expect(css).toContain('font-size: var(--type-body, 1rem);');
    expect(css).toContain('max-width: var(--wrap-max, 72rem);');
    expect(css).toContain('padding-block: var(--section-pad, 4.5rem);');
    expect(css).toContain('background: var(--section-alt-fill, var(--color-surface));');
  });
});

describe('the corners in the stylesheet (issue 23)', () => {
  it("draws the original's square corners and boxy buttons, pills where it had pills", () => {
    const square = toStylesheet({ ...tokens, radius: 'none', buttonRadius: 'small' }, false);
    expect(square).toContain('--radius-theme: 0;');
    expect(square).toContain('--radius-button: 0.375rem;');
    expect(square).toContain('border-radius: var(--radius-button, 999px);');
    expect(toStylesheet({ ...tokens, buttonRadius: 'pill' }, false)).toContain(
      '--radius-button: 999px;',
    );
  });

  it('leaves buttons to the template (pills) and corners rounded where none were measured', () => {
    const css = toStylesheet(tokens, false);
    expect(css).toContain('--radius-theme: 0.875rem;');
    expect(css).not.toContain('--radius-button:');
  });
});
