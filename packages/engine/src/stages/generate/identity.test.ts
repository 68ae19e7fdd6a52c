/**
 * Issue 12: the original's identity carried into every strategy — carousels and item grids here,
 * built from a hand-made plan (extract fills these blocks in from the rendered page), generated for
 * each strategy and built with the engine's own packages (TypeScript strategies type-checked too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { toTypeScale } from '../../lib/type-scale';
import type { Block, SiteModel, SitePlan } from '../../model';
import type { FileTree, Strategy } from '../../types';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { generateProject } from './generate-project';
import { buildTree, removeProject, runScript } from './testing/build-project';
import { loadFixture } from './testing/load-fixture';

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await removeProject(dir);
});

function text(tree: FileTree, path: string): string {
  const content = tree.files[path];
  if (typeof content !== 'string') throw new Error(`${path} is missing or binary`);
  return content;
}

const run = (value: string) => [{ text: value }];

/** The bootstrap3-landing fixture's plan with a carousel and an items grid on its start page. */
export function planWithPanels(strategy: Strategy): SitePlan {
  const plan = planSite(extractSite(loadFixture('bootstrap3-landing').raw), { strategy });
  const image = {
    src: '/images/harbour.png',
    alt: 'The harbour at dawn',
    width: 1200,
    height: 600,
  };
  const carousel: Block = {
    kind: 'carousel',
    slides: [
      { image, blocks: [{ kind: 'heading', level: 2, inlines: run('Fresh fish every day') }] },
      {
        image: { ...image, alt: 'Our kitchen' },
        blocks: [{ kind: 'paragraph', inlines: run('An open kitchen, since 1998') }],
      },
      { blocks: [{ kind: 'paragraph', inlines: run('Book a table by phone') }] },
    ],
  };
  const items: Block = {
    kind: 'items',
    columns: 3,
    items: ['Soup', 'Fish', 'Pie'].map((dish) => ({
      image: { ...image, alt: dish },
      blocks: [
        { kind: 'heading', level: 3, inlines: run(dish) },
        { kind: 'paragraph', inlines: run(`${dish} of the day`) },
      ],
    })),
  };
  const [home, ...rest] = plan.pages;
  return {
    ...plan,
    assets: [
      ...plan.assets,
      {
        url: 'http://example.com/harbour.png',
        path: 'images/harbour.png',
        contentType: 'image/png',
        body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        width: 1200,
        height: 600,
      },
    ],
    pages: [
      {
        ...home!,
        sections: [
          { id: 'slides', variant: 'prose', blocks: [carousel] },
          ...home!.sections,
          {
            id: 'dishes',
            variant: 'prose',
            heading: { level: 2, inlines: run('Dishes') },
            blocks: [items],
          },
        ],
      },
      ...rest,
    ],
  };
}

