import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMinimalProject, MINIMAL_PAGES } from '../../../test/fixtures/minimal-project.fixture';
import { isPng } from '../../../test/fixtures/is-png';
import type { LogEvent, ProgressEvent, VerifyReport } from '../../types';
import { findVerifyChromePath } from './open-browser';
import { startStaticServer } from './serve-static';
import { verifyProject } from './verify-project';
import { ENGINE_DIR } from './write-project';

const hasChromium = (await findVerifyChromePath()) !== undefined;

function recordingPorts() {
  const logs: LogEvent[] = [];
  const progress: ProgressEvent[] = [];
  return {
    logs,
    progress,
    ports: {
      logger: {
        log: (event: LogEvent) => logs.push(event),
        progress: (event: ProgressEvent) => progress.push(event),
      },
      clock: { now: () => Date.now() },
    },
  };
}

describe.skipIf(!hasChromium)('verifyProject on a project with problems on /about', () => {
  let report: VerifyReport;
  let recorded: ReturnType<typeof recordingPorts>;

  beforeAll(async () => {
    recorded = recordingPorts();
    const tree = buildMinimalProject({
      aboutExtra:
        '<div style={{ width: 900 }}>A very wide banner</div><img src="/images/missing.png" alt="Gone" />' +
        // Links to the rebuild: a route, an anchor here and on this route, a file of the build, and
        // two that lead nowhere (no route /gone, no #nowhere on /); other sites and mail are not checked.
        '<p id="team">The team</p><a href="/">Home</a> <a href="/about#team">Team</a> <a href="#team">Team here</a>' +
        ' <a href="/pixel.png">Pixel</a> <a href="/gone">Gone</a> <a href="/#nowhere">Nowhere</a>' +
        ' <a href="https://other.example/">Elsewhere</a> <a href="mailto:bakers@old.example">Mail</a>',
      onStart: "if (window.location.pathname === '/about') console.error('About page exploded');",
    });
    report = await verifyProject(
      tree,
      {
        pages: MINIMAL_PAGES,
        requiredSnippets: [
          { text: 'Fresh bread every morning' },
          { text: 'We bake with flour', route: '/' },
          { text: 'Not on the site' },
        ],
        screenshots: true,
        lighthouse: false,
      },
      recorded.ports,
      { allowPrivateUrls: false },
    );
  });

  it('builds the project with the engine toolchain and keeps the built dist/', () => {
    expect(report.build.ok).toBe(true);
    expect(report.dist?.files['index.html']).toContain('<div id="root">');
    expect(
      Object.keys(report.dist?.files ?? {}).some((file) => /^assets\/index-.*\.css$/.test(file)),
    ).toBe(true);
    expect(report.dist?.files['pixel.png']).toBeInstanceOf(Uint8Array);
  });

  it('computes text coverage from the rendered text of each route', () => {
    // 4 of the 5 blocks are on the pages: "Our ovens run on wood." is not.
    expect(report.textCoverage).toBeCloseTo(0.8, 5);
    expect(report.missingText).toEqual([{ route: '/about', text: 'Our ovens run on wood.' }]);
  });

  it('checks required snippets per route and site-wide', () => {
    expect(report.requiredSnippets).toEqual({
      kept: 1,
      total: 3,
      missing: ['We bake with flour', 'Not on the site'],
    });
  });

  it('flags horizontal overflow at 375 px only on the route that overflows', () => {
    expect(report.overflow375).toEqual(['/about']);
  });

  it('reports a broken image with its path', () => {
    expect(report.brokenImages).toEqual([{ route: '/about', src: '/images/missing.png' }]);
  });

  it('counts the internal links that resolve to no route, file or anchor of the rebuild', () => {
    expect(report.deadLinks).toEqual({
      count: 2,
      links: [
        { route: '/about', href: '/gone' },
        { route: '/about', href: '/#nowhere' },
      ],
    });
    expect(
      recorded.logs.some(
        (event) =>
          event.level === 'WARNING' &&
          event.message.startsWith('2 internal links lead nowhere in the rebuild: /gone on /about'),
      ),
    ).toBe(true);
  });

  it('reports console errors per route', () => {
    const messages = report.consoleErrors.filter(
      (error) => error.message === 'About page exploded',
    );
    expect(messages.map((error) => error.route)).toEqual(['/about']);
    expect(report.consoleErrors.some((error) => error.route === '/')).toBe(false);
  });

  it('takes desktop and mobile PNG screenshots of the rebuild', () => {
    expect(Object.keys(report.screenshots).sort()).toEqual([
      'after/about-desktop.png',
      'after/about-mobile.png',
      'after/index-desktop.png',
      'after/index-mobile.png',
    ]);
    for (const png of Object.values(report.screenshots)) expect(isPng(png)).toBe(true);
  });

  it('says every route was screenshotted: two routes are under the bound', () => {
    expect(report.rendered).toEqual({ routes: 2, of: 2, sampled: false });
  });

  it('refuses to screenshot an original on a non-public address without allowPrivateUrls, with a warning', () => {
    expect(Object.keys(report.screenshots).some((name) => name.startsWith('before/'))).toBe(false);
    expect(
      recorded.logs.some(
        (event) =>
          event.level === 'WARNING' && event.message.includes('No screenshot of the original'),
      ),
    ).toBe(true);
  });

  it('reports progress up to done = total', () => {
    const last = recorded.progress.at(-1);
    expect(last?.stage).toBe('verify');
    expect(last?.done).toBe(last?.total);
  });
});

