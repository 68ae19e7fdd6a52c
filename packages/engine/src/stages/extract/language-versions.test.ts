import { describe, expect, it } from 'vitest';
import type { RawSite } from '../../types';
import { toRawPage } from '../generate/testing/load-fixture';
import { extractSite } from './extract-site';
import { generateProject } from '../generate/generate-project';
import { planSite } from '../plan/plan-site';

// Issue 23: language versions ("EN | DE", flags, hreflang alternates) are a language switcher,
// never the main menu nor content; a site without them keeps its menu as it was.

const ORIGIN = 'http://mill.example';

function site(pages: Record<string, string>): RawSite {
  const urls = Object.keys(pages);
  return {
    startUrl: `${ORIGIN}${urls[0]}`,
    finalUrl: `${ORIGIN}${urls[0]}`,
    pages: urls.map((path, index) =>
      toRawPage(`${ORIGIN}${path}`, pages[path]!, index === 0 ? 0 : 1),
    ),
    stylesheets: [],
    assets: [],
    diagnostics: [],
    notRead: [],
  };
}

function page(lang: string, head: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><title>Mill</title>${head}</head><body>${body}</body></html>`;
}

const MENU_DE = `<nav class="menu"><ul><li><a href="/">Start</a></li><li><a href="/mehl.html">Mehl</a></li><li><a href="/kontakt.html">Kontakt</a></li></ul></nav>`;
const MENU_EN = `<nav class="menu"><ul><li><a href="/en/">Home</a></li><li><a href="/en/flour.html">Flour</a></li><li><a href="/en/contact.html">Contact</a></li></ul></nav>`;

/** A two-language site whose languages are flag pictures, the English pages under /en/. */
export const FLAG_SITE: Record<string, string> = {
  '/': page(
    'de',
    '',
    `<div class="flags"><a href="/"><img src="/img/flag_de.png" alt=""></a><a href="/en/"><img src="/img/flag_gb.png" alt=""></a></div>${MENU_DE}<h1>Die Mühle</h1><p>Mehl aus der Mühle seit 1890, frisch gemahlen jeden Tag.</p>`,
  ),
  '/mehl.html': page('de', '', `${MENU_DE}<h1>Mehl</h1><p>Weizen und Roggen.</p>`),
  '/en/': page(
    'en',
    '',
    `<div class="flags"><a href="/"><img src="/img/flag_de.png" alt=""></a><a href="/en/"><img src="/img/flag_gb.png" alt=""></a></div>${MENU_EN}<h1>The mill</h1><p>Flour from the mill since 1890, freshly ground every day.</p>`,
  ),
  '/en/flour.html': page('en', '', `${MENU_EN}<h1>Flour</h1><p>Wheat and rye.</p>`),
};

/** Head alternates and a text line "EN | DE" beside the menu. */
export const TEXT_SITE: Record<string, string> = {
  '/index.html': page(
    'en',
    '<link rel="alternate" hreflang="de" href="/index-de.html"><link rel="alternate" hreflang="en" href="/index.html">',
    `<header><p class="top"><a href="/index.html">EN</a> | <a href="/index-de.html">DE</a></p><ul class="nav"><li><a href="/index.html">Home</a></li><li><a href="/about.html">About</a></li></ul></header><h1>The mill</h1><p>Flour since 1890.</p>`,
  ),
  '/index-de.html': page(
    'de',
    '<link rel="alternate" hreflang="en" href="/index.html"><link rel="alternate" hreflang="de" href="/index-de.html">',
    `<header><p class="top"><a href="/index.html">EN</a> | <a href="/index-de.html">DE</a></p><ul class="nav"><li><a href="/index-de.html">Start</a></li></ul></header><h1>Die Mühle</h1><p>Mehl seit 1890.</p>`,
  ),
  '/about.html': page('en', '', `<h1>About</h1><p>A family mill.</p>`),
};

/** A plain menu, no language versions (one link's words are a language's name, to no version). */
export const PLAIN_SITE: Record<string, string> = {
  '/': page(
    'en',
    '<link rel="alternate" hreflang="fr" href="/fr/index.html">',
    `<nav><ul><li><a href="/">Home</a></li><li><a href="/courses.html">Courses</a></li><li><a href="/english.html">English</a></li></ul></nav><h1>School</h1><p>Lessons in English for adults.</p>`,
  ),
  '/courses.html': page('en', '', `<h1>Courses</h1><p>Evening courses.</p>`),
  '/english.html': page('en', '', `<h1>English</h1><p>English for beginners.</p>`),
};

describe('language versions', () => {
  it("flag links: a switcher with the page's language current, the real menu kept as the menu", () => {
    const model = extractSite(site(FLAG_SITE));
    expect(model.languages).toEqual([
      { code: 'de', label: 'Deutsch', href: `${ORIGIN}/`, current: true },
      { code: 'en', label: 'English', href: `${ORIGIN}/en/` },
    ]);
    expect(model.identity.menu?.map((item) => item.label)).toEqual(['Start', 'Mehl', 'Kontakt']);
    expect(model.navigation.map((link) => link.label)).not.toContain('');
    const home = model.pages[0]!;
    const pictures = home.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'image');
    expect(pictures).toEqual([]);
    const english = model.pages.find((p) => p.url === `${ORIGIN}/en/`)!;
    expect(english.languages?.find((v) => v.current)?.code).toBe('en');
  });

  it('hreflang head links and an "EN | DE" line: neither menu nor content', () => {
    const model = extractSite(site(TEXT_SITE));
    expect(model.languages?.map((v) => [v.code, v.label, v.current ?? false])).toEqual([
      ['de', 'DE', false],
      ['en', 'EN', true],
    ]);
    expect(model.identity.menu?.map((item) => item.label)).toEqual(['Home', 'About']);
    expect(model.navigation.map((link) => link.label)).toEqual(['Home', 'About']);
    expect(model.pages[0]!.textBlocks).not.toContain('EN');
    expect(model.pages[0]!.textBlocks.join(' ')).not.toMatch(/\|/);
  });

  it('a plain menu and a dead alternate: no switcher, the menu unchanged', () => {
    const model = extractSite(site(PLAIN_SITE));
    expect(model.languages).toBeUndefined();
    expect(model.pages.every((p) => p.languages === undefined)).toBe(true);
    expect(model.identity.menu?.map((item) => item.label)).toEqual(['Home', 'Courses', 'English']);
  });
});

describe('language versions through plan and generate', () => {
  it('routes another language under its prefix, with alternates, a switcher and hreflang', async () => {
    const plan = planSite(extractSite(site(TEXT_SITE)), { strategy: 'INCREMENTAL_UPDATE' });
    const routes = plan.pages.map((p) => p.route);
    expect(routes).toEqual(['/', '/de', '/about']);
    expect(plan.pages[1]!.alternates).toEqual([
      { code: 'en', label: 'EN', route: '/' },
      { code: 'de', label: 'DE', route: '/de', current: true },
    ]);
    expect(plan.pages[2]!.alternates).toBeUndefined();
    expect(plan.menu?.map((item) => item.label)).toEqual(['Home', 'About']);
    const tree = await generateProject(plan);
    const siteModule = String(tree.files['src/content/site.ts']);
    expect(siteModule).toContain('languageLabel');
    expect(siteModule).toMatch(/alternates: \{/);
  });

  it('the flag site: English pages under /en, German at the root', () => {
    const plan = planSite(extractSite(site(FLAG_SITE)), { strategy: 'INCREMENTAL_UPDATE' });
    expect(plan.pages.map((p) => p.route)).toEqual(['/', '/mehl', '/en', '/en/flour']);
  });

  it('a site of one language: no alternates, no switcher label', async () => {
    const plan = planSite(extractSite(site(PLAIN_SITE)), { strategy: 'INCREMENTAL_UPDATE' });
    expect(plan.pages.every((p) => p.alternates === undefined)).toBe(true);
    const tree = await generateProject(plan);
    const siteModule = String(tree.files['src/content/site.ts']);
    expect(siteModule).not.toContain('languageLabel');
  });
});
