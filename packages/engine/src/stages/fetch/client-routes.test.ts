import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import type { SitePlan } from '../../model';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, probeSite, type ProbedSite } from './probed-site.fixture';
import { showsNewText } from './shows-new-text';

failOnConsoleOutput();

/**
 * A hash-router app (issue 23): on `hashchange` it fetches `/partials/<name>.html` and puts it into
 * <main>. Its views are pages; `#top` is an anchor and `#/` the start view.
 */
const ROUTER_APP = `<!doctype html><html lang="en"><head><title>Lantern</title></head><body>
<a id="top"></a>
<header><nav><a href="#/">Home</a> <a href="#/guide">Guide</a> <a href="#/faq">Questions</a></nav></header>
<main><h1>Lantern</h1><p>Lantern lights the way through your notes, one page at a time.</p></main>
<footer><a href="#top">Back to top</a></footer>
<script>
  const main = document.querySelector('main');
  const home = main.innerHTML;
  const show = () => {
    if (!location.hash.startsWith('#/')) return;
    const name = location.hash.slice(2);
    if (!name) { main.innerHTML = home; return; }
    fetch('/partials/' + name + '.html').then((r) => r.text()).then((html) => { main.innerHTML = html; });
  };
  window.addEventListener('hashchange', show);
  show();
</script>
</body></html>`;

const PARTIALS = {
  '/partials/guide.html':
    '<h1>Guide</h1><p><a href="#/guide">Permalink</a></p><p>Install the lantern, then open your first notebook with the green button.</p>' +
    '<p>Stuck? Read the <a href="#/faq">questions</a>.</p>',
  '/partials/faq.html':
    '<h1>Questions</h1><p>Does Lantern work offline? Yes, every notebook stays on your own machine.</p>',
};

/**
 * One document whose "pages" are panels a script shows one at a time on `#!/…` (restaurant-jq's
 * kind), with an entry screen linking the first: visiting a route brings no new text.
 */
const PANEL_SITE = `<!doctype html><html lang="en"><head><title>Olive Tree</title>
<style>.panel { display: none } h2 { text-transform: uppercase }</style></head><body>
<div id="splash"><a href="#!/page_home">Lets begin</a></div>
<nav><a href="#!/page_home">Home</a> <a href="#!/page_menu">Menu</a></nav>
<ul id="panels">
  <li class="panel" id="page_home"><h2>Welcome to the Olive Tree</h2><p>Family cooking by the harbour since 1982.</p></li>
  <li class="panel" id="page_menu"><h2>Our menu</h2><p>Soup of the day with fresh bread and butter, six euros.</p></li>
</ul>
<script>
  const show = () => {
    const id = location.hash.replace('#!/', '');
    for (const panel of document.querySelectorAll('.panel')) panel.style.display = panel.id === id ? 'block' : 'none';
    document.getElementById('splash').style.display = id ? 'none' : '';
  };
  window.addEventListener('hashchange', show);
  show();
</script>
</body></html>`;

/** A site whose script loads same-origin links in place and pushes their address (GitBook, HonKit). */
const PUSH_STATE_PAGE = (title: string, text: string): string => `<!doctype html><html lang="en">
<head><title>${title}</title></head><body>
<nav><a href="/">Start</a> <a href="/setup.html">Setup</a></nav>
<main><h1>${title}</h1><p>${text}</p></main>
<script>
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a');
    if (!link || link.origin !== location.origin) return;
    event.preventDefault();
    fetch(link.href).then((r) => r.text()).then((html) => {
      const next = new DOMParser().parseFromString(html, 'text/html');
      document.querySelector('main').replaceWith(next.querySelector('main'));
      history.pushState({}, '', link.href);
    });
  });
</script>
</body></html>`;

const pathOf = (url: string, site: ProbedSite): string => url.slice(site.server.origin.length);

describe('showsNewText', () => {
  it('is true for a view that brings its own words', () => {
    expect(
      showsNewText('Home Welcome', 'Home\nGuide\nInstall the lantern with the green button.'),
    ).toBe(true);
  });

  it('is false for a panel that was hidden in the document, whatever its case or line breaks', () => {
    const document = 'Home Menu Our menu Soup of the day with fresh bread and butter, six euros.';
    expect(showsNewText(document, 'Home Menu\nOUR MENU\nSoup of the day with\nfresh bread')).toBe(
      false,
    );
  });

  it('is false for a few new characters (a clock, a counter)', () => {
    expect(showsNewText('Welcome', 'Welcome\n12:04:33')).toBe(false);
  });
});

