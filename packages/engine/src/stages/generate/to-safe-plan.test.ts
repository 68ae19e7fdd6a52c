import { describe, expect, it } from 'vitest';
import type { Block, SitePlan, TypeScale } from '../../model';
import { loadFixture } from './testing/load-fixture';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { toSafePlan } from './to-safe-plan';

function contactPlan(): SitePlan {
  return planSite(extractSite(loadFixture('contact-page').raw), { strategy: 'FULL_REBUILD' });
}

/** `plan` with the original's measured type scale, `more` on top of a plain one. */
function withTypography(plan: SitePlan, more: Partial<TypeScale>): SitePlan {
  const typography: TypeScale = {
    body: { size: 16, lineHeight: 1.5 },
    headings: {
      h1: { size: 32, weight: 700 },
      h2: { size: 24, weight: 700 },
      h3: { size: 20, weight: 700 },
    },
    flowGap: 16,
    sectionPadding: 48,
    hasBands: false,
    ...more,
  };
  return { ...plan, design: { ...plan.design, tokens: { ...plan.design.tokens, typography } } };
}

function withBlocks(plan: SitePlan, blocks: Block[]): SitePlan {
  const [home, ...rest] = plan.pages;
  return {
    ...plan,
    pages: [{ ...home!, sections: [{ id: 's', variant: 'prose', blocks }] }, ...rest],
  };
}

