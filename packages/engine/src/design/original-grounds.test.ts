import { describe, expect, it } from 'vitest';
import type { BackgroundPicture, SiteBackgrounds, SiteModel } from '../model';
import { STRATEGIES } from '../model';
import { STRATEGY_PROFILES } from '../model/strategy-profiles';
import { contrast, parseColor, type Rgb } from '../lib/color';
import { extractSite } from '../stages/extract/extract-site';
import { loadFixture } from '../stages/generate/testing/load-fixture';
import { toStylesheet } from '../stages/generate/templates/styles';
import { planSite } from '../stages/plan/plan-site';

const KEEPS = STRATEGIES.filter((strategy) => STRATEGY_PROFILES[strategy].keepsOriginalLayout);
const RESTRUCTURES = STRATEGIES.filter(
  (strategy) => !STRATEGY_PROFILES[strategy].keepsOriginalLayout,
);

const PAPER = 'https://wim.example/papier.gif';
const BANNER = 'https://wim.example/banner.png';

function picture(url: string, more: Partial<BackgroundPicture> = {}): BackgroundPicture {
  return {
    image: { src: url, alt: '', asset: url, width: 142, height: 128 },
    repeat: 'repeat',
    size: '142px 128px',
    position: '0% 0%',
    attachment: 'scroll',
    ...more,
  };
}

/** The contact-page fixture drawn on `backgrounds`, its pictures downloaded. */
function modelOn(backgrounds: SiteBackgrounds, colors: SiteModel['identity']['colors'] = {}) {
  const model = extractSite(loadFixture('contact-page').raw);
  const body = new Uint8Array([71, 73, 70, 56, 57, 97]);
  return {
    ...model,
    identity: {
      ...model.identity,
      colors: { ...model.identity.colors, ...colors },
      backgrounds,
    },
    assets: [
      ...model.assets,
      { url: PAPER, contentType: 'image/gif', body, width: 142, height: 128 },
      { url: BANNER, contentType: 'image/png', body, width: 1200, height: 160 },
    ],
  };
}

/** The declarations of the stylesheet's first :root rule. */
const rootOf = (css: string): string => /:root \{([^}]*)\}/.exec(css)?.[1] ?? '';
const themeOf = (css: string): string => /@theme \{([^}]*)\}/.exec(css)?.[1] ?? '';