describe.skipIf(!chromePath)('client-side routes crawled as pages (issue 23)', () => {
  let site: ProbedSite;
  let plan: SitePlan;

  beforeAll(async () => {
    site = await probeSite({ '/': ROUTER_APP, ...PARTIALS });
    plan = planSite(extractSite(site.raw!), { strategy: 'FULL_REBUILD' });
  }, 90_000);

  afterAll(async () => {
    await site?.close();
  });

  it('reads each route as a page of its own, rendered at its hash and probed; not #top nor #/', () => {
    const pages = site.raw!.pages;
    expect(pages.map((page) => pathOf(page.url, site))).toEqual(['/', '/#/guide', '/#/faq']);
    const [, guide, faq] = pages;
    expect(guide!.html).toContain('Install the lantern, then open your first notebook');
    expect(guide!.html).not.toContain('one page at a time');
    expect(faq!.html).toContain('every notebook stays on your own machine');
    expect(guide!.renderedWith).toBe('browser');
    expect(guide!.probe).toBeDefined();
    expect(site.server.requests).toContain('/partials/guide.html');
  });

  it('counts routes against the page limit', async () => {
    const limited = await probeSite({ '/': ROUTER_APP, ...PARTIALS }, 2);
    try {
      expect(limited.raw!.pages.map((page) => pathOf(page.url, limited))).toEqual([
        '/',
        '/#/guide',
      ]);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('gives each route page a clean route and its texts, and rewrites links to it', () => {
    expect(plan.pages.map((page) => page.route)).toEqual(['/', '/guide', '/faq']);
    const guide = plan.pages.find((page) => page.route === '/guide')!;
    // The router kept the document's <title>: a route page is titled by its own heading.
    expect(plan.pages.map((page) => page.title)).toEqual(['Lantern', 'Guide', 'Questions']);
    expect(guide.textBlocks.join(' ')).toContain('Install the lantern');
    expect(plan.pages.find((page) => page.route === '/faq')!.textBlocks.join(' ')).toContain(
      'Does Lantern work offline?',
    );
    const routes = (plan.menu ?? []).map((item) => item.route);
    expect(routes).toEqual(expect.arrayContaining(['/guide', '/faq']));
    // The guide's own link to the questions leads to their route, its permalink to its own.
    expect(JSON.stringify(guide.sections)).toContain('"href":"/faq"');
    expect(JSON.stringify(guide.sections)).toContain('"href":"/guide"');
    // The start page keeps its address: no redirect of / to a route page.
    expect(plan.redirects['/']).toBeUndefined();
  });
});

describe.skipIf(!chromePath)(
  'panels a hash-bang switches are pages of their own (decision 100)',
  () => {
    let site: ProbedSite;

    beforeAll(async () => {
      site = await probeSite({ '/': PANEL_SITE });
    }, 60_000);

    afterAll(async () => {
      await site?.close();
    });

    it('reads the document once and makes each routed panel a page, every word kept', () => {
      expect(site.raw!.pages.map((page) => pathOf(page.url, site))).toEqual(['/']);
      const plan = planSite(extractSite(site.raw!), { strategy: 'FULL_REBUILD' });
      // The splash is the entry screen: the start page shows the first routed panel, the other its own.
      expect(plan.pages.map((page) => page.route)).toEqual(['/', '/page-menu']);
      const textOf = (route: string) =>
        plan.pages.find((page) => page.route === route)!.textBlocks.join(' ');
      expect(textOf('/')).toContain('Family cooking by the harbour');
      expect(textOf('/')).not.toContain('Soup of the day');
      expect(textOf('/page-menu')).toContain('Soup of the day with fresh bread and butter');
      // #!/page_menu leads to its page; #!/page_home to the start page's section holding it.
      expect((plan.menu ?? []).map((item) => item.route)).toEqual([
        '/#welcome-to-the-olive-tree',
        '/page-menu',
      ]);
    });
  },
);

describe.skipIf(!chromePath)('links a script loads in place (pushState) are pages', () => {
  let site: ProbedSite;

  beforeAll(async () => {
    site = await probeSite({
      '/': PUSH_STATE_PAGE('Start', 'Welcome to the handbook of the lantern club.'),
      '/setup.html': PUSH_STATE_PAGE('Setup', 'Fill the lantern with oil before the first walk.'),
    });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  it('reads each linked address as a full page, its text kept', () => {
    const pages = site.raw!.pages;
    expect(pages.map((page) => pathOf(page.url, site))).toEqual(['/', '/setup.html']);
    expect(pages[1]!.html).toContain('Fill the lantern with oil before the first walk.');
    const plan = planSite(extractSite(site.raw!), { strategy: 'FULL_REBUILD' });
    expect(plan.pages.map((page) => page.route)).toEqual(['/', '/setup']);
  });
});
