import { describe, expect, it } from 'vitest';
import type { Block, PlannedPage } from '../../model';
import { planPageKinds, toKindName, toKindPlural, toPageShape } from './page-kinds';
import { toComponentName, toModuleName } from './plan-routes';

const para = (text: string): Block => ({ kind: 'paragraph', inlines: [{ text }] });

/** A planned page at `route`: an h1 (the section's heading) over `blocks`, and more sections. */
function page(
  route: string,
  blocks: Block[],
  more: PlannedPage['sections'] = [],
  title = `Title of ${route}`,
): PlannedPage {
  const moduleName = toModuleName(route);
  return {
    url: `http://site.example${route}.html`,
    route,
    moduleName,
    componentName: toComponentName(moduleName),
    title,
    description: '',
    language: 'en',
    sections: [
      {
        id: moduleName,
        heading: { level: 1, inlines: [{ text: title }] },
        blocks,
        variant: 'prose',
      },
      ...more,
    ],
    textBlocks: [],
  };
}

const post = (year: number, slug: string, date: string) =>
  page(
    `/blog/${year}/${slug}`,
    [para(date), para(`What happened in ${slug}.`)],
    [
      {
        id: `${slug}-more`,
        heading: { level: 2, inlines: [{ text: 'More' }] },
        blocks: [para('And then.')],
        variant: 'prose',
      },
    ],
  );
const product = (slug: string) =>
  page(`/products/${slug}`, [
    { kind: 'image', image: { src: `/images/${slug}.png`, alt: slug } },
    para('Baked every morning.'),
  ]);

/** Twelve pages: a start page, three plain pages, five dated posts over three years, three products. */
function shopSite(): PlannedPage[] {
  return [
    page('/', [para('Welcome.')]),
    page('/about', [para('Who we are.')]),
    page('/contact', [para('Where we are.')]),
    page('/blog', [para('Our journal.')]),
    post(2018, 'first', 'May 1, 2018'),
    post(2018, 'second', 'June 3, 2018'),
    post(2019, 'third', '12 March 2019'),
    post(2020, 'fourth', '2020-01-05'),
    post(2020, 'fifth', 'Posted on 2020-02-01'),
    product('sourdough'),
    product('rye'),
    product('tart'),
  ];
}

describe('planPageKinds', () => {
  it('makes one kind of the dated posts under /blog/<year>/ and one of the products; plain pages stay pages', () => {
    const planned = planPageKinds(shopSite());
    const kinds = Object.fromEntries(planned.map((p) => [p.route, p.kind]));
    for (const route of ['/', '/about', '/contact', '/blog']) expect(kinds[route]).toBeUndefined();
    expect(kinds['/blog/2018/first']).toEqual({
      name: 'post',
      plural: 'posts',
      componentName: 'Post',
      slug: '2018-first',
      dated: true,
    });
    expect(
      planned.filter((p) => p.kind?.name === 'post').map((p) => [p.kind!.slug, p.kind!.dated]),
    ).toEqual([
      ['2018-first', true],
      ['2018-second', true],
      ['2019-third', true],
      ['2020-fourth', true],
      ['2020-fifth', true],
    ]);
    expect(kinds['/products/rye']).toEqual({
      name: 'product',
      plural: 'products',
      componentName: 'Product',
      slug: 'rye',
    });
    // Nothing else of a page changes.
    expect(planned.map(({ kind: _kind, ...rest }) => rest)).toEqual(shopSite());
  });

  it('needs three pages of one shape in a folder: two alike are no kind', () => {
    const pages = shopSite().filter((p) => p.route !== '/products/tart');
    expect(planPageKinds(pages).some((p) => p.kind?.name === 'product')).toBe(false);
  });

  it('leaves out a page whose layout only its own JSX keeps, and the kind goes when too few are left', () => {
    const pages = shopSite();
    const closing: Block = {
      kind: 'heading',
      level: 2,
      inlines: [{ text: 'Q?' }],
      collapsed: true,
    };
    pages[9] = { ...pages[9]!, sections: [{ ...pages[9]!.sections[0]!, blocks: [closing] }] };
    const row: Block = {
      kind: 'items',
      columns: 2,
      items: [{ blocks: [para('left')] }, { blocks: [para('right')] }],
      widths: [1, 2],
    };
    pages[5] = { ...pages[5]!, sections: [{ ...pages[5]!.sections[0]!, blocks: [row] }] };
    const planned = planPageKinds(pages);
    expect(planned.filter((p) => p.kind?.name === 'post')).toHaveLength(4);
    expect(planned[5]!.kind).toBeUndefined();
    expect(planned.some((p) => p.kind?.name === 'product')).toBe(false);
  });

  it('never puts the start page, or pages at the root that share no first word, in a kind', () => {
    const pages = [
      page('/', [para('Home')]),
      page('/one', [para('a')]),
      page('/two', [para('b')]),
      page('/three', [para('c')]),
      page('/four', [para('d')]),
      page('/five', [para('e')]),
      page('/six', [para('f')]),
    ];
    expect(planPageKinds(pages).every((p) => p.kind === undefined)).toBe(true);
  });

  it('makes a kind of six pages at the root whose names start with one word, not of three', () => {
    const manual = ['compile', 'match', 'free', 'config', 'jit-match', 'set-limit'].map((name) =>
      page(`/pcre2-${name}`, [para(`${name} does this.`)]),
    );
    const site = [
      page('/', [para('Home')]),
      page('/about-us', [para('Us')]),
      page('/about-team', [para('Team')]),
      page('/about-history', [para('History')]),
      ...manual,
    ];
    const kinds = planPageKinds(site).map((p) => p.kind);
    expect(kinds.slice(0, 4)).toEqual([undefined, undefined, undefined, undefined]);
    expect(kinds.slice(4).map((kind) => [kind?.name, kind?.slug])).toEqual([
      ['entry', 'pcre2-compile'],
      ['entry', 'pcre2-match'],
      ['entry', 'pcre2-free'],
      ['entry', 'pcre2-config'],
      ['entry', 'pcre2-jit-match'],
      ['entry', 'pcre2-set-limit'],
    ]);
    expect(planPageKinds(site.slice(0, 7)).every((p) => p.kind === undefined)).toBe(true);
  });

  it('takes a kind name no component of the project has, and gives each page its own slug', () => {
    const pages = [
      page('/', [para('Home')]),
      ...['en', 'de'].flatMap((language) =>
        ['a', 'b', 'c'].map((slug) => page(`/${language}/sections/${slug}`, [para(slug)])),
      ),
    ];
    // /en/sections/ and /de/sections/ are two folders of the one kind `section`.
    const kinds = planPageKinds(pages).map((p) => p.kind);
    expect(kinds[1]?.componentName).toBe('SectionKind');
    expect(kinds.slice(1).map((kind) => kind?.slug)).toEqual(['a', 'b', 'c', 'a-2', 'b-2', 'c-2']);
  });
});