describe.skipIf(!hasChromium)('verifyProject on a site over the screenshot bound', () => {
  it('screenshots a sample and still checks the text, overflow and images of every route', async () => {
    const recorded = recordingPorts();
    const tree = buildMinimalProject({
      aboutExtra:
        '<div style={{ width: 900 }}>A very wide banner</div><img src="/images/missing.png" alt="Gone" />',
    });
    const report = await verifyProject(
      tree,
      { pages: MINIMAL_PAGES, screenshots: true, lighthouse: false },
      recorded.ports,
      { allowPrivateUrls: false, screenshotRoutesBound: 1 },
    );
    expect(report.build.ok).toBe(true);
    // The start page is always in the sample; /about is rendered for its text only.
    expect(report.rendered).toEqual({ routes: 1, of: 2, sampled: true });
    expect(Object.keys(report.screenshots).sort()).toEqual([
      'after/index-desktop.png',
      'after/index-mobile.png',
    ]);
    expect(report.missingText).toEqual([{ route: '/about', text: 'Our ovens run on wood.' }]);
    expect(report.overflow375).toEqual(['/about']);
    expect(report.brokenImages).toEqual([{ route: '/about', src: '/images/missing.png' }]);
    // Only the sampled original is loaded (and refused here: old.example is not public).
    expect(
      recorded.logs.filter((event) => event.message.startsWith('No screenshot of the original')),
    ).toHaveLength(1);
    expect(recorded.logs.map((event) => event.message)).toContain(
      'Screenshotted and measured 1 of 2 routes (every kind of page, spread over the site); text, overflow, console errors and images were checked on every route',
    );
    const last = recorded.progress.at(-1);
    expect(last?.done).toBe(last?.total);
  });
});

describe.skipIf(!hasChromium)('verifyProject on a page with tabs', () => {
  it('counts the text of hidden tab panels (a click away), not of other hidden parts', async () => {
    const tree = buildMinimalProject({
      aboutExtra:
        '<div role="tablist" aria-label="Ovens"><button role="tab" aria-selected="true">Now</button></div>' +
        '<div role="tabpanel" hidden><p>Our ovens run on wood.</p></div>' +
        '<div hidden><p>Staff only: the key is under the mat.</p></div>',
    });
    const about = MINIMAL_PAGES[1]!;
    const report = await verifyProject(
      tree,
      {
        pages: [
          MINIMAL_PAGES[0]!,
          { ...about, textBlocks: [...about.textBlocks, 'Staff only: the key is under the mat.'] },
        ],
        requiredSnippets: [{ text: 'Our ovens run on wood.', route: '/about' }],
        screenshots: false,
        lighthouse: false,
      },
      recordingPorts().ports,
      { allowPrivateUrls: false },
    );
    expect(report.build.ok).toBe(true);
    expect(report.missingText).toEqual([
      { route: '/about', text: 'Staff only: the key is under the mat.' },
    ]);
    expect(report.requiredSnippets).toEqual({ kept: 1, total: 1, missing: [] });
    expect(report.consoleErrors).toEqual([]);
    expect(report.deadLinks).toEqual({ count: 0, links: [] });
  });
});