describe('toSafePlan', () => {
  it('leaves a plan of a real site as it is', () => {
    const plan = contactPlan();
    expect(toSafePlan(plan)).toEqual(plan);
  });

  it("keeps a title band's hex colours, opacity and sizes; drops what is not", () => {
    const plan = contactPlan();
    const [home, ...rest] = plan.pages;
    const image = { src: '/images/library.jpg', alt: '', width: 1920, height: 1080 };
    const band = { height: 230, fill: '#000000', opacity: 0.7, image, size: 24, color: '#ffffff' };
    const titled = (titleBand: object): SitePlan => ({
      ...plan,
      pages: [
        {
          ...home!,
          sections: [
            {
              id: 's',
              variant: 'prose',
              heading: { level: 1, inlines: [{ text: 'Word' }] },
              blocks: [],
              titleBand: titleBand as never,
            },
          ],
        },
        ...rest,
      ],
    });
    expect(
      toSafePlan(titled({ ...band, align: 'center' })).pages[0]!.sections[0]!.titleBand,
    ).toEqual({ ...band, align: 'center' });
    const hostile = titled({
      height: 9e9,
      fill: 'red;background:url(//x)',
      opacity: 3,
      image: { src: 'javascript:alert(1)', alt: '' },
      size: -5,
      color: 'url(//x)',
    });
    expect(toSafePlan(hostile).pages[0]!.sections[0]!.titleBand).toBeUndefined();
    const fillOnly = toSafePlan(titled({ height: 9000, fill: '#1e508c', color: 'url(//x)' }));
    expect(fillOnly.pages[0]!.sections[0]!.titleBand).toEqual({ height: 4000, fill: '#1e508c' });
  });

  it("keeps a hero backdrop's plate as an alpha of two digits, 0..1 (decision record 108)", () => {
    const plan = contactPlan();
    const [home, ...rest] = plan.pages;
    const image = { src: '/images/hero.jpg', alt: '', width: 1600, height: 900 };
    const plated = (plate: number) =>
      toSafePlan({
        ...plan,
        pages: [
          {
            ...home!,
            sections: [{ id: 's', variant: 'hero', blocks: [], backdrop: { image, plate } }],
          },
          ...rest,
        ],
      }).pages[0]!.sections[0]!.backdrop;
    expect(plated(0.25)).toEqual({ image, plate: 0.25 });
    expect(plated(0.3333)).toEqual({ image, plate: 0.33 });
    expect(plated(7)).toEqual({ image, plate: 1 });
  });

  it("keeps a centred heading's alignment and a closed section", () => {
    const plan = contactPlan();
    const [home, ...rest] = plan.pages;
    const sections = [
      {
        id: 'q',
        variant: 'prose' as const,
        heading: { level: 4, inlines: [{ text: 'Why?' }], align: 'center' as const },
        blocks: [{ kind: 'paragraph' as const, inlines: [{ text: 'Because.' }] }],
        collapsed: true as const,
      },
      {
        id: 'r',
        variant: 'prose' as const,
        heading: { level: 2, inlines: [{ text: 'Who' }] },
        blocks: [],
      },
    ];
    const safe = toSafePlan({ ...plan, pages: [{ ...home!, sections }, ...rest] });
    const [first, second] = safe.pages[0]!.sections;
    expect(first?.heading?.align).toBe('center');
    expect(first?.collapsed).toBe(true);
    expect(second?.heading?.align).toBeUndefined();
    expect(second?.collapsed).toBeUndefined();
  });

  it("keeps a table's spans within the table and drops marks of cells it does not have", () => {
    const table: Block = {
      kind: 'table',
      head: [],
      rows: [[[{ text: 'a' }], [{ text: 'b' }]], [[{ text: 'c' }]]],
      cells: [
        { row: 0, cell: 1, rows: 40, columns: 3 },
        { row: 1, cell: 0, head: true },
        { row: 1, cell: 5, rows: 2 },
        { row: 7, cell: 0, head: true },
      ],
    };
    const safe = toSafePlan(withBlocks(contactPlan(), [table]));
    expect(safe.pages[0]!.sections[0]!.blocks[0]).toEqual({
      ...table,
      cells: [
        { row: 0, cell: 1, rows: 2, columns: 3 },
        { row: 1, cell: 0, head: true },
      ],
    });
  });

  it('keeps the level a heading was drawn at only as a level of 1 to 3 (decision record 110)', () => {
    const plan = contactPlan();
    const [home, ...rest] = plan.pages;
    const heading = (drawnAs: number) => ({ level: 1, inlines: [{ text: 'Hi' }], drawnAs });
    const sections = [
      { id: 'a', variant: 'prose' as const, heading: heading(2), blocks: [] },
      {
        id: 'b',
        variant: 'prose' as const,
        heading: heading(7),
        blocks: [
          { kind: 'heading' as const, ...heading(3) },
          { kind: 'heading' as const, ...heading(2.5) },
        ],
      },
    ];
    const safe = toSafePlan({ ...plan, pages: [{ ...home!, sections }, ...rest] });
    const [first, second] = safe.pages[0]!.sections;
    expect(first?.heading?.drawnAs).toBe(2);
    expect(second?.heading).not.toHaveProperty('drawnAs');
    expect(second?.blocks[0]).toHaveProperty('drawnAs', 3);
    expect(second?.blocks[1]).not.toHaveProperty('drawnAs');
  });

  it('refuses a plan that is not a SitePlan, however deep, and says where (sitePlanSchema)', () => {
    const plan = contactPlan();
    const [home, ...rest] = plan.pages;
    const withSection = (section: Record<string, unknown>) =>
      ({
        ...plan,
        pages: [
          { ...home!, sections: [{ id: 's', variant: 'prose', blocks: [], ...section }] },
          ...rest,
        ],
      }) as SitePlan;
    const refusals = [
      [
        withSection({ heading: { level: 2, inlines: [], align: 'left' } }),
        'pages.0.sections.0.heading.align',
      ],
      [withSection({ collapsed: 'yes' }), 'pages.0.sections.0.collapsed'],
      [withSection({ variant: 'marquee' }), 'pages.0.sections.0.variant'],
      [
        withSection({
          blocks: [{ kind: 'paragraph', inlines: [{ href: 'https://example.com/' }] }],
        }),
        'pages.0.sections.0.blocks.0.inlines.0.text',
      ],
      [
        withSection({ blocks: [{ kind: 'form', form: { action: '/', method: 'delete' } }] }),
        'pages.0.sections.0.blocks.0.form.method',
      ],
      [
        { ...plan, design: { ...plan.design, tokens: { ...plan.design.tokens, radius: 'huge' } } },
        'design.tokens.radius',
      ],
    ] as const;
    for (const [forged, path] of refusals) {
      let error: unknown;
      try {
        toSafePlan(forged as SitePlan);
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({ code: 'ENGINE_GENERATE_FAILED', details: { path } });
    }
  });

  it('keeps the text of a link whose target could run script, without the link', () => {
    const plan = withBlocks(contactPlan(), [
      {
        kind: 'paragraph',
        inlines: [
          { text: 'a', href: 'javascript:alert(1)', context: 'b' },
          { text: 'c', href: 'https://example.com/' },
        ],
      },
    ]);
    expect(toSafePlan(plan).pages[0]!.sections[0]!.blocks).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'a' }, { text: 'c', href: 'https://example.com/' }] },
    ]);
  });

  it('leaves out an image whose source is not an image URL, and the link of one that is', () => {
    const plan = withBlocks(contactPlan(), [
      { kind: 'image', image: { src: 'javascript:alert(1)', alt: 'x' } },
      { kind: 'image', image: { src: '/images/a.png', alt: 'y', href: 'javascript:alert(1)' } },
    ]);
    expect(toSafePlan(plan).pages[0]!.sections[0]!.blocks).toEqual([
      { kind: 'image', image: { src: '/images/a.png', alt: 'y' } },
    ]);
  });

  it('drops an invalid lang, script links of menus and profiles, and a forged origin', () => {
    const plan = contactPlan();
    const safe = toSafePlan({
      ...plan,
      origin: 'https://example.com/"><script>\nDisallow: /',
      identity: { ...plan.identity, language: 'en"><script>' },
      pages: plan.pages.map((page) => ({ ...page, language: 'en_GB' })),
      navigation: [
        { label: 'x', route: 'javascript:alert(1)' },
        { label: 'y', route: '/y' },
      ],
      footerLinks: [{ label: 'z', route: ' data:text/html,<script>' }],
      social: [
        { network: 'a', href: 'javascript:alert(1)' },
        { network: 'b', href: 'https://social.example/b' },
      ],
    });
    expect(safe.origin).toBe('https://example.com');
    expect(safe.identity.language).toBe('');
    expect(safe.pages[0]!.language).toBe('en-GB');
    expect(safe.navigation).toEqual([{ label: 'y', route: '/y' }]);
    expect(safe.footerLinks).toEqual([]);
    expect(safe.social).toEqual([{ network: 'b', href: 'https://social.example/b' }]);
  });

  it('replaces design tokens that are not colours or fonts', () => {
    const plan = contactPlan();
    const { tokens } = plan.design;
    const safe = toSafePlan({
      ...plan,
      design: {
        ...plan.design,
        tokens: {
          ...tokens,
          colors: { ...tokens.colors, primary: 'red;}</style><script>', accent: 'blue' },
          fonts: { ...tokens.fonts, body: '"x";}</style>' },
        },
      },
    });
    expect(safe.design.tokens.colors.primary).toBe('#2563eb');
    expect(safe.design.tokens.colors.accent).toBe('#0000ff');
    expect(safe.design.tokens.fonts.body).toBe('"xstyle"');
  });

  it('prints a menu bar only with colours and a gradient the engine rebuilt (issue 23)', () => {
    const plan = contactPlan();
    const withBar = (gradient: string, color = '#142878') =>
      toSafePlan(
        withTypography(plan, {
          menuBar: {
            color,
            gradient,
            text: '#ffffff',
            weight: 700,
            size: 15,
            height: 44,
            isFullWidth: true,
          },
        }),
      ).design.tokens.typography?.menuBar;
    expect(withBar('linear-gradient(#435393, #142878)')?.gradient).toBe(
      'linear-gradient(#435393, #142878)',
    );
    const forged = withBar('linear-gradient(#000000, #ffffff)} body{display:none');
    expect(forged?.color).toBe('#142878');
    expect(forged?.gradient).toBeUndefined();
    expect(withBar('linear-gradient(#000000, #ffffff)', 'red;}</style>')).toBeUndefined();
  });

  it("prints the header's strip and parts only as colours and lines (issue 23)", () => {
    const plan = contactPlan();
    const withStrip = (color: string) =>
      toSafePlan({
        ...withTypography(plan, {
          header: { height: 200, strip: { height: 40, color, text: '#ffffff' } },
        }),
        header: [
          { place: 'strip', blocks: [{ kind: 'paragraph', inlines: [{ text: '+1 555 0100' }] }] },
          { place: 'start', blocks: [{ kind: 'image', image: { src: '/x.png', alt: '' } }] },
        ],
      });
    const kept = withStrip('#2c3e50');
    expect(kept.design.tokens.typography?.header).toEqual({
      height: 200,
      strip: { height: 40, color: '#2c3e50', text: '#ffffff' },
    });
    // A picture is no line of the header's: that part is not drawn there.
    expect(kept.header?.map((part) => part.place)).toEqual(['strip']);
    expect(withStrip('red;}</style>').design.tokens.typography?.header).toEqual({ height: 200 });
  });

  it("prints a header band's gradient only as the engine rebuilt it, its title only in a colour", () => {
    const plan = contactPlan();
    const header = (gradient: string, color: string) =>
      toSafePlan(
        withTypography(plan, {
          header: { height: 360, gradient, title: { text: 'Ada', size: 56, color, height: 300 } },
        }),
      ).design.tokens.typography?.header;
    expect(header('linear-gradient(135deg, #1e3a5f 0%, #e6e6fa 100%)', '#ffffff')).toMatchObject({
      gradient: 'linear-gradient(135deg, #1e3a5f 0%, #e6e6fa 100%)',
      title: { color: '#ffffff' },
    });
    const forged = header('linear-gradient(#000000, #ffffff)} body{display:none', 'red;}</style>');
    expect(forged?.gradient).toBeUndefined();
    expect(forged?.title).toBeUndefined();
    expect(forged?.height).toBe(360);
  });

  it('prints only hosted background pictures, laid with CSS values of known shapes (issue 23)', () => {
    const plan = contactPlan();
    const path = plan.assets[0]!.path;
    const laid = {
      repeat: 'repeat',
      size: '40px 30px',
      position: '0% 0%',
      attachment: 'scroll' as const,
    };
    const forged: SitePlan = {
      ...plan,
      design: {
        ...plan.design,
        tokens: {
          ...plan.design.tokens,
          backgrounds: {
            page: { src: `/${path}`, ...laid, plate: 7 },
            header: { src: 'https://evil.example/x.png', ...laid },
            footer: { src: `/${path}`, ...laid, size: '1px;} body{display:none' },
          },
        },
      },
    };
    expect(toSafePlan(forged).design.tokens.backgrounds).toEqual({
      page: { src: `/${path}`, ...laid, plate: 1 },
    });
  });

  it('leaves out a self-hosted file a host would serve as a page or a script', () => {
    const plan = contactPlan();
    const body = new Uint8Array([60]);
    const safe = toSafePlan({
      ...plan,
      assets: [
        ...plan.assets,
        { url: 'u1', path: 'images/evil.html', contentType: 'image/x', body },
        { url: 'u2', path: 'images/../index.js', contentType: 'image/x', body },
        // Would pass for the favicon generate draws itself, which is not sanitised.
        { url: 'generated:favicon.svg', path: 'images/x.svg', contentType: 'image/svg+xml', body },
      ],
    });
    expect(safe.assets).toEqual(plan.assets);
  });

  it('keeps the downloads and media an old site links to, under their own extension', () => {
    const plan = contactPlan();
    const body = new Uint8Array([37, 80, 68, 70]);
    const files = ['files/prices-3b951b76.pdf', 'files/menu.docx', 'media/jingle.mp3'].map(
      (path, index) => ({ url: `u${index}`, path, contentType: 'application/octet-stream', body }),
    );
    const safe = toSafePlan({ ...plan, assets: [...plan.assets, ...files] });
    expect(safe.assets).toEqual([...plan.assets, ...files]);
  });

  it('refuses a plan whose routes or module names are not its own', () => {
    const plan = contactPlan();
    const forged = (change: Partial<SitePlan['pages'][number]>) => ({
      ...plan,
      pages: [{ ...plan.pages[0]!, ...change }],
    });
    expect(() => toSafePlan(forged({ route: "/a'); alert(1); ('" }))).toThrow(
      'could not be generated',
    );
    expect(() => toSafePlan(forged({ componentName: 'A(){}; alert(1); function B' }))).toThrow();
    expect(() => toSafePlan(forged({ moduleName: "../x'" }))).toThrow();
  });

  it("keeps a hidden page title hidden, and the footer's lines checked like a page's (issue 12)", () => {
    const plan = contactPlan();
    const [home, ...rest] = plan.pages;
    const sections = [
      {
        id: 'page-title',
        variant: 'prose' as const,
        heading: { level: 1, inlines: [{ text: 'Title' }], visuallyHidden: true as const },
        blocks: [],
      },
    ];
    const footer: Block[] = [
      { kind: 'paragraph', inlines: [{ text: 'Run', href: 'javascript:alert(1)' }] },
      { kind: 'image', image: { src: '/a.png', alt: '' } },
    ];
    const safe = toSafePlan({ ...plan, footer, pages: [{ ...home!, sections }, ...rest] });
    expect(safe.pages[0]!.sections[0]!.heading?.visuallyHidden).toBe(true);
    expect(safe.footer).toEqual([{ kind: 'paragraph', inlines: [{ text: 'Run' }] }]);
  });
});
