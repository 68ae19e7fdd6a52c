import { describe, expect, it } from 'vitest';
import { extractSite } from '../extract/extract-site';
import { toRawPage, toRawSite } from '../generate/testing/load-fixture';
import { printJsx, toPageAst } from '../generate/to-jsx';
import { planSite } from './plan-site';

const ORIGIN = 'http://docs.example';

/** A documentation page as the identity probe marks it: a left column whose `<nav>` lists 60 pages. */
const docsPage = (title: string) => `<!doctype html><html><head><title>${title}</title></head>
<body><div class="book">
  <div class="book-summary" data-sitelift-aside="left" data-sitelift-aside-width="300" data-sitelift-aside-span="1440">
    <nav role="navigation"><ul>
      <li><a href="/index.html">Introduction</a></li>
      <li><a href="/setup.html">Setup</a></li>
      ${Array.from({ length: 58 }, (_, i) => `<li><a href="/chapter-${i + 1}.html">Chapter ${i + 1}</a></li>`).join('')}
    </ul></nav>
  </div>
  <div class="book-body"><h1>${title}</h1><p>How a trigger runs before and after a record is saved.</p></div>
</div></body></html>`;

/** A club's start page: a banner across the page, then the menu column beside the content. */
const BANNER_THEN_COLUMNS = `<!doctype html><html><head><title>Harbour Rowing Club</title></head>
<body><table width="100%">
  <tr><td colspan="2"><h1>Harbour Rowing Club</h1><p>Rowing on the harbour since 1921.</p></td></tr>
  <tr data-sitelift-aside-start="left">
    <td width="180" data-sitelift-aside="left" data-sitelift-aside-width="180" data-sitelift-aside-span="960">
      <a href="/crews.html">Crews</a><br><a href="/regattas.html">Regattas</a><br><a href="/join.html">Join</a>
    </td>
    <td><p>Training starts at six on Saturdays, from the boathouse by the north pier.</p>
      <h2>Regattas</h2><p>Our next race is in May.</p></td>
  </tr></table></body></html>`;

describe('a menu column stays a sidebar (issue 23)', () => {
  it('keeps the 60-link column beside every page and makes up no header menu from it', () => {
    const raw = toRawSite(docsPage('Introduction'), `${ORIGIN}/index.html`);
    raw.pages.push(toRawPage(`${ORIGIN}/setup.html`, docsPage('Setup'), 1));
    const model = extractSite(raw);
    expect(model.identity.menu ?? []).toEqual([]);
    const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    expect(plan.menu).toEqual([]);
    expect(plan.navigation).toEqual([]);
    for (const page of plan.pages) {
      expect(page.aside).toMatchObject({ side: 'left', width: 300, isNavigation: true });
      const list = page.aside!.blocks.find((block) => block.kind === 'list');
      expect(list?.kind === 'list' && list.items.length).toBe(60);
      // The links lead to the rebuilt routes.
      expect(list?.kind === 'list' && list.items[1]![0]!.href).toBe('/setup');
    }
  });

  it('keeps a banner across the page above the two columns', () => {
    const model = extractSite(toRawSite(BANNER_THEN_COLUMNS, `${ORIGIN}/index.html`));
    const page = model.pages[0]!;
    expect(page.aside?.besideFrom).toBeDefined();
    const at = page.sections.findIndex((section) => section.id === page.aside!.besideFrom);
    expect(at).toBe(1);
    expect(JSON.stringify(page.sections[0])).toContain('since 1921');
    expect(JSON.stringify(page.sections[1])).toContain('Training starts');

    const plan = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    const source = printJsx(toPageAst(plan.pages[0]!));
    // The banner's section first, then the sidebar layout holding the rest.
    const banner = source.indexOf('since 1921');
    const aside = source.indexOf('<Aside');
    expect(banner).toBeGreaterThan(-1);
    expect(aside).toBeGreaterThan(banner);
    // (Its words open the page's description too: the paragraph is looked for.)
    expect(source.indexOf('<p>{"Training starts')).toBeGreaterThan(aside);
  });
});
