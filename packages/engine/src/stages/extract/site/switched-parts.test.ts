import { describe, expect, it } from 'vitest';
import { plainText } from '../../../model';
import type { PageModel } from '../../../model';
import { planSite } from '../../plan/plan-site';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';
import { splitSwitchedParts } from './switched-parts';

// A one-document bakery whose "pages" are sibling blocks a script shows one at a time: the menu's
// hash-bang links switch them, only the first is shown at load (issue 23).
const BAKERY = `<!doctype html><html lang="en"><head><title>Crumb and Crust</title></head><body>
<header><nav><ul>
  <li><a href="#!/start">Start</a></li>
  <li><a href="#!/breads">Breads</a></li>
  <li><a href="#!/visit">Visit</a></li>
</ul></nav></header>
<main><section id="parts">
  <article id="start"><h2>Fresh every morning</h2><p>Sourdough loaves baked before sunrise in a stone oven. <a href="#rye">Try the rye</a>.</p></article>
  <article id="breads" style="display: none;"><h2 id="rye">Our breads</h2><p>Rye, spelt and a seeded country loaf, all slowly fermented.</p></article>
  <article id="visit" style="display: none;"><h2>Find us</h2><p>Corner of Mill Lane and Harbour Street, open daily from seven.</p></article>
  <article id="recipes" style="display: none;"><h2>Kitchen notes</h2><p>Our starter was born during a winter storm.</p></article>
</section></main>
</body></html>`;

function wordsOf(page: PageModel): string {
  return page.sections
    .flatMap((section) => [
      ...(section.heading ? [plainText(section.heading.inlines)] : []),
      ...section.blocks.flatMap((block) =>
        block.kind === 'paragraph' || block.kind === 'heading' ? [plainText(block.inlines)] : [],
      ),
    ])
    .join(' ');
}

describe('script-switched parts', () => {
  it('makes each part a menu route leads to a page of its own, the first view on the start page', () => {
    const model = extractSite(toRawSite(BAKERY, 'http://bakery.example/index.html'));
    expect(model.pages.map((page) => page.url)).toEqual([
      'http://bakery.example/index.html',
      'http://bakery.example/index.html#!/breads',
      'http://bakery.example/index.html#!/visit',
    ]);
    const [start, breads, visit] = model.pages;
    expect(wordsOf(start!)).toContain('Sourdough loaves');
    expect(wordsOf(start!)).not.toContain('Rye, spelt');
    expect(wordsOf(start!)).not.toContain('Mill Lane');
    // A hidden part no link leads to stays on the start page: every word is kept.
    expect(wordsOf(start!)).toContain('winter storm');
    expect(wordsOf(breads!)).toContain('Rye, spelt');
    expect(wordsOf(breads!)).not.toContain('Sourdough loaves');
    expect(wordsOf(visit!)).toContain('Mill Lane');
    expect(wordsOf(visit!)).not.toContain('Rye, spelt');
  });

  it('gives the parts clean routes the menu links to', () => {
    const model = extractSite(toRawSite(BAKERY, 'http://bakery.example/index.html'));
    const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    expect(plan.pages.map((page) => page.route)).toEqual(['/', '/breads', '/visit']);
    const routes = plan.navigation.map((link) => link.route);
    // The start part's link lands on the start page (at the section holding that part).
    expect(routes[0]).toMatch(/^\/(?:#|$)/);
    expect(routes.slice(1)).toEqual(['/breads', '/visit']);
    // A link of the start page into a part that is a page of its own now lands on that page.
    const runs = plan.pages[0]!.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.inlines : [])),
    );
    expect(runs.find((run) => run.text === 'Try the rye')?.href).toBe('/breads#our-breads');
  });

  it('opens on the part an entry screen leads to when the entry screen is the part shown', () => {
    const html = BAKERY.replace(
      '<article id="start">',
      '<article id="welcome" data-sitelift-splash="Come in"><a href="#!/start">Come in</a></article><article id="start" style="display: none;">',
    );
    const pages = splitSwitchedParts(
      toRawSite(html, 'http://bakery.example/').pages[0]!,
      new Set(),
    );
    expect(pages.map((page) => page.url)).toEqual([
      'http://bakery.example/',
      'http://bakery.example/#!/breads',
      'http://bakery.example/#!/visit',
    ]);
    expect(pages[0]!.html).toMatch(/<article id="start" style="\s*">/);
  });

  it('leaves alone parts that are all shown (a one-page site), and views fetch read already', () => {
    const shown = BAKERY.replace(/ style="display: none;"/g, '');
    const page = toRawSite(shown, 'http://bakery.example/').pages[0]!;
    expect(splitSwitchedParts(page, new Set())).toEqual([page]);
    const hidden = toRawSite(BAKERY, 'http://bakery.example/').pages[0]!;
    const read = new Set(['http://bakery.example/#!/breads', 'http://bakery.example/#!/visit']);
    expect(splitSwitchedParts(hidden, read)).toEqual([hidden]);
  });

  it('leaves alone a single hidden part a link leads to (a dialog, a drawer)', () => {
    const one = BAKERY.replace(
      '<article id="visit" style="display: none;">',
      '<article id="visit">',
    );
    const page = toRawSite(one, 'http://bakery.example/').pages[0]!;
    expect(splitSwitchedParts(page, new Set())).toEqual([page]);
  });
});