describe('toPageShape', () => {
  it('reads the title and the date line under it, also when lines above the title open the page', () => {
    const breadcrumb: Block = { kind: 'paragraph', inlines: [{ text: 'Home', href: '/' }] };
    const titled = page('/blog/x', [para('May 1, 2018'), para('Text.')]);
    expect(toPageShape(titled)).toEqual({ title: 'Title of /blog/x', dated: true });
    const inText: PlannedPage = {
      ...titled,
      sections: [
        {
          id: 'x',
          blocks: [
            breadcrumb,
            { kind: 'heading', level: 1, inlines: [{ text: 'A post' }] },
            para('Text.'),
          ],
          variant: 'prose',
        },
      ],
    };
    expect(toPageShape(inText)).toEqual({ title: 'A post', dated: false });
    // A title that links to a route of the site (its own address, the start page) is a title too.
    const linked = {
      ...titled,
      sections: [
        {
          ...titled.sections[0]!,
          heading: { level: 1, inlines: [{ text: 'A post', href: '/blog/x' }] },
        },
      ],
    };
    expect(toPageShape(linked)).toEqual({ title: 'A post', dated: true });
  });

  it('refuses a page without a plain shown h1, or with a section only literal JSX draws', () => {
    const base = page('/blog/x', [para('Text.')]);
    const first = base.sections[0]!;
    const linked = {
      ...first,
      heading: { level: 1, inlines: [{ text: 'T', href: 'http://other.example/' }] },
    };
    const hidden = { ...first, heading: { ...first.heading!, visuallyHidden: true as const } };
    const h2 = { ...first, heading: { level: 2, inlines: [{ text: 'T' }] } };
    const hero = { ...first, variant: 'hero' as const };
    const collapsed = { ...first, collapsed: true as const };
    for (const section of [linked, hidden, h2, hero, collapsed])
      expect(toPageShape({ ...base, sections: [section] })).toBeUndefined();
  });
});

describe('kind names', () => {
  it.each([
    ['/products', false, 'product'],
    ['/blog/#', true, 'post'],
    ['/en/news/#/#', true, 'article'],
    ['/recipes', false, 'recipe'],
    ['/stories', false, 'story'],
    ['/docs/api', false, 'api'],
    ['/#/#', true, 'post'],
    ['/#', false, 'entry'],
    ['/pages', false, 'entry'],
    ['/recipe-*', false, 'recipe'],
    ['/pcre2-*', false, 'entry'],
  ])('%s (dated: %s) holds %s pages', (folder, dated, name) => {
    expect(toKindName(folder, dated)).toBe(name);
  });

  it.each([
    ['post', 'posts'],
    ['entry', 'entries'],
    ['class', 'classes'],
    ['manual-page', 'manual-pages'],
    ['day', 'days'],
  ])('%s -> %s', (name, plural) => {
    expect(toKindPlural(name)).toBe(plural);
  });
});