describe('carousel and items blocks', () => {
  it('INCREMENTAL_UPDATE writes them as content data read by Carousel and ItemGrid', async () => {
    const tree = await generateProject(planWithPanels('INCREMENTAL_UPDATE'));
    const module = text(tree, 'src/content/pages/home.ts');
    expect(module).toContain("kind: 'carousel'");
    expect(module).toContain("kind: 'items'");
    expect(module).toContain('columns: 3');
    // The first slide's picture is the page's first image: eager, high priority; the others not.
    expect(module.match(/priority: true/g)).toHaveLength(1);
    expect(module.indexOf('priority: true')).toBeLessThan(module.indexOf('Our kitchen'));
    expect(text(tree, 'src/components/Blocks.tsx')).toContain("case 'carousel'");
    expect(tree.files['src/components/Carousel.tsx']).toBeDefined();
    expect(Object.values(tree.files).join('\n')).not.toMatch(/Caption \d/);
  });

  it('STYLE_MODERNIZATION writes them as JSX in the page', async () => {
    const tree = await generateProject(planWithPanels('STYLE_MODERNIZATION'));
    const page = text(tree, 'src/pages/HomePage.jsx');
    expect(page).toContain("import { Carousel } from '../components/Carousel';");
    expect(page).toMatch(/<Carousel\s+slides=\{\[/);
    expect(page).toMatch(/<ItemGrid\s+columns=\{3\}/);
    expect(page).toContain('Fresh fish every day');
    expect(page.match(/fetchPriority="high"/g)).toHaveLength(1);
  });

  it.each<Strategy>(['STYLE_MODERNIZATION', 'INCREMENTAL_UPDATE'])(
    '%s builds (and type-checks) with them',
    async (strategy) => {
      const result = await buildTree(await generateProject(planWithPanels(strategy)));
      cleanup.push(result.dir);
      expect(result.ok, result.output).toBe(true);
      if (strategy !== 'STYLE_MODERNIZATION') {
        const typecheck = runScript(result.dir, 'typecheck');
        expect(typecheck.ok, typecheck.output).toBe(true);
      }
    },
  );
});

/**
 * The agency landing page (bootstrap3-landing) with the identity extract reads from its rendered
 * page: the yellow brand with dark text on it, a dark header, a full-bleed hero photo with an overlay
 * and a call to action, a menu with a dropdown and the brand as its first item, an inline SVG logo,
 * a button and icons in the content.
 */
async function agencyModel(): Promise<SiteModel> {
  const model = extractSite(loadFixture('bootstrap3-landing').raw);
  const photo = readFileSync(join(__dirname, '../../../fixtures/font-table-1998/welkom.png'));
  const heroUrl = 'http://acme.example/img/header-bg.png';
  const origin = model.origin;
  const home = model.pages[0]!;
  const services = home.sections.find((section) =>
    section.heading?.inlines.some((run) => run.text === 'Services'),
  )!;
  services.blocks.push({
    kind: 'paragraph',
    inlines: [
      { text: '', icon: 'fas:envelope', href: 'mailto:hello@acme.example' },
      { text: ' Write to us', href: 'mailto:hello@acme.example' },
      { text: ' or ' },
      { text: 'Learn More', href: `${origin}/contact.html`, button: 'primary' },
      { text: '', icon: 'fab:twitter', href: 'https://twitter.com/acme' },
      { text: '', icon: 'fas:not-an-icon' },
    ],
  });
  return {
    ...model,
    assets: [
      ...model.assets,
      { url: heroUrl, contentType: 'image/png', body: new Uint8Array(photo), width: 30, height: 6 },
      {
        url: `${origin}/fonts/montserrat-700.woff2?v=2`,
        contentType: 'font/woff2',
        body: new TextEncoder().encode('wOF2 stand-in'),
      },
    ],
    identity: {
      ...model.identity,
      name: 'Acme Agency',
      colors: { primary: '#fed136', headerBackground: '#222222', headerText: '#ffffff' },
      scheme: 'light',
      fonts: {
        heading: 'Montserrat',
        body: 'Roboto Slab',
        faces: [
          {
            family: 'Montserrat',
            source: 'google',
            files: [
              {
                url: `${origin}/fonts/montserrat-700.woff2?v=2`,
                weight: '700',
                style: 'normal',
                format: 'woff2',
              },
            ],
          },
          // A Google Fonts family whose files were not downloaded: named, with a system stack.
          { family: 'Roboto Slab', source: 'google' },
        ],
      },
      logo: {
        kind: 'svg',
        src: `${origin}/`,
        alt: 'Acme Agency',
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#fed136"/></svg>',
      },
      hero: {
        pageUrl: home.url,
        image: { src: heroUrl, alt: '', asset: heroUrl },
        layout: 'full-bleed',
        overlay: 'rgba(0, 0, 0, 0.3)',
        headline: "It's Nice To Meet You",
        cta: { label: 'Tell Me More', href: `${home.url}#services` },
      },
      menu: [
        { label: 'Acme Agency', href: `${home.url}#page-top`, children: [] },
        { label: 'Services', href: `${home.url}#services`, children: [] },
        {
          label: 'More ▾',
          children: [
            { label: 'Team', href: `${home.url}#team`, children: [] },
            { label: 'Contact', href: `${origin}/contact.html`, children: [] },
          ],
        },
      ],
    },
  };
}

describe('the identity in every strategy (issue 12)', () => {
  it('plans the hero, the button and the menu from the identity', async () => {
    const plan = planSite(await agencyModel(), { strategy: 'INCREMENTAL_UPDATE' });
    expect(plan.design.tokens.colors.primary).toBe('#fed136');
    const hero = plan.pages[0]!.sections[0]!;
    expect(hero.variant).toBe('hero');
    expect(hero.backdrop?.image.src).toMatch(/^\/images\/header-bg-[0-9a-f]+\.png$/);
    expect(hero.backdrop?.overlay).toBe('rgba(0, 0, 0, 0.3)');
    const cta = hero.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.inlines : []));
    expect(cta.find((run) => run.text === 'Tell Me More')).toMatchObject({ button: 'primary' });
    expect(plan.menu?.map((item) => item.label)).toEqual(['Services', 'More']);
    expect(plan.identity.logoPath).toMatch(/^images\/inline-[0-9a-f]+\.svg$/);
  });

  it('lays the header over the hero where the original did, only where the layout is kept', async () => {
    const model = await agencyModel();
    model.identity.hero = { ...model.identity.hero!, isUnderHeader: true };
    const siteModule = async (strategy: Strategy) =>
      text(
        await generateProject(planSite(model, { strategy })),
        strategy === 'STYLE_MODERNIZATION' ? 'src/content/site.js' : 'src/content/site.ts',
      );
    expect(await siteModule('STYLE_MODERNIZATION')).toContain('headerOverHero: true');
    expect(await siteModule('INCREMENTAL_UPDATE')).not.toContain('headerOverHero');
  });

  it("keeps the original's header band only where the layout is kept (issue 23)", async () => {
    const model = await agencyModel();
    model.identity.typography = {
      body: { size: 16, lineHeight: 24 },
      hasBands: false,
      header: { height: 160, menuTop: 120, isBrandCentered: true },
    };
    const style = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    const files = await generateProject(style);
    expect(text(files, 'src/content/site.js').replace(/\s+/g, ' ')).toContain(
      'headerLayout: { stacked: true, centered: true, tall: true, }',
    );
    expect(text(files, 'src/index.css')).toContain('--header-h: 160px;');
    expect(text(files, 'src/index.css')).toContain('--header-menu-h: 40px;');
    const incremental = await generateProject(planSite(model, { strategy: 'INCREMENTAL_UPDATE' }));
    expect(text(incremental, 'src/content/site.ts')).not.toContain('headerLayout');
    expect(text(incremental, 'src/index.css')).not.toContain('--header-h:');
  });

  it("draws the band's title on the band where every page opens with it (issue 23)", async () => {
    const model = await agencyModel();
    const title = { text: 'Ada Example', size: 56, color: 'rgb(255, 255, 255)', height: 300 };
    const gradient = 'linear-gradient(135deg, rgb(30, 58, 95) 0%, rgb(26, 35, 126) 100%)';
    model.identity.typography = {
      body: { size: 16, lineHeight: 24 },
      hasBands: false,
      header: { height: 360, title, gradient },
    };
    /** The plan with every page opening with a section headed `heading`. */
    const planOpeningWith = (heading: string) => {
      const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
      for (const page of plan.pages)
        page.sections[0] = {
          id: 'title',
          variant: 'hero',
          heading: { level: 1, inlines: [{ text: heading }] },
          blocks: [{ kind: 'paragraph', inlines: [{ text: 'Statistics of the stars' }] }],
        };
      return plan;
    };
    const files = await generateProject(planOpeningWith(' Ada  Example'));
    expect(text(files, 'src/content/site.js').replace(/\s+/g, ' ')).toContain('titled: true');
    const css = text(files, 'src/index.css');
    expect(css).toContain('--title-band-h: 300px;');
    // Rebuilt from its parsed stops, in hex (decision record 089).
    expect(css).toContain('--title-band: linear-gradient(135deg, #1e3a5f 0%, #1a237e 100%);');
    expect(css).toContain('--title-color: #ffffff;');
    // Pages that open with other words, or with more than the band's few lines: none is lifted.
    const other = await generateProject(planOpeningWith('Elsewhere'));
    expect(text(other, 'src/content/site.js')).not.toContain('titled');
    const long = planOpeningWith('Ada Example');
    long.pages[0]!.sections[0]!.blocks.push(
      ...Array.from({ length: 4 }, () => ({
        kind: 'paragraph' as const,
        inlines: [{ text: 'A long line of the page.' }],
      })),
    );
    expect(text(await generateProject(long), 'src/content/site.js')).not.toContain('titled');
  });

  it('shows the logo as high as the original drew it, at most 160 px, else 40 px (issue 23)', async () => {
    const plan = planSite(await agencyModel(), { strategy: 'INCREMENTAL_UPDATE' });
    const logo = plan.assets.find((asset) => asset.path === plan.identity.logoPath)!;
    const sized = (shownHeight: number | undefined, shownWidth?: number): SitePlan => ({
      ...plan,
      assets: plan.assets.map((asset) =>
        asset === logo ? { ...asset, width: 600, height: 300 } : asset,
      ),
      identity: {
        ...plan.identity,
        logo: {
          ...plan.identity.logo!,
          kind: 'img',
          ...(shownHeight ? { shownHeight } : {}),
          ...(shownWidth ? { shownWidth } : {}),
        },
      },
    });
    const siteModule = async (shownHeight: number | undefined, shownWidth?: number) =>
      text(await generateProject(sized(shownHeight, shownWidth)), 'src/content/site.ts');
    expect(await siteModule(100)).toContain('width: 200, height: 100 }');
    // A logo drawn across half the screen or more is a banner: the menu goes under it.
    expect(await siteModule(180, 1440)).toContain('width: 320, height: 160, banner: true }');
    expect(await siteModule(180, 360)).not.toContain('banner');
    expect(await siteModule(400)).toContain('width: 320, height: 160 }');
    expect(await siteModule(undefined)).toContain('width: 80, height: 40 }');
  });

  it("lays the phone's menu button over a banner where the original's phone bar held both", async () => {
    const plan = planSite(await agencyModel(), { strategy: 'STYLE_MODERNIZATION' });
    const logo = plan.assets.find((asset) => asset.path === plan.identity.logoPath)!;
    const banner = (isOneRow: boolean): SitePlan => ({
      ...plan,
      assets: plan.assets.map((asset) =>
        asset === logo ? { ...asset, width: 1200, height: 150 } : asset,
      ),
      identity: {
        ...plan.identity,
        logo: { ...plan.identity.logo!, kind: 'img', shownHeight: 150, shownWidth: 1440 },
      },
      design: {
        ...plan.design,
        tokens: {
          ...plan.design.tokens,
          // The original's phone bar: 60 px, the button beside the banner or under it.
          typography: toTypeScale({
            body: { size: 16, lineHeight: 24 },
            hasBands: false,
            phoneHeader: { height: 60, ...(isOneRow ? { isOneRow: true as const } : {}) },
          }),
        },
      },
    });
    const siteModule = async (isOneRow: boolean) =>
      text(await generateProject(banner(isOneRow)), 'src/content/site.js');
    expect(await siteModule(true)).toMatch(/banner: true,\s+bleed: true,\s+buttonOver: true,?\s+}/);
    expect(await siteModule(false)).not.toContain('buttonOver');
  });

  it.each<Strategy>(['STYLE_MODERNIZATION', 'INCREMENTAL_UPDATE', 'FULL_REBUILD'])(
    '%s carries the hero, the menu, buttons, icons and colours, and builds',
    async (strategy) => {
      const tree = await generateProject(planSite(await agencyModel(), { strategy }));
      const css = text(tree, 'src/index.css');
      expect(css).toContain('--color-primary: #fed136;');
      expect(css).toContain('--color-on-primary: #111111;');
      expect(css).toContain('--color-header: #222222;');
      // The site's own fonts: its file self-hosted with an @font-face, no CDN.
      expect(css).toMatch(
        /@font-face \{\s*font-family: "Montserrat";\s*src: url\("\/fonts\/montserrat-700-[0-9a-f]+\.woff2"\) format\("woff2"\);\s*font-weight: 700;/,
      );
      expect(css).toMatch(/--font-heading:\s+"Montserrat", ui-sans-serif/);
      expect(css).toMatch(/--font-sans:\s+"Roboto Slab", ui-serif/);
      expect(css).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
      expect(
        Object.keys(tree.files).filter((path) => path.startsWith('public/fonts/')),
      ).toHaveLength(1);
      // Only the icons the pages use, drawn from the Font Awesome packages; an unknown one is left out.
      const icons = text(
        tree,
        strategy === 'STYLE_MODERNIZATION' ? 'src/content/icons.js' : 'src/content/icons.ts',
      );
      expect(icons).toContain("'fas:envelope'");
      expect(icons).toContain("'fab:twitter'");
      expect(icons).not.toContain('not-an-icon');
      expect(icons.match(/path:/g)).toHaveLength(2);
      const result = await buildTree(tree);
      cleanup.push(result.dir);
      expect(result.ok, result.output).toBe(true);
      if (strategy !== 'FULL_REBUILD') return;
      const typecheck = runScript(result.dir, 'typecheck');
      expect(typecheck.ok, typecheck.output).toBe(true);
      // The prerendered start page: the hero picture eager with high priority, the CTA a button,
      // the dropdown a collapsed disclosure with all its links, icons as inline SVG.
      const html = readFileSync(join(result.dir, 'dist', 'index.html'), 'utf8');
      expect(html).toMatch(/<img[^>]*class="[^"]*hero-backdrop-image[^"]*"[^>]*>/);
      const heroImg = /<img[^>]*hero-backdrop-image[^>]*>/.exec(html)![0];
      expect(heroImg).toContain('loading="eager"');
      expect(heroImg).toMatch(/fetchpriority="high"/i);
      expect(html).toMatch(/<a[^>]*class="btn"[^>]*>(?:<span>)?Tell Me More/);
      expect(html).toMatch(/<a[^>]*class="btn"[^>]*>(?:<span>)?Learn More/);
      expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>More/);
      expect(html).toContain('>Team</a>');
      expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Twitter"/);
      expect(html).toMatch(/<a href="mailto:hello@acme.example"><span><svg[^>]*aria-hidden="true"/);
      expect(html).not.toMatch(/<a[^>]*class="nav-link"[^>]*>Acme Agency</);
    },
  );
});

