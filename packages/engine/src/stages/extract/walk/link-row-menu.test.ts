import { describe, expect, it } from 'vitest';
import { planSite } from '../../plan/plan-site';
import { toRawPage, toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

const ORIGIN = 'http://pueblo.example';
const NAMES = ['Historia', 'Castillo', 'Iglesia', 'Fuentes', 'Fiestas', 'Album', 'Enlaces', 'Mapa'];
const FILES = NAMES.map((name) => `${name.toLowerCase()}.htm`);

/** The row an old editor writes at the top of every page: `[ Historia ] [ Castillo ] …`. */
const ROW = `<table width="100%"><tr><td><p align="center"><font color="#0000FF">${NAMES.map(
  (name, i) => `<nobr>[&nbsp;<a href="${FILES[i]}">${name}</a>&nbsp;]</nobr>`,
).join(' ')}</font></p></td></tr></table>`;

function siteOf(body: (i: number) => string) {
  const raw = toRawSite(
    `<html><head><title>Pueblo</title></head><body>${body(-1)}</body></html>`,
    `${ORIGIN}/index.htm`,
  );
  FILES.forEach((file, i) =>
    raw.pages.push(toRawPage(`${ORIGIN}/${file}`, `<title>${NAMES[i]}</title>${body(i)}`, 1)),
  );
  return extractSite(raw);
}

const page = (i: number) =>
  `${ROW}<h1>${i < 0 ? 'El pueblo' : NAMES[i]}</h1><p>Unas palabras sobre el pueblo y su gente.</p>`;

describe('a row of links an old page opens with is its menu (issue 23)', () => {
  it('takes the row out of the content into the site navigation', () => {
    const model = siteOf(page);
    expect(model.navigation.map((link) => link.label)).toEqual(NAMES);
    for (const each of model.pages) {
      const text = JSON.stringify(each.sections);
      expect(text).toContain('Unas palabras');
      expect(text).not.toMatch(/\[\s*Historia/);
    }
  });

  it('keeps every link of the row in the header where the layout is kept, six elsewhere', () => {
    const model = siteOf(page);
    const kept = planSite(model, { strategy: 'STYLE_MODERNIZATION' });
    expect(kept.navigation.map((item) => item.label)).toEqual(NAMES);
    const restructured = planSite(model, { strategy: 'INCREMENTAL_UPDATE' });
    expect(restructured.navigation).toHaveLength(6);
    // The rest stay reachable from the footer.
    expect(restructured.footerLinks.map((item) => item.label)).toEqual(NAMES.slice(6));
  });

  it('leaves rows that are content: after the words, with sentences, to other sites, or short', () => {
    const cases = [
      // After the page's first paragraph: a list of links in the text.
      `<h1>Enlaces</h1><p>Otras páginas del pueblo.</p>${ROW}`,
      // Links inside a sentence.
      `<p>Lea sobre <a href="historia.htm">la historia</a>, <a href="castillo.htm">el castillo</a>, <a href="iglesia.htm">la iglesia</a> y <a href="fuentes.htm">las fuentes</a> del pueblo antes de venir.</p>`,
      // Other sites' pages.
      `<p>${['a', 'b', 'c', 'd', 'e'].map((x) => `[ <a href="https://${x}.example/">${x.toUpperCase()} site</a> ]`).join(' ')}</p>`,
      // A breadcrumb: three links.
      `<p><a href="index.htm">Inicio</a> &gt; <a href="historia.htm">Historia</a> &gt; <a href="castillo.htm">Castillo</a></p>`,
      // A pager: three numbers.
      `<p><a href="historia.htm">1</a> | <a href="castillo.htm">2</a> | <a href="iglesia.htm">3</a></p>`,
      // Two links.
      `<p><a href="historia.htm">Historia</a> | <a href="castillo.htm">Castillo</a></p>`,
    ];
    for (const body of cases) {
      const model = siteOf(() => `${body}<p>Fin del texto de la página.</p>`);
      expect(model.navigation, body).toEqual([]);
    }
  });

  it('takes a row of three page links between bars as the menu, on every page', () => {
    const three = `<table><tr><td><a href="index.htm">Inicio</a> | <a href="historia.htm">Historia</a> | <a href="castillo.htm">Castillo</a></td></tr></table>`;
    const model = siteOf((i) => `${three}<h1>${i < 0 ? 'El pueblo' : NAMES[i]}</h1><p>Texto.</p>`);
    expect(model.navigation.map((link) => link.label)).toEqual(['Inicio', 'Historia', 'Castillo']);
    for (const each of model.pages)
      expect(JSON.stringify(each.sections)).not.toContain('Castillo</');
    const plan = planSite(model, { strategy: 'INCREMENTAL_UPDATE' });
    const text = JSON.stringify(plan.pages.map((each) => each.sections));
    // The menu is the header's, not a line of the content too.
    expect(text).not.toMatch(/"text":"Inicio"/);
  });

  it("leaves a footer's row of links to the footer, though its column is walked on its own", () => {
    // A footer of two columns: each column is walked with nothing before it.
    const columns = `<table><tr><td style="width:50%"><div>${NAMES.map(
      (name, i) => `<a href="${FILES[i]}">${name}</a><br>`,
    ).join(
      '',
    )}</div></td><td style="width:50%"><p>Calle Mayor 1, 12345 Pueblo. Llame al 555 123 456 de lunes a viernes.</p></td></tr></table>`;
    const footers = [
      `<div class="page-footer">${columns}</div>`,
      `<footer>${columns}</footer>`,
      `<div role="contentinfo">${columns}</div>`,
    ];
    for (const footer of footers) {
      const model = siteOf(
        () => `<h1>El pueblo</h1><p>Unas palabras sobre el pueblo y su gente.</p>${footer}`,
      );
      expect(model.navigation, footer).toEqual([]);
    }
  });
});
