/** STYLE_MODERNIZATION pages with a sidebar and with images side by side (issue 12). */
import { describe, expect, it } from 'vitest';
import type { Aside, Block, PlannedPage } from '../../model';
import { toPageJsx } from './to-jsx';

function page(blocks: Block[], aside?: Aside): PlannedPage {
  const out: PlannedPage = {
    url: 'https://site.example/',
    route: '/',
    componentName: 'HomePage',
    moduleName: 'home',
    title: 'Home',
    description: 'About us',
    language: 'en',
    sections: [{ id: 'main', variant: 'prose', blocks }],
    textBlocks: [],
  };
  if (aside) out.aside = aside;
  return out;
}

const MENU: Aside = {
  side: 'left',
  width: 250,
  isNavigation: true,
  blocks: [
    { kind: 'paragraph', inlines: [{ text: 'Apache Ant', strong: true }] },
    {
      kind: 'list',
      ordered: false,
      items: [[{ text: 'License', href: '/license' }], [{ text: 'News', href: '/antnews' }]],
    },
  ],
};

describe('toPageJsx: sidebars', () => {
  it('draws the sections beside the sidebar, a navigation named by its first words', () => {
    const source = toPageJsx(page([{ kind: 'paragraph', inlines: [{ text: 'Welcome' }] }], MENU));
    expect(source).toContain('import { Aside } from "../components/Aside";');
    expect(source).toMatch(
      /<Aside side=\{"left"\} width=\{250\} label=\{"Apache Ant"\} navigation content=\{<><p><strong>\{"Apache Ant"\}<\/strong><\/p><ul><li><Link to=\{"\/license"\}>\{"License"\}<\/Link><\/li>/,
    );
    // The content is the Aside's children: it comes first in the markup (first on a phone).
    expect(source).toMatch(/<\/ul><\/>\}><section id=\{"main"\}[^]*\{"Welcome"\}[^]*<\/Aside>/);
  });

  it('draws a sidebar of words on the right as an aside, not navigation', () => {
    const source = toPageJsx(
      page([{ kind: 'paragraph', inlines: [{ text: 'Welcome' }] }], {
        side: 'right',
        width: 374.4,
        isNavigation: false,
        blocks: [
          { kind: 'paragraph', inlines: [{ text: "Sorry, your browser doesn't support Java." }] },
        ],
      }),
    );
    expect(source).toContain('<Aside side={"right"} width={374} label={"Sorry, your browser');
    expect(source).not.toContain(' navigation ');
  });

  it('draws a page without a sidebar as before', () => {
    const source = toPageJsx(page([{ kind: 'paragraph', inlines: [{ text: 'Welcome' }] }]));
    expect(source).not.toContain('Aside');
  });
});

describe('toPageJsx: images side by side', () => {
  it('puts each row of inline images on one line, and other images in figures', () => {
    const image = (name: string, inline?: 'start' | 'continue'): Block => ({
      kind: 'image',
      image: { src: `/images/${name}`, alt: '' },
      ...(inline ? { inline } : {}),
    });
    const source = toPageJsx(
      page([
        image('unreal.gif', 'start'),
        image('bal.gif', 'continue'),
        image('bal.gif', 'continue'),
        image('blupi.gif', 'start'),
        image('bal.gif', 'continue'),
        image('photo.jpg'),
      ]),
    );
    const rows = [...source.matchAll(/<p className="image-row">(.*?)<\/p>/g)].map((m) =>
      [...m[1]!.matchAll(/images\/(\w+\.\w+)/g)].map((n) => n[1]),
    );
    expect(rows).toEqual([
      ['unreal.gif', 'bal.gif', 'bal.gif'],
      ['blupi.gif', 'bal.gif'],
    ]);
    expect(source).toMatch(/<figure><img src=\{asset\("\/images\/photo\.jpg"\)\}/);
  });

  it('keeps the label that ended a row of pictures on their line, in its colour (issue 23)', () => {
    const image = (name: string, inline?: 'start' | 'continue'): Block => ({
      kind: 'image',
      image: { src: `/images/${name}`, alt: '' },
      ...(inline ? { inline } : {}),
    });
    const source = toPageJsx(
      page([
        image('button.gif', 'start'),
        image('bird.gif', 'continue'),
        {
          kind: 'paragraph',
          inlines: [{ text: 'Games & cheats' }],
          tone: { color: '#000000' },
          inline: 'continue',
        },
        // A label without pictures before it is a paragraph.
        { kind: 'paragraph', inlines: [{ text: 'Alone' }], inline: 'continue' },
      ]),
    );
    expect(source).toMatch(
      /<p className="image-row">.*button\.gif.*bird\.gif.*<span className="image-row-label" style=\{\{\s*color: "#000000"\s*\}\}>\{"Games & cheats"\}<\/span><\/p>/,
    );
    expect(source).toContain('<p>{"Alone"}</p>');
  });
});
