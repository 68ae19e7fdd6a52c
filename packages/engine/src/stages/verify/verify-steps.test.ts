import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMinimalProject } from '../../../test/fixtures/minimal-project.fixture';
import { launchChromium } from '../../browser/chromium';
import type { LayoutSnapshot } from '../../measure/layout-snapshot';
import type { PageScreenshots } from '../../measure/fidelity';
import { findVerifyChromePath } from './open-browser';
import {
  IN_APP_ROUTES_PER_LOAD,
  openFilteredContext,
  renderRoutesInApp,
  type RenderedRoute,
} from './render-routes';
import {
  buildStep,
  motionStep,
  planOriginals,
  renderStep,
  serveStep,
  toRenderFindings,
  toVerifyRoutes,
  type StepLog,
} from './verify-steps';

const chromePath = await findVerifyChromePath();

const PAGES = [
  { url: 'http://old.example/', route: '/', title: 'Home', textBlocks: ['Fresh bread daily.'] },
  {
    url: 'http://old.example/about.html',
    route: '/about',
    title: 'About',
    textBlocks: ['About us', 'Since 1987.'],
  },
];

function rendered(route: string, change: Partial<RenderedRoute> = {}): RenderedRoute {
  return {
    route,
    text: '',
    overflow375: false,
    consoleErrors: [],
    brokenImages: [],
    screenshots: {},
    ...change,
  };
}

describe('toVerifyRoutes', () => {
  it("is every page's route, then the routes only required snippets name, each once", () => {
    expect(
      toVerifyRoutes({
        pages: PAGES,
        requiredSnippets: [
          { text: 'a' },
          { route: '/about', text: 'b' },
          { route: '/menu', text: 'c' },
        ],
      }),
    ).toEqual(['/', '/about', '/menu']);
  });
});

describe('toRenderFindings', () => {
  it('measures coverage, snippets and what went wrong per route, and says so in order', () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const { findings, log } = toRenderFindings(
      { pages: PAGES, requiredSnippets: [{ text: 'Fresh bread' }, { text: 'Opening hours' }] },
      [
        rendered('/', {
          text: 'Fresh bread daily.',
          overflow375: true,
          brokenImages: ['/a.png'],
          screenshots: { 'after/index-desktop.png': png },
        }),
        rendered('/about', { text: 'About us', consoleErrors: ['boom'], error: 'timeout' }),
      ],
    );
    expect(findings).toEqual({
      textCoverage: 2 / 3,
      missingText: [{ route: '/about', text: 'Since 1987.' }],
      requiredSnippets: { kept: 1, total: 2, missing: ['Opening hours'] },
      overflow375: ['/'],
      consoleErrors: [
        { route: '/about', message: 'The page did not load: timeout' },
        { route: '/about', message: 'boom' },
      ],
      brokenImages: [{ route: '/', src: '/a.png' }],
      screenshots: { 'after/index-desktop.png': png },
    });
    expect(log).toEqual([
      { level: 'WARNING', message: 'Route /about did not render: timeout' },
      {
        level: 'INFO',
        message:
          'Rendered 2 routes: text coverage 66.7 %, required snippets 1/2, 1 overflowing at 375 px, 2 console errors, 1 broken images',
      },
      { level: 'WARNING', message: 'Required snippet missing: "Opening hours"' },
    ]);
  });
});

describe('planOriginals', () => {
  it('reuses what fetch screenshotted, loads the rest, and loads again past an entry screen', () => {
    const shots = (splash?: string): PageScreenshots => ({
      desktop: new Uint8Array([1]),
      mobile: new Uint8Array([2]),
      ...(splash === undefined
        ? {}
        : {
            layout: {
              desktop: { splash } as LayoutSnapshot,
              mobile: {} as LayoutSnapshot,
            },
          }),
    });
    const menu = {
      url: 'http://old.example/menu.html',
      route: '/menu',
      title: 'Menu',
      textBlocks: [],
    };
    const home = shots('Lets begin');
    const about = shots();
    const plan = planOriginals([...PAGES, menu], {
      'http://old.example/': home,
      'http://old.example/about.html': about,
    });
    expect(plan.reused).toEqual([{ route: '/about', shots: about }]);
    expect(plan.toLoad).toEqual([{ ...PAGES[0], enter: 'Lets begin' }, menu]);
    // The entry screen as fetch saw it stays the fallback.
    expect([...plan.shots.keys()]).toEqual([
      'http://old.example/',
      'http://old.example/about.html',
    ]);
  });
});

