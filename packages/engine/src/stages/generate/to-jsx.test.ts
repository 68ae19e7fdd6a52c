/**
 * The page builder (issue 11 item 3): printed JSX is compiled back to createElement calls (Oxc,
 * through Vite) and run with a stub, so the tests check what the markup means, not how it is laid
 * out: hostile text and attribute values come back as the same strings, with no extra elements.
 */
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import type { Block, PlannedPage } from '../../model';
import { newJsxState, printJsx, toBlockJsx, toPageJsx } from './to-jsx';

interface Node {
  type: string;
  props: Record<string, unknown>;
  children: unknown[];
}

const HOSTILE = `{a} } { <b>x</b> & &amp; "double" 'single' \`tick\` \${window.x=1} \\ \u2028\u2029 */ é —`;

/** Components a page imports: here each stands for its own name. */
const NAMES = ['Link', 'ContactForm', 'Seo', 'Tabs'];

/** Runs printed JSX and returns the tree it describes. */
async function run(code: string): Promise<unknown> {
  const { code: js } = await transformWithOxc(`out = ${code};`, 'x.jsx', {
    lang: 'jsx',
    jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'F' },
  });
  const h = (
    type: string,
    props: Record<string, unknown> | null,
    ...children: unknown[]
  ): Node => ({
    type,
    props: props ?? {},
    children,
  });
  const asset = (path: string) => `asset:${path}`;
  const run = new Function(...NAMES, 'h', 'F', 'asset', `let out; ${js}; return out;`);
  return run(...NAMES, h, 'F', asset);
}

async function block(b: Block): Promise<unknown> {
  const [node] = toBlockJsx(b, newJsxState());
  return run(printJsx(node!));
}

function page(blocks: Block[], title = 'Home'): PlannedPage {
  return {
    url: 'https://site.example/',
    route: '/',
    componentName: 'HomePage',
    moduleName: 'home',
    title,
    description: 'About us',
    language: 'en',
    sections: [{ id: 'main', variant: 'prose', blocks }],
    textBlocks: [],
  };
}

function imports(source: string): string[] {
  return [...source.matchAll(/^import \{ (\w+) \}/gm)].map((m) => m[1]!);
}