// Test tier: slow. It encodes and optimizes 130 photos, some 15 s on two cores.
describe('images never fail a job (issue 12 item 3)', () => {
  it('FULL_REBUILD delivers a menu of 130 photos (megabytes of images): the budget counts the first view and only warns', async () => {
    const plan = planWithPanels('FULL_REBUILD');
    const photos = await Promise.all(
      Array.from({ length: 130 }, (_, index) =>
        sharp({
          create: {
            width: 400,
            height: 300,
            channels: 3,
            background: '#000000',
            noise: { type: 'gaussian', mean: 60 + (index % 100), sigma: 40 },
          },
        })
          .jpeg({ quality: 92 })
          .toBuffer(),
      ),
    );
    const total = photos.reduce((sum, photo) => sum + photo.byteLength, 0);
    expect(total).toBeGreaterThan(5 * 1024 * 1024);
    const dishes: Block = {
      kind: 'items',
      columns: 4,
      items: photos.map((_, index) => ({
        image: { src: `/images/dish-${index}.jpg`, alt: `Dish ${index}`, width: 400, height: 300 },
        blocks: [{ kind: 'paragraph', inlines: run(`Dish number ${index}`) }],
      })),
    };
    const home = plan.pages[0]!;
    const withPhotos: SitePlan = {
      ...plan,
      assets: [
        ...plan.assets,
        ...photos.map((body, index) => ({
          url: `http://example.com/dish-${index}.jpg`,
          path: `images/dish-${index}.jpg`,
          contentType: 'image/jpeg',
          body: new Uint8Array(body),
          width: 400,
          height: 300,
        })),
      ],
      // Responsive copies of the first dish, as optimize writes them.
      imageVariants: { 'images/dish-0.jpg': [{ path: 'images/dish-1.jpg', width: 300 }] },
      pages: [
        {
          ...home,
          sections: [...home.sections, { id: 'dishes-all', variant: 'prose', blocks: [dishes] }],
        },
        ...plan.pages.slice(1),
      ],
    };
    const tree = await generateProject(withPhotos);
    const result = await buildTree(tree);
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    expect(result.output).toMatch(/(?:ok|WARN) +first-view images/);
    const html = readFileSync(join(result.dir, 'dist', 'index.html'), 'utf8');
    // Below the first view every photo is lazy; the one with copies has a srcset and sizes.
    const dish = /<img[^>]*alt="Dish 0"[^>]*>/.exec(html)![0];
    expect(dish).toContain('loading="lazy"');
    expect(dish).toMatch(/srcset="\/images\/dish-1\.jpg 300w, \/images\/dish-0\.jpg 400w"/i);
    expect(dish).toMatch(/sizes="\(min-width: 1024px\) 25vw, \(min-width: 640px\) 50vw, 100vw"/);
  });
});