describe.skipIf(!hasChromium)(
  'verifyProject rendering routes one after another in one page',
  () => {
    it('blocks requests to other origins and carries nothing from one route to the next', async () => {
      // Another loopback origin with a real picture on it: the rebuild must not load it (no hot-linking).
      let requests = 0;
      const elsewhere = createServer((_request, response) => {
        requests += 1;
        response.writeHead(200, { 'content-type': 'image/gif' });
        response.end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
      });
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      const { port } = elsewhere.address() as AddressInfo;
      try {
        const tree = buildMinimalProject({
          aboutExtra: `<img src="http://127.0.0.1:${port}/hotlinked.gif" alt="Hot-linked" />`,
          onStart:
            "if (window.location.pathname === '/about') console.error('About page exploded');",
        });
        const [home, about] = MINIMAL_PAGES;
        // The fetch stage screenshotted /about's original; the start page's must be loaded (and is
        // refused: old.example is not a public address here).
        const aboutShots = { desktop: new Uint8Array([1, 2, 3]), mobile: new Uint8Array([4, 5]) };
        const recorded = recordingPorts();
        const report = await verifyProject(
          tree,
          // /about first, in the one page: what it logged or failed to load must stay with it.
          {
            pages: [about!, home!],
            screenshots: true,
            originalScreenshots: { [about!.url]: aboutShots },
            lighthouse: false,
          },
          recorded.ports,
          { concurrency: 1 },
        );
        expect(report.screenshots['before/about-desktop.png']).toBe(aboutShots.desktop);
        expect(report.screenshots['before/about-mobile.png']).toBe(aboutShots.mobile);
        expect(report.screenshots['before/index-desktop.png']).toBeUndefined();
        const refused = recorded.logs.filter((event) =>
          event.message.startsWith('No screenshot of the original'),
        );
        expect(refused).toHaveLength(1);
        expect(refused[0]!.message).toContain(home!.url);
        expect(requests).toBe(0);
        expect(report.brokenImages).toEqual([
          { route: '/about', src: `http://127.0.0.1:${port}/hotlinked.gif` },
        ]);
        expect(report.consoleErrors.map((error) => error.route)).not.toContain('/');
        expect(report.consoleErrors).toContainEqual({
          route: '/about',
          message: 'About page exploded',
        });
      } finally {
        elsewhere.close();
      }
    });
  },
);