describe('toBlockJsx', () => {
  it('prints text with JSX, HTML and template syntax and U+2028 as inert text', async () => {
    expect(await block({ kind: 'paragraph', inlines: [{ text: HOSTILE }] })).toEqual({
      type: 'p',
      props: {},
      children: [HOSTILE],
    });
    expect(await block({ kind: 'pre', text: HOSTILE })).toEqual({
      type: 'pre',
      props: {},
      children: [HOSTILE],
    });
  });

  it('prints attribute values and link text as the same strings', async () => {
    const tree = await block({
      kind: 'image',
      image: { src: 'https://site.example/a.png', alt: HOSTILE, href: 'https://x.example/?q="}' },
      caption: HOSTILE,
    });
    expect(tree).toMatchObject({
      type: 'figure',
      children: [
        {
          type: 'a',
          props: { href: 'https://x.example/?q="}' },
          children: [{ type: 'img', props: { src: 'https://site.example/a.png', alt: HOSTILE } }],
        },
        { type: 'figcaption', children: [HOSTILE] },
      ],
    });
    expect(await block({ kind: 'heading', level: 2, id: HOSTILE, inlines: [] })).toEqual({
      type: 'h2',
      props: { id: HOSTILE },
      children: [],
    });
  });

  it('centres the text, headings and pictures the original centred, keeping their other classes', () => {
    const printed = (block: Block) => toBlockJsx(block, newJsxState()).map(printJsx).join('');
    expect(printed({ kind: 'paragraph', inlines: [{ text: 'Lead' }], align: 'center' })).toBe(
      '<p className="center">{"Lead"}</p>',
    );
    expect(
      printed({ kind: 'paragraph', inlines: [{ text: 'Lead' }], role: 'caption', align: 'center' }),
    ).toBe('<p className="caption center">{"Lead"}</p>');
    expect(printed({ kind: 'paragraph', inlines: [{ text: 'Lead' }] })).toBe('<p>{"Lead"}</p>');
    expect(
      printed({ kind: 'heading', level: 4, inlines: [{ text: 'Kay Garland' }], align: 'center' }),
    ).toBe('<h4 className="heading-center">{"Kay Garland"}</h4>');
    // Drawn at the size of the level the original drew it at (decision record 110).
    expect(
      printed({
        kind: 'heading',
        level: 1,
        inlines: [{ text: 'VB-Links' }],
        align: 'center',
        drawnAs: 2,
      }),
    ).toBe('<h1 className="heading-center drawn-h2">{"VB-Links"}</h1>');
    expect(
      printed({
        kind: 'image',
        image: { src: 'https://example.com/a.png', alt: 'A', asset: 'https://example.com/a.png' },
        align: 'center',
      }),
    ).toMatch(/^<figure className="center"><img /);
    expect(
      printed({
        kind: 'list',
        ordered: false,
        items: [[{ text: 'a' }], [{ text: 'b' }]],
        inline: true,
        align: 'center',
      }),
    ).toBe('<ul className="list-inline center"><li>{"a"}</li><li>{"b"}</li></ul>');
  });

  it('draws a dated list with its dates in a column, and a price list with its prices beside', () => {
    const printed = (block: Block) => toBlockJsx(block, newJsxState()).map(printJsx).join('');
    expect(
      printed({
        kind: 'list',
        ordered: false,
        items: [[{ text: '2014-05-01' }, { text: 'Post', href: '/p' }]],
        dated: 'start',
      }),
    ).toMatch(
      /^<ul className="list-dated"><li><span className="list-date">\{"2014-05-01"\}<\/span><span className="list-entry">/,
    );
    expect(
      printed({
        kind: 'list',
        ordered: false,
        items: [[{ text: 'Tea' }, { text: '2,50 €' }]],
        priced: true,
      }),
    ).toBe(
      '<ul className="list-priced"><li><span className="price-name">{"Tea"}</span><span className="price">{"2,50 €"}</span></li></ul>',
    );
  });

  it("draws a layout row's columns side by side at their shares", () => {
    const [node] = toBlockJsx(
      {
        kind: 'items',
        columns: 2,
        widths: [58.3, 41.7],
        items: [
          { blocks: [{ kind: 'paragraph', inlines: [{ text: 'Left' }] }] },
          { blocks: [{ kind: 'heading', level: 3, inlines: [{ text: 'Right' }] }] },
        ],
      },
      newJsxState(),
    );
    expect(printJsx(node!)).toBe(
      '<div className="layout-row" style={{\n  gridTemplateColumns: "58.3fr 41.7fr"\n}}><div><p>{"Left"}</p></div><div><h3>{"Right"}</h3></div></div>',
    );
  });

  it("keeps a layout table's narrower row at its width, centred, a row on a phone", () => {
    const [node] = toBlockJsx(
      {
        kind: 'items',
        columns: 2,
        widths: [40, 60],
        rowWidth: 230,
        align: 'center',
        items: [
          { blocks: [{ kind: 'paragraph', inlines: [{ text: 'Button' }] }] },
          { blocks: [{ kind: 'paragraph', inlines: [{ text: 'Visual basic' }] }] },
        ],
      },
      newJsxState(),
    );
    const printed = printJsx(node!);
    expect(printed).toContain('className="layout-row center fits-phone"');
    expect(printed).toContain('maxWidth: 230');
  });

  it("draws a timetable's spanning sessions and its rows' header cells", () => {
    const [node] = toBlockJsx(
      {
        kind: 'table',
        head: [[[{ text: 'Time' }], [{ text: 'A' }], [{ text: 'B' }]]],
        rows: [
          [[{ text: '10:00' }], [{ text: 'Talk' }], [{ text: 'Workshop' }]],
          [[{ text: '11:00' }], [{ text: 'Panel' }]],
        ],
        cells: [
          { row: 1, cell: 0, head: true },
          { row: 1, cell: 2, rows: 2 },
          { row: 2, cell: 0, head: true },
          { row: 2, cell: 1, columns: 2 },
        ],
      },
      newJsxState(),
    );
    const printed = printJsx(node!);
    expect(printed).toContain('<th scope="row">{"10:00"}</th>');
    expect(printed).toContain('<td rowSpan={2}>{"Workshop"}</td>');
    expect(printed).toContain('<td colSpan={2}>{"Panel"}</td>');
    expect(printed).toContain('<th scope="col">{"Time"}</th>');
    // Its columns' lines drawn (the grid reads only with them).
    expect(printed).toContain('<table className="spanning">');
  });

  it('shows a picture as wide as the original showed it, its height in step', () => {
    const [node] = toBlockJsx(
      {
        kind: 'image',
        image: {
          src: 'https://example.com/a.png',
          alt: 'A',
          width: 983,
          height: 906,
          shownWidth: 160,
        },
      },
      newJsxState(),
    );
    expect(printJsx(node!)).toContain('width={160} height={147}');
  });

  it('floats a picture the original floated, by a class of its own', () => {
    const [node] = toBlockJsx(
      { kind: 'image', image: { src: 'https://example.com/a.jpg', alt: 'A' }, float: 'right' },
      newJsxState(),
    );
    // Not Tailwind's `float-right`: written in a page, it made Tailwind emit its utility, which
    // floated the picture on phones too (base.css floats `.beside-*` on a desktop only).
    expect(printJsx(node!)).toMatch(/^<figure className="beside-right">/);
  });

  it('lets a picture the original drew wider than the text column run as wide, not a floated one', () => {
    const image = { src: 'https://example.com/scan.jpg', alt: 'Certificate', drawnWidth: 930 };
    const [wide] = toBlockJsx({ kind: 'image', image }, newJsxState());
    expect(printJsx(wide!)).toMatch(
      /^<figure style={{\s*maxWidth: "max\(var\(--measure, 46rem\), 930px\)"\s*}}>/,
    );
    const [floated] = toBlockJsx({ kind: 'image', image, float: 'left' }, newJsxState());
    expect(printJsx(floated!)).toMatch(/^<figure className="beside-left">/);
    const [plain] = toBlockJsx(
      { kind: 'image', image: { src: 'https://example.com/a.jpg', alt: 'A' } },
      newJsxState(),
    );
    expect(printJsx(plain!)).toMatch(/^<figure><img /);
  });

  it('keeps items drawn as boxes boxed', () => {
    const items = (boxed?: ('border' | 'fill' | 'shadow')[]) =>
      printJsx(
        toBlockJsx(
          {
            kind: 'items',
            columns: 2,
            items: [
              { blocks: [{ kind: 'heading', level: 3, inlines: [{ text: 'Oak' }] }] },
              { blocks: [{ kind: 'heading', level: 3, inlines: [{ text: 'Ash' }] }] },
            ],
            ...(boxed ? { boxed } : {}),
          },
          newJsxState(),
        )[0]!,
      );
    expect(items(['border', 'fill'])).toContain('boxed={["border", "fill"]}');
    expect(items()).not.toContain('boxed');
  });

  it('draws a picture the original drew round round, alone or as a card picture (issue 23)', () => {
    const portrait = {
      src: 'https://example.com/kay.jpg',
      alt: 'Kay Garland',
      shape: 'round' as const,
    };
    const printed = (block: Block) => toBlockJsx(block, newJsxState()).map(printJsx).join('');
    expect(printed({ kind: 'image', image: portrait })).toContain(
      'className={"h-auto max-w-full picture-round"}',
    );
    expect(
      printed({ kind: 'items', columns: 3, items: [{ image: portrait, blocks: [] }] }),
    ).toContain('className={"h-auto max-w-full picture-round item-image"}');
    // Any other picture has the theme's corners.
    const { shape: _shape, ...square } = portrait;
    expect(printed({ kind: 'image', image: square })).toContain(
      'className={"h-auto max-w-full rounded-theme"}',
    );
  });

  it('draws a <pre> the original set in its body type as plain lines, code as code', () => {
    const [plain] = toBlockJsx(
      { kind: 'pre', text: 'May 7\t10:00 am', plain: true },
      newJsxState(),
    );
    expect(printJsx(plain!)).toContain('<pre className="pre-plain">');
    const [code] = toBlockJsx({ kind: 'pre', text: 'npm test' }, newJsxState());
    expect(printJsx(code!)).toContain('<pre>');
  });

  it("draws a paragraph at the size the original's CSS set it in, by a class and its variables", () => {
    const [lead] = toBlockJsx(
      {
        kind: 'paragraph',
        inlines: [{ text: 'Welcome to the studio' }],
        tone: { font: { scale: 2.67, leading: 1.2, bold: true, italic: true } },
      },
      newJsxState(),
    );
    const printed = printJsx(lead!);
    expect(printed).toContain('className="sized"');
    expect(printed).toMatch(/"--p-size": "2.67"/);
    expect(printed).toMatch(/"--p-leading": "1.2"/);
    expect(printed).toContain('fontWeight: 700');
    expect(printed).toContain('fontStyle: "italic"');
    const [plain] = toBlockJsx({ kind: 'paragraph', inlines: [{ text: 'Body' }] }, newJsxState());
    expect(printJsx(plain!)).toBe('<p>{"Body"}</p>');
  });

  it('keeps non-ASCII text as it is in the source', () => {
    const [node] = toBlockJsx({ kind: 'pre', text: 'café — 東京' }, newJsxState());
    expect(printJsx(node!)).toContain('café — 東京');
  });
});