describe('buildStep and serveStep', () => {
  it('builds a project into dist/ and serves it as a single-page app', async () => {
    const log: StepLog[] = [];
    const built = await buildStep(buildMinimalProject(), { log: (line) => log.push(line) });
    try {
      expect(built.build).toMatchObject({ ok: true });
      expect(built.distDir).toBe(path.join(built.project.dir, 'dist'));
      expect(log.map((line) => line.message)).toContain('Building the generated project');
      const server = await serveStep(built.distDir);
      try {
        const about = await fetch(`${server.origin}/about`);
        expect(about.status).toBe(200);
        expect(await about.text()).toContain('<div id="root">');
      } finally {
        await server.close();
      }
    } finally {
      await built.project.dispose();
    }
  }, 240_000);

  it('reports a project that does not build, without throwing', async () => {
    const built = await buildStep(
      buildMinimalProject({ mainOverride: 'this is not javascript (' }),
      {
        log: () => undefined,
      },
    );
    try {
      expect(built.build.ok).toBe(false);
      expect(built.build.error).toBeTruthy();
    } finally {
      await built.project.dispose();
    }
  }, 240_000);
});

describe.skipIf(chromePath === undefined)('renderStep', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-render-step-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>T</title></head>' +
        '<body><main><h1>Fresh bread daily.</h1><div id="wide"></div></main><script src="/assets/app.js"></script></body></html>',
    );
    // The about route is wider than a phone; the home route logs an error.
    await writeFile(
      path.join(dir, 'assets', 'app.js'),
      "if (location.pathname === '/about') { document.querySelector('h1').textContent = 'About us'; document.getElementById('wide').style.cssText = 'width:900px;height:20px;background:#ccc'; }\n" +
        "else console.error('home failed');\n" +
        // The rebuild is rendered at rest: its motion respects reduced motion (motion.css).
        "document.querySelector('main').insertAdjacentHTML('beforeend', matchMedia('(prefers-reduced-motion: reduce)').matches ? '<p>At rest</p>' : '<p>Moving</p>');\n",
    );
    browser = await launchChromium({ executablePath: chromePath });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders every route in route order and reports each once', async () => {
    const server = await serveStep(dir);
    try {
      let done = 0;
      const routes = await renderStep(browser, server.origin, ['/', '/about'], {
        concurrency: 2,
        screenshots: false,
        log: () => undefined,
        onRendered: () => (done += 1),
      });
      expect(done).toBe(2);
      expect(routes.map((route) => route.route)).toEqual(['/', '/about']);
      expect(routes[0]?.text).toContain('Fresh bread daily.');
      expect(routes[0]?.consoleErrors.join(' ')).toContain('home failed');
      expect(routes[0]?.text).toContain('At rest');
      expect(routes[1]?.text).toContain('About us');
      expect(routes[1]?.overflow375).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('reaches the routes past fullRoutes by the app navigating itself, as a full load shows them', async () => {
    const app = await mkdtemp(path.join(os.tmpdir(), 'sitelift-render-in-app-'));
    await mkdir(path.join(app, 'assets'));
    await writeFile(
      path.join(app, 'index.html'),
      '<!doctype html><html lang="en"><head><title>T</title></head><body><main></main><script src="/assets/app.js"></script></body></html>',
    );
    // A router: it draws the location's page on load and on popstate, and counts its draws.
    await writeFile(
      path.join(app, 'assets', 'app.js'),
      "const pages = { '/': 'Fresh bread daily.', '/about': 'About us', '/contact': 'Call us', '/hours': 'Open at six' };\n" +
        'function draw() { const text = pages[location.pathname]; window.draws = (window.draws || 0) + 1;\n' +
        "  document.querySelector('main').innerHTML = '<h1>' + text + '</h1><p>Draw ' + window.draws + '</p>' + (location.pathname === '/contact' ? '<div style=\"width:900px;height:9px\"></div><img src=\"/gone.png\">' : '');\n" +
        "  if (location.pathname === '/hours') console.error('hours failed'); }\n" +
        "draw(); addEventListener('popstate', draw);\n",
    );
    const server = await serveStep(app);
    try {
      const routes = await renderStep(
        browser,
        server.origin,
        ['/', '/about', '/contact', '/hours'],
        {
          concurrency: 1,
          screenshots: true,
          fullRoutes: new Set(['/']),
          log: () => undefined,
          onRendered: () => undefined,
        },
      );
      expect(routes.map((route) => route.route)).toEqual(['/', '/about', '/contact', '/hours']);
      expect(routes.map((route) => route.text.split('\n')[1])).toEqual([
        'Fresh bread daily.',
        'About us',
        'Call us',
        'Open at six',
      ]);
      // '/' loaded by its URL; /about too, as the lane's first, in a page that then reaches
      // /contact and /hours by the app's own navigation (a load by URL would draw once).
      expect(routes.map((route) => /Draw \d+/u.exec(route.text)?.[0])).toEqual([
        'Draw 1',
        'Draw 1',
        'Draw 2',
        'Draw 3',
      ]);
      // Screenshots for the full route only.
      expect(Object.keys(routes[0]!.screenshots)).toHaveLength(2);
      expect(routes.slice(1).map((route) => Object.keys(route.screenshots).length)).toEqual([
        0, 0, 0,
      ]);
      // What each route logged, failed to load or drew too wide stays with it.
      expect(routes.map((route) => route.overflow375)).toEqual([false, false, true, false]);
      expect(routes.map((route) => route.brokenImages)).toEqual([[], [], ['/gone.png'], []]);
      expect(
        routes.map((route) => route.consoleErrors.some((error) => error.includes('hours failed'))),
      ).toEqual([false, false, false, true]);
    } finally {
      await server.close();
      await rm(app, { recursive: true, force: true });
    }
  }, 120_000);

  it('goes on in a new page every IN_APP_ROUTES_PER_LOAD routes, and closes the old one', async () => {
    const app = await mkdtemp(path.join(os.tmpdir(), 'sitelift-render-lanes-'));
    await mkdir(path.join(app, 'assets'));
    await writeFile(
      path.join(app, 'index.html'),
      '<!doctype html><html lang="en"><head><title>T</title></head><body><main></main><script src="/assets/app.js"></script></body></html>',
    );
    // A router that counts its draws per load, and its loads per tab (sessionStorage is the tab's:
    // a load by URL in the same page counts on, a new page starts again at 1).
    await writeFile(
      path.join(app, 'assets', 'app.js'),
      "const load = Number(sessionStorage.getItem('loads') || 0) + 1; sessionStorage.setItem('loads', String(load));\n" +
        "function draw() { window.draws = (window.draws || 0) + 1; document.querySelector('main').innerHTML = '<h1>Page ' + location.pathname.slice(2) + '</h1><p>Load ' + load + ' draw ' + window.draws + '</p>'; }\n" +
        "draw(); addEventListener('popstate', draw);\n",
    );
    const server = await serveStep(app);
    const routes = [
      '/',
      ...Array.from({ length: 2 * IN_APP_ROUTES_PER_LOAD + 2 }, (_, i) => `/p${i}`),
    ];
    try {
      const context = await openFilteredContext(browser, { origin: server.origin });
      const pages: Page[] = [];
      context.context.on('page', (page) => pages.push(page));
      const results: RenderedRoute[] = [];
      let closed: boolean[] = [];
      try {
        await renderRoutesInApp(context, server.origin, routes.slice(1), (result) =>
          results.push(result),
        );
        closed = pages.map((page) => page.isClosed());
      } finally {
        await context.close();
      }
      const shown = results.map((result) =>
        /Page (\d+)\s+Load (\d+) draw (\d+)/u.exec(result.text)?.slice(1),
      );
      // Every route shows its own page, in order.
      expect(shown.map((match) => Number(match?.[0]))).toEqual(routes.slice(1).map((_, i) => i));
      // Loaded by URL at the lane's start and every IN_APP_ROUTES_PER_LOAD + 1 routes, each time in a
      // new tab (load 1); the routes between reached by the app's navigation (draws 2, 3, ...).
      const period = IN_APP_ROUTES_PER_LOAD + 1;
      expect(shown.map((match) => match?.[1])).toEqual(shown.map(() => '1'));
      expect(shown.map((match) => Number(match?.[2]))).toEqual(
        shown.map((_, i) => (i % period) + 1),
      );
      // One page per stretch; each but the last closed when the lane went on without it (the last
      // is handed back for the next lane).
      expect(pages).toHaveLength(Math.ceil(results.length / period));
      expect(closed).toEqual(pages.map((_, i) => i < pages.length - 1));
    } finally {
      await server.close();
      await rm(app, { recursive: true, force: true });
    }
  }, 120_000);

  it('loads a route by its URL when the app does not follow its own navigation', async () => {
    const server = await serveStep(dir);
    try {
      // This app draws its page on load only: /about reached by pushState would still show the home.
      const routes = await renderStep(browser, server.origin, ['/', '/about'], {
        concurrency: 1,
        screenshots: false,
        fullRoutes: new Set(['/']),
        log: () => undefined,
        onRendered: () => undefined,
      });
      expect(routes[1]?.text).toContain('About us');
      expect(routes[1]?.overflow375).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe.skipIf(chromePath === undefined)('motionStep', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-motion-step-'));
    // A rebuild whose heading lifts in on load, only where motion is allowed (as motion.css does).
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>T</title><style>@keyframes lift { from { translate: 0 12px; } }' +
        '@media (prefers-reduced-motion: no-preference) { h1 { animation: lift 0.9s both; } }</style></head>' +
        '<body><main><h1>Fresh bread daily.</h1></main></body></html>',
    );
    browser = await launchChromium({ executablePath: chromePath });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the start route with motion allowed, though the render step screenshots at rest', async () => {
    const server = await serveStep(dir);
    try {
      const log: StepLog[] = [];
      const motion = await motionStep(browser, server.origin, '/', (line) => log.push(line));
      expect(motion).toEqual({
        route: '/',
        animations: [{ name: 'lift', trigger: 'load', count: 1 }],
      });
      expect(log.map((line) => line.message).join('\n')).toContain('lift (load, ×1)');
    } finally {
      await server.close();
    }
  }, 120_000);

  it('warns and reports nothing when the route does not load', async () => {
    const log: StepLog[] = [];
    const motion = await motionStep(browser, 'http://127.0.0.1:9', '/', (line) => log.push(line));
    expect(motion).toBeUndefined();
    expect(log[0]?.level).toBe('WARNING');
  }, 60_000);
});