/** Width x height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): string {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

describe.skipIf(!hasChromium)('verifyProject screenshots of routes rendered side by side', () => {
  it('keeps every desktop shot at 1440 x 900 and every phone shot at 375 x 812', async () => {
    // Eight routes, two at a time in one context (one browser window): raw CDP captures leaked sizes.
    const pages = Array.from({ length: 8 }, (_, index) => ({
      url: `http://old.example/page-${index}.html`,
      route: index === 0 ? '/' : `/page-${index}`,
      title: `Page ${index}`,
      textBlocks: [],
    }));
    const { ports } = recordingPorts();
    const report = await verifyProject(
      buildMinimalProject(),
      { pages, screenshots: true, lighthouse: false },
      ports,
    );
    const sizes = Object.entries(report.screenshots).map(
      ([name, png]) => `${name} ${pngSize(png)}`,
    );
    expect(sizes).toHaveLength(16);
    for (const size of sizes)
      expect(size).toMatch(/(?:-desktop\.png 1440x900|-mobile\.png 375x812)$/);
  });
});

describe('verifyProject on a project that does not build', () => {
  it('reports build.ok false with the error and renders nothing', async () => {
    const { ports, logs } = recordingPorts();
    const tree = buildMinimalProject({ mainOverride: 'export default function (\n' });
    const report = await verifyProject(
      tree,
      { pages: MINIMAL_PAGES, screenshots: true, lighthouse: false },
      ports,
    );
    expect(report.build.ok).toBe(false);
    expect(report.build.error).toMatch(/main\.jsx/);
    // Plain text for the job log and the report: no terminal colour codes.
    expect(report.build.error?.includes('\u001b[')).toBe(false);
    expect(report.screenshots).toEqual({});
    expect(report.dist).toBeUndefined();
    expect(
      logs.some((event) => event.level === 'ERROR' && event.message.includes('does not build')),
    ).toBe(true); // The job log is the customer's: no temporary folder of the server in it (issue 22).
    expect(JSON.stringify(logs)).not.toContain(tmpdir());
  });
});

describe.skipIf(!hasChromium)('verifyProject on a prerendering build', () => {
  it('runs the whole build script, like npm run build, and serves prerendered routes', async () => {
    const tree = buildMinimalProject();
    tree.files['package.json'] = tree.files['package.json']!.toString().replace(
      '"vite build"',
      '"vite build && node scripts/prerender.mjs"',
    );
    // A stand-in prerenderer: writes static HTML for /about, which must then be what /about serves.
    tree.files['scripts/prerender.mjs'] = `import { mkdirSync, writeFileSync } from 'node:fs';
mkdirSync('dist/about', { recursive: true });
writeFileSync('dist/about/index.html', '<!doctype html><html lang="en"><head><title>About</title></head><body><main><h1>About us</h1><p>Prerendered at build time.</p></main></body></html>');
`;
    const { ports } = recordingPorts();
    const report = await verifyProject(
      tree,
      {
        pages: MINIMAL_PAGES,
        requiredSnippets: [{ route: '/about', text: 'Prerendered at build time.' }],
        screenshots: false,
        lighthouse: false,
      },
      ports,
    );
    expect(report.build.ok).toBe(true);
    expect(report.dist?.files['about/index.html']).toContain('Prerendered');
    expect(report.requiredSnippets).toEqual({ kept: 1, total: 1, missing: [] });
    expect(report.screenshots).toEqual({});
  });
});

describe.skipIf(!hasChromium)('verifyProject with Lighthouse', () => {
  it('scores the original and the rebuild in all four categories', async () => {
    // The "original" is served on loopback too; loopbackOnly keeps Lighthouse's Chromium on this machine.
    const original = await startStaticServer(path.join(ENGINE_DIR, 'test', 'fixtures'), {
      fallback: 'none',
    });
    try {
      const { ports, logs } = recordingPorts();
      const report = await verifyProject(
        buildMinimalProject(),
        {
          pages: MINIMAL_PAGES.map((page) => ({
            ...page,
            url: `${original.origin}/lighthouse-original.html`,
          })),
          screenshots: false,
          lighthouse: true,
        },
        ports,
        { allowPrivateUrls: true, loopbackOnly: true },
      );
      expect(logs.filter((event) => event.level === 'WARNING')).toEqual([]);
      // The rebuild's loopback address is the run's, not the customer's (issue 22).
      expect(logs.map((event) => event.message)).toContain('Lighthouse after: /');
      expect(logs.some((event) => /Lighthouse after: http/.test(event.message))).toBe(false);
      expect(report.lighthouse).toBeDefined();
      for (const scores of [report.lighthouse!.before, report.lighthouse!.after]) {
        for (const score of Object.values(scores)) {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        }
      }
      // The rebuild has a lang attribute, a title and a viewport: accessibility and SEO score well.
      expect(report.lighthouse!.after.accessibility).toBeGreaterThanOrEqual(90);
      expect(report.lighthouse!.after.seo).toBeGreaterThanOrEqual(80);
    } finally {
      await original.close();
    }
  }, 180_000);
});