describe("the original's grounds in a rebuild that keeps its look (issue 23)", () => {
  it('tiles the page on its texture, shipped under public/, where the others stay flat', () => {
    const model = modelOn(
      { page: picture(PAPER, { color: '#ede6d6' }) },
      { background: '#ede6d6' },
    );
    for (const strategy of KEEPS) {
      const plan = planSite(model, { strategy });
      const hosted = plan.assets.find((asset) => asset.url === PAPER);
      expect(hosted?.path).toMatch(/^images\/papier-[0-9a-f]+\.gif$/);
      expect(rootOf(toStylesheet(plan.design.tokens, false))).toContain(
        `--page-ground: url("/${hosted!.path}") 0% 0% / 142px 128px repeat scroll, var(--color-canvas);`,
      );
      // Black words read on the light paper: no plate.
      expect(plan.design.tokens.backgrounds?.page?.plate).toBeUndefined();
    }
    for (const strategy of RESTRUCTURES) {
      const plan = planSite(model, { strategy });
      expect(plan.assets.some((asset) => asset.url === PAPER)).toBe(false);
      expect(plan.design.tokens.backgrounds).toBeUndefined();
      expect(rootOf(toStylesheet(plan.design.tokens, false))).not.toContain('ground');
    }
  });

  it('lays a plate under the column where the words do not read on the picture, never dropping it', () => {
    // A mid-grey stone texture under black words (about 4:1 on its mean colour).
    const model = modelOn(
      { page: picture(PAPER, { color: '#7a7a7a' }), isHeaderOnPage: true },
      { text: '#000000' },
    );
    for (const strategy of KEEPS) {
      const { tokens } = planSite(model, { strategy }).design;
      const plate = tokens.backgrounds?.page?.plate;
      expect(plate).toBeGreaterThan(0);
      expect(plate).toBeLessThanOrEqual(1);
      const canvas = parseColor(tokens.colors.background)!;
      const mean = parseColor('#7a7a7a')!;
      const under: Rgb = {
        r: canvas.r * plate! + mean.r * (1 - plate!),
        g: canvas.g * plate! + mean.g * (1 - plate!),
        b: canvas.b * plate! + mean.b * (1 - plate!),
      };
      for (const words of [tokens.colors.text, tokens.colors.link, tokens.colors.muted])
        expect(contrast(parseColor(words)!, under)).toBeGreaterThanOrEqual(4.5);
      const root = rootOf(toStylesheet(tokens, false));
      const layer = `color-mix(in srgb, var(--color-canvas) ${Math.round(plate! * 100)}%, transparent)`;
      expect(root).toContain(
        `--page-ground: linear-gradient(${layer}, ${layer}) center top / min(100%, var(--wrap-max, 72rem)) 100% no-repeat, url(`,
      );
      // The header on the page's picture takes the plate across its bar: its menu reads too.
      expect(root).toContain(`--header-ground: linear-gradient(${layer}, ${layer}), url(`);
    }
  });

  it('darkens words a step to read on a light paper instead of a plate, never past the canvas', () => {
    // Tan paper; a light olive link that reads on white (4.6:1 after the designer) but not on it.
    const model = modelOn(
      { page: picture(PAPER, { color: '#dcd29f' }) },
      { text: '#333333', link: '#8a7000' },
    );
    const flat = planSite(modelOn({}, { text: '#333333', link: '#8a7000' }), {
      strategy: KEEPS[0]!,
    }).design.tokens.colors;
    for (const strategy of KEEPS) {
      const { tokens } = planSite(model, { strategy }).design;
      expect(tokens.backgrounds?.page?.plate).toBeUndefined();
      const paper = parseColor('#dcd29f')!;
      for (const words of [tokens.colors.text, tokens.colors.link, tokens.colors.muted]) {
        expect(contrast(parseColor(words)!, paper)).toBeGreaterThanOrEqual(4.5);
        expect(
          contrast(parseColor(words)!, parseColor(tokens.colors.background)!),
        ).toBeGreaterThanOrEqual(4.5);
      }
      // The link moved (darker), the text already read and stays.
      expect(tokens.colors.link).not.toBe(flat.link);
      expect(tokens.colors.text).toBe(flat.text);
    }
    // A dark brick under the same words: they cannot read on it and on white; the plate stays and
    // the words keep the canvas's colours.
    const brick = modelOn(
      { page: picture(PAPER, { color: '#9b6a5f' }) },
      { text: '#333333', link: '#8a7000' },
    );
    const { tokens } = planSite(brick, { strategy: KEEPS[0]! }).design;
    expect(tokens.backgrounds?.page?.plate).toBeGreaterThan(0);
    expect(tokens.colors.link).toBe(flat.link);
  });

  it("draws the header on its banner, and a header that had none on the page's picture", () => {
    const banner = picture(BANNER, { repeat: 'no-repeat', size: 'cover', position: '50% 50%' });
    const withBanner = modelOn({ page: picture(PAPER), header: banner, isHeaderOnPage: false });
    const onPage = modelOn({ page: picture(PAPER), isHeaderOnPage: true });
    const bannerOnly = modelOn({ header: banner, isHeaderOnPage: false });
    for (const strategy of KEEPS) {
      const plan = planSite(withBanner, { strategy });
      const path = plan.assets.find((asset) => asset.url === BANNER)!.path;
      expect(rootOf(toStylesheet(plan.design.tokens, false))).toContain(
        `--header-ground: url("/${path}") 50% 50% / cover no-repeat scroll, var(--color-header);`,
      );
      const paper = planSite(onPage, { strategy });
      const paperPath = paper.assets.find((asset) => asset.url === PAPER)!.path;
      expect(rootOf(toStylesheet(paper.design.tokens, false))).toContain(
        `--header-ground: url("/${paperPath}")`,
      );
      expect(
        rootOf(toStylesheet(planSite(bannerOnly, { strategy }).design.tokens, false)),
      ).not.toContain('--page-ground');
    }
    for (const strategy of RESTRUCTURES) {
      const plan = planSite(withBanner, { strategy });
      expect(plan.assets.some((asset) => asset.url === BANNER)).toBe(false);
      expect(rootOf(toStylesheet(plan.design.tokens, false))).not.toContain('--header-ground');
    }
  });

  it("sets a footer the original did not fill on the page's ground, with a rule, not an ink band", () => {
    const model = modelOn({ isFooterOnPage: true });
    for (const strategy of KEEPS) {
      const { tokens } = planSite(model, { strategy }).design;
      expect(tokens.footer).toBe('page');
      const css = toStylesheet(tokens, false);
      expect(themeOf(css)).toContain('--color-footer: transparent;');
      expect(themeOf(css)).toContain(`--color-on-footer: ${tokens.colors.text};`);
      expect(rootOf(css)).toContain('--footer-rule: 1px solid var(--color-line);');
    }
    for (const strategy of RESTRUCTURES) {
      const { tokens } = planSite(model, { strategy }).design;
      expect(tokens.footer).toBeUndefined();
      const css = toStylesheet(tokens, false);
      // Today's band: the original's footer colour, else the page's ink.
      expect(themeOf(css)).toContain(
        `--color-footer: ${tokens.chrome?.footerBackground ?? tokens.colors.text};`,
      );
      expect(rootOf(css)).not.toContain('--footer-rule');
    }
    // A footer the original filled keeps its band in every profile.
    for (const strategy of KEEPS) {
      const filled = modelOn({ isFooterOnPage: false }, { footerBackground: '#222222' });
      const { tokens } = planSite(filled, { strategy }).design;
      expect(tokens.footer).toBeUndefined();
      expect(themeOf(toStylesheet(tokens, false))).toContain('--color-footer: #222222;');
    }
  });

  it("draws a page on the picture of its own it was drawn on, on the same terms as the site's", () => {
    const base = modelOn({ page: picture(PAPER, { color: '#ede6d6' }) }, { background: '#ede6d6' });
    const other = base.pages[base.pages.length - 1]!;
    const dark = modelOn(
      {
        page: picture(PAPER, { color: '#ede6d6' }),
        pages: [{ url: other.url, picture: picture(BANNER, { color: '#7a7a7a' }) }],
      },
      { background: '#ede6d6' },
    );
    for (const strategy of KEEPS) {
      const plan = planSite(dark, { strategy });
      const route = plan.pages.find((page) => page.url === other.url)!.route;
      const path = plan.assets.find((asset) => asset.url === BANNER)!.path;
      const [own] = plan.design.tokens.pageGrounds ?? [];
      expect(own?.route).toBe(route);
      expect(own?.picture.src).toBe(`/${path}`);
      // Black words on a mid-grey picture: a plate under the column, as the site's would have.
      expect(own?.picture.plate).toBeGreaterThan(0);
      const css = toStylesheet(plan.design.tokens, false);
      expect(css).toContain(`body:has(main[data-route="${route}"]) {`);
      expect(css).toMatch(
        new RegExp(
          `data-route="${route}"\\]\\) \\{\\n  --page-ground: linear-gradient\\(.*url\\("/${path}"\\)`,
        ),
      );
    }
    for (const strategy of RESTRUCTURES) {
      const plan = planSite(dark, { strategy });
      expect(plan.design.tokens.pageGrounds).toBeUndefined();
      expect(toStylesheet(plan.design.tokens, false)).not.toContain('data-route');
    }
  });
});