describe('toPageJsx', () => {
  it('keeps a section heading the original centred centred, and no other', () => {
    const centred = page([]);
    centred.sections = [
      {
        id: 'services',
        variant: 'prose',
        heading: { level: 2, inlines: [{ text: 'Services' }], align: 'center' },
        blocks: [],
      },
      {
        id: 'about',
        variant: 'prose',
        heading: { level: 2, inlines: [{ text: 'About' }] },
        blocks: [],
      },
    ];
    const source = toPageJsx(centred);
    // Inside `.wrap.content`, where base.css's `.content .heading-center` applies.
    expect(source).toContain(
      '<div className={"wrap content"}><h2 id={"services-title"} className="heading-center">',
    );
    expect(source).toContain('<h2 id={"about-title"}>');
  });

  it("draws a page's h1 that was an h2 at an h2's size (decision record 110)", () => {
    const promoted = page([]);
    promoted.sections = [
      {
        id: 'welcome',
        variant: 'prose',
        heading: { level: 1, inlines: [{ text: 'Welcome!' }], drawnAs: 2 },
        blocks: [],
      },
    ];
    expect(toPageJsx(promoted)).toContain('<h1 id={"welcome-title"} className="drawn-h2">');
  });

  it('keeps a slider that spanned the window edge to edge, at its height, its caption over it', () => {
    // A full-width slider with a caption (1440 × 450 px in a 1440 px window) opening the page.
    const slider: Block = {
      kind: 'carousel',
      slides: [
        {
          image: { src: '/images/one.jpg', alt: '' },
          blocks: [{ kind: 'heading', level: 2, inlines: [{ text: 'Caption 1' }] }],
        },
        {
          image: { src: '/images/two.jpg', alt: '' },
          blocks: [{ kind: 'heading', level: 2, inlines: [{ text: 'Caption 2' }] }],
        },
      ],
      band: { width: 1440, height: 450, isFullBleed: true },
    };
    const bleed = toPageJsx(page([slider, { kind: 'paragraph', inlines: [{ text: 'Welcome' }] }]));
    // Before the section's measure (not inside `.wrap`), with the measured box.
    expect(bleed).toMatch(
      /<section id=\{"main"\} className=\{"section section-bleed"\}><Carousel slides=\{\[[\s\S]*\]\} band=\{\{\s*width: 1440,\s*height: 450,\s*isFullBleed: true\s*\}\} \/><div className=\{"wrap content"\}><p>\{"Welcome"\}<\/p><\/div><\/section>/,
    );
    // The same slider boxed in a 940 px column stays in the measure, at its width.
    const boxed = toPageJsx(
      page([{ ...slider, band: { width: 940, height: 300, isFullBleed: false } } as Block]),
    );
    expect(boxed).toContain('<div className={"wrap content"}><Carousel');
    expect(boxed).toMatch(/isFullBleed: false/);
  });

  it('shows a picture band with no words over it whole, at most as high as the original', () => {
    const band = page([]);
    band.sections = [
      {
        id: 'main-picture',
        variant: 'hero',
        blocks: [],
        backdrop: {
          image: { src: '/images/poster.png', alt: '', width: 1214, height: 875 },
          shownHeight: 448,
        },
      },
      {
        id: 'main',
        variant: 'prose',
        blocks: [{ kind: 'paragraph', inlines: [{ text: 'Our services' }] }],
      },
    ];
    const source = toPageJsx(band);
    expect(source).toMatch(
      /<section id=\{"main-picture"\} className="section hero-picture" style=\{\{\s*maxHeight: 448\s*\}\}><img[^>]*className=\{"[^"]*hero-picture-image"\}/,
    );
    // No scrim darkening it, no words laid over it.
    expect(source).not.toContain('hero-scrim');
    // The band takes no turn in the sections' alternating tones.
    expect(source).toContain('<section id={"main"} className={"section"}>');
  });

  it("lays a hero backdrop's plate as dark as optimize measured it (decision record 108)", () => {
    const hero = (backdrop: { overlay?: string; plate?: number }) => {
      const p = page([{ kind: 'paragraph', inlines: [{ text: 'Hello' }] }]);
      p.sections[0] = {
        ...p.sections[0]!,
        variant: 'hero',
        backdrop: {
          image: { src: '/images/hero.jpg', alt: '', width: 1600, height: 900 },
          ...backdrop,
        },
      };
      return toPageJsx(p);
    };
    expect(hero({ plate: 0 })).toMatch(
      /<div className="hero-scrim" style=\{\{\s*"--hero-plate": "0"\s*\}\}/,
    );
    expect(hero({ overlay: 'rgba(0, 0, 0, 0.3)', plate: 0.25 })).toMatch(
      /<div className="hero-scrim" style=\{\{\s*backgroundColor: "rgba\(0, 0, 0, 0.3\)",\s*"--hero-plate": "0.25"\s*\}\}/,
    );
    // Not measured: the stylesheet's darkest plate.
    expect(hero({})).toContain('<div className="hero-scrim"></div>');
  });

  it("draws a section in the original's box: a card in the column, or a band across the page", () => {
    const boxed = page([]);
    boxed.sections = [
      {
        id: 'teaching',
        variant: 'prose',
        heading: { level: 2, inlines: [{ text: 'Teaching' }] },
        blocks: [],
        box: {
          gradient: 'linear-gradient(135deg, #1a1a2e, #3c5a8c)',
          border: { width: 2, color: '#64b5f6', sides: 'all' },
          radius: 12,
          text: '#f0f0f0',
          heading: '#9ccff8',
          head: { fill: '#337ab7', text: '#ffffff' },
          pad: 48,
        },
      },
      {
        id: 'band',
        variant: 'prose',
        heading: { level: 2, inlines: [{ text: 'Band' }] },
        blocks: [],
        box: {
          fill: '#222222',
          border: { width: 1, color: '#dddddd', sides: 'bottom' },
          isFullWidth: true,
        },
      },
    ];
    const source = toPageJsx(boxed);
    expect(source).toContain('className="section section-boxed"');
    expect(source).toContain('className="wrap content box-card has-box-head" style={{');
    expect(source).toContain('"--box-bg": "linear-gradient(135deg, #1a1a2e, #3c5a8c)"');
    expect(source).toContain('"--box-bx": "2px solid #64b5f6"');
    expect(source).toContain('"--box-radius": "12px"');
    expect(source).toContain('"--box-pad": "48px"');
    expect(source).toContain('"--type-h2-color": "#9ccff8"');
    expect(source).toContain('"--box-head-fill": "#337ab7"');
    // The band: its fill on the section, a line below it only.
    expect(source).toContain('className="section section-boxed section-band" style={{');
    expect(source).toContain('"--box-bb": "1px solid #dddddd"');
    expect(source).not.toContain('"--box-bt": "1px');
  });

  it("draws a page's title band: its heading alone on its picture under its fill, the rest under it", () => {
    const titled = page([]);
    titled.sections = [
      {
        id: 'word',
        variant: 'prose',
        heading: { level: 1, inlines: [{ text: 'Dean’s word' }] },
        blocks: [{ kind: 'paragraph', inlines: [{ text: 'Welcome.' }] }],
        titleBand: {
          height: 230,
          fill: '#000000',
          opacity: 0.7,
          image: { src: '/images/library.jpg', alt: 'Library', width: 1920, height: 1080 },
          size: 24,
          color: '#ffffff',
          align: 'center',
        },
      },
    ];
    const source = toPageJsx(titled);
    expect(source).toContain('className="section section-page-band"');
    expect(source).toMatch(
      /<div className="page-band has-image page-band-center" style=\{\{\s*"--band-height": "230px",\s*"--band-fill": "#000000",\s*"--band-opacity": "0.7",\s*"--band-size": "24px",\s*"--band-text": "#ffffff"\s*\}\}><img[^>]*alt=\{""\}[^>]*className=\{"[^"]*page-band-image"\}/,
    );
    // The heading in the band, the section's words after it in the column.
    expect(source).toContain(
      'page-band-text"><h1 id={"word-title"}>{"Dean’s word"}</h1></div></div><div className={"wrap content"}><p>',
    );
  });

  it('shows a section the original showed closed as a closed disclosure its heading opens', () => {
    const faq = page([]);
    faq.sections = [
      {
        id: 'question-1',
        variant: 'prose',
        heading: { level: 4, inlines: [{ text: 'Can I pay later?' }] },
        blocks: [{ kind: 'paragraph', inlines: [{ text: 'Yes, within 30 days.' }] }],
        collapsed: true,
      },
    ];
    const source = toPageJsx(faq);
    expect(source).toContain(
      '<details className="disclosure"><summary><h4 id={"question-1-title"}>{"Can I pay later?"}</h4></summary><p>{"Yes, within 30 days."}</p></details>',
    );
    expect(source).not.toContain('section-alt');
  });

  it('wraps what follows a closed question in a closed disclosure, up to the next question', () => {
    const source = toPageJsx(
      page([
        { kind: 'paragraph', inlines: [{ text: 'Questions we hear.' }] },
        { kind: 'heading', level: 4, inlines: [{ text: 'Do you deliver?' }], collapsed: true },
        { kind: 'paragraph', inlines: [{ text: 'Within 10 km.' }] },
        { kind: 'heading', level: 4, inlines: [{ text: 'Open on Sundays?' }], collapsed: true },
        { kind: 'paragraph', inlines: [{ text: 'From 8 to 12.' }] },
      ]),
    );
    expect(source).toContain(
      '<p>{"Questions we hear."}</p><details className="disclosure"><summary><h4>{"Do you deliver?"}</h4></summary><p>{"Within 10 km."}</p></details><details className="disclosure"><summary><h4>{"Open on Sundays?"}</h4></summary><p>{"From 8 to 12."}</p></details>',
    );
  });

  it('imports only the components and helpers the page uses', () => {
    expect(imports(toPageJsx(page([{ kind: 'paragraph', inlines: [{ text: 'Hi' }] }])))).toEqual([
      'Seo',
    ]);
    const all = toPageJsx(
      page([
        { kind: 'paragraph', inlines: [{ text: 'About', href: '/about' }] },
        { kind: 'image', image: { src: '/images/a.png', alt: '' } },
        {
          kind: 'tabs',
          label: 'T',
          tabs: [
            {
              id: 'a',
              label: 'A',
              blocks: [
                {
                  kind: 'form',
                  form: { action: '', method: 'post', intro: [], fields: [], submitLabel: 'Go' },
                },
              ],
            },
          ],
        },
      ]),
    );
    expect(imports(all)).toEqual(['Link', 'ContactForm', 'Seo', 'Tabs', 'asset']);
    // A link that looks like a route in text only does not import Link.
    expect(
      imports(toPageJsx(page([{ kind: 'paragraph', inlines: [{ text: '<Link to={asset(x)}' }] }]))),
    ).toEqual(['Seo']);
  });

  it('keeps a hostile title inside the doc comment and the Seo props', async () => {
    const source = toPageJsx(page([], HOSTILE));
    const { code } = await transformWithOxc(source, 'HomePage.jsx', {
      lang: 'jsx',
      jsx: 'preserve',
    });
    expect(code).toContain('export default function HomePage()');
    const seo = /<Seo[^]*?\/>/.exec(source)![0];
    expect(await run(seo)).toMatchObject({ type: 'Seo', props: { title: HOSTILE } });
  });

  it('keeps a hero picture the original centred on its own line in place where the layout is kept', () => {
    const blocks: Block[] = [
      { kind: 'paragraph', inlines: [{ text: 'Home', href: '/' }], align: 'center' },
      {
        kind: 'image',
        image: { src: '/images/village.webp', alt: 'The village', width: 500, height: 342 },
        align: 'center',
      },
      { kind: 'heading', level: 1, inlines: [{ text: 'Villa' }], align: 'center' },
    ];
    const hero: PlannedPage = { ...page([]), sections: [{ id: 'top', variant: 'hero', blocks }] };
    const kept = toPageJsx(hero, undefined, true);
    expect(kept).not.toContain('has-image');
    const order = ['Home', 'village.webp', 'Villa'].map((text) => kept.indexOf(text));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // A profile that may restructure still lays it beside the words.
    expect(toPageJsx(hero)).toContain('has-image');
  });

  it('spans a wide hero picture under the headline, and keeps a photo beside the words (issue 23)', () => {
    const picture = (width: number, height: number): Block => ({
      kind: 'image',
      image: { src: '/images/hall.webp', alt: 'The hall', width, height },
    });
    const hero = (width: number, height: number, isPictureFirst = true): PlannedPage => {
      const words: Block[] = [
        { kind: 'heading', level: 1, inlines: [{ text: 'Conference 2015' }] },
        { kind: 'paragraph', inlines: [{ text: 'A day of talks.' }] },
      ];
      const blocks = isPictureFirst
        ? [picture(width, height), ...words]
        : [...words, picture(width, height)];
      return { ...page([]), sections: [{ id: 'top', variant: 'hero', blocks }] };
    };
    // A panorama (2:1) beside the words would shrink to under half its width.
    const wide = toPageJsx(hero(960, 460));
    expect(wide).not.toContain('has-image');
    expect(wide).toContain('hero-image-wide');
    const order = ['Conference 2015', 'hall.webp', 'A day of talks.'].map((text) =>
      wide.indexOf(text),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // A photo of ordinary proportions stands beside the words.
    const photo = toPageJsx(hero(800, 600));
    expect(photo).toContain('has-image');
    expect(photo).not.toContain('hero-image-wide');
    // A wide picture the original showed under the words (a collage after an introduction) stays
    // under them.
    const under = toPageJsx(hero(960, 460, false));
    expect(under).toContain('hero-image-wide');
    const after = ['Conference 2015', 'A day of talks.', 'hall.webp'].map((text) =>
      under.indexOf(text),
    );
    expect(after).toEqual([...after].sort((a, b) => a - b));
    // A strip (a notice drawn as a picture, 552 × 57) neither stands beside the words nor spans
    // them: it stays where it was.
    // Where the layout is kept, a wide picture keeps the width the original drew it at, centred.
    const drawn: PlannedPage = {
      ...page([]),
      sections: [
        {
          id: 'top',
          variant: 'hero',
          blocks: [
            {
              kind: 'image',
              image: {
                src: '/images/hall.webp',
                alt: '',
                width: 2086,
                height: 1019,
                drawnWidth: 998,
              },
            },
          ],
        },
      ],
    };
    expect(toPageJsx(drawn, undefined, true)).toMatch(/width: "998px",\s*marginInline: "auto"/);
    expect(toPageJsx(drawn)).not.toContain('998px');
    const strip = toPageJsx(hero(552, 57));
    expect(strip).not.toContain('has-image');
    expect(strip).not.toContain('hero-image');
    const kept = ['hall.webp', 'Conference 2015', 'A day of talks.'].map((text) =>
      strip.indexOf(text),
    );
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
  });
});
