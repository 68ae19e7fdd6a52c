import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, relative } from 'node:path';
import { parse } from 'parse5';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteModel, SitePlan } from '../../model';
import type { FileTree, Strategy } from '../../types';
import { collapse, textContent } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { toVerifyExpectations } from '../plan/expectations';
import { generateProject } from './generate-project';
import { buildTree, removeProject, runScript } from './testing/build-project';
import { splitTree } from './testing/golden-tree';
import { loadFixture, toRawSite } from './testing/load-fixture';

function text(tree: FileTree, path: string): string {
  const content = tree.files[path];
  if (typeof content !== 'string') throw new Error(`${path} is missing or binary`);
  return content;
}

function planFixture(
  name: string,
  strategy?: Strategy,
): { plan: SitePlan; model: ReturnType<typeof extractSite> } {
  const fixture = loadFixture(name);
  const model = extractSite(fixture.raw);
  return { model, plan: planSite(model, { strategy: strategy ?? fixture.strategy }) };
}

/** Serves `dist` (SPA fallback like the hosts' rules) and opens each route at 375 and 1440 px in Chromium. */
async function renderRoutes(
  dist: string,
  routes: string[],
  { menu = true }: { menu?: boolean } = {},
): Promise<{ problems: string[]; textByRoute: Map<string, string> }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    for (const file of [
      join(dist, path),
      join(dist, path, 'index.html'),
      join(dist, 'index.html'),
    ]) {
      if (existsSync(file) && statSync(file).isFile()) {
        response.writeHead(200, {
          'content-type': types[extname(file)] ?? 'application/octet-stream',
        });
        response.end(readFileSync(file));
        return;
      }
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const problems: string[] = [];
  const textByRoute = new Map<string, string>();
  try {
    for (const width of [375, 1440]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      // Notes whether the layout's loading placeholder (aria-busy) was ever in the document.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('[aria-busy="true"]') !== null)
            document.documentElement.dataset.sawPlaceholder = 'true';
        }).observe(document, { subtree: true, childList: true });
      });
      page.on('console', (message) => {
        if (message.type() === 'error')
          problems.push(`${width}px ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${width}px ${page.url()}: ${error.message}`));
      for (const route of routes) {
        await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
        // A route opened directly shows its content at once: main preloads it before React starts.
        if (await page.evaluate(() => document.documentElement.dataset.sawPlaceholder === 'true'))
          problems.push(`${width}px ${route}: the loading placeholder was shown`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) problems.push(`${width}px ${route}: ${overflow}px horizontal overflow`);
        if (width === 1440)
          textByRoute.set(route, await page.evaluate(() => document.body.innerText));
        if (width === 375 && !menu) {
          // No menu on the original (and none made up): no menu button either.
          if ((await page.locator('button[aria-controls="mobile-menu"]').count()) > 0)
            problems.push(`${route}: a menu button without a menu`);
        } else if (width === 375) {
          const button = page.locator('button[aria-controls="mobile-menu"]');
          await button.click();
          if ((await button.getAttribute('aria-expanded')) !== 'true')
            problems.push(`${route}: menu did not open`);
          if (!(await page.locator('#mobile-menu').isVisible()))
            problems.push(`${route}: mobile menu not visible`);
        }
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return { problems, textByRoute };
}

/** Every text block of every page is in its route's visible text (what verify measures). */
function expectEveryBlockVisible(
  model: SiteModel,
  plan: SitePlan,
  textByRoute: Map<string, string>,
): void {
  for (const page of toVerifyExpectations(model, plan).pages) {
    const visible = collapse(textByRoute.get(page.route) ?? '');
    expect(
      page.textBlocks.filter((block) => !visible.includes(block)),
      page.route,
    ).toEqual([]);
  }
}

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await removeProject(dir);
});

describe('generateProject', () => {
  it('INCREMENTAL_UPDATE: TypeScript, content modules, JSON-LD, SEO and host files', async () => {
    const { plan } = planFixture('contact-page', 'INCREMENTAL_UPDATE');
    const tree = await generateProject(plan);
    const paths = Object.keys(tree.files);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'index.html',
        'vite.config.ts',
        'tsconfig.json',
        'README.md',
        'redirects.json',
        'vercel.json',
        'public/_redirects',
        'public/sitemap.xml',
        'public/robots.txt',
        'public/favicon.png',
        'src/main.tsx',
        'src/App.tsx',
        'src/index.css',
        'src/content/site.ts',
        'src/content/pages/home.ts',
        'src/content/pages/index.ts',
        'src/components/Header.tsx',
        'src/components/Gallery.tsx',
        'src/components/ContactForm.tsx',
      ]),
    );
    expect(paths.some((path) => path.endsWith('.jsx'))).toBe(false);
    const html = text(tree, 'index.html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(
      '<meta name="description" content="Visit, call or write to Bella Napoli, the family pizzeria on Main Street.">',
    );
    expect(html).toContain('"@type": "LocalBusiness"');
    expect(html).toContain('"telephone": "+1 (555) 010-2030"');
    expect(text(tree, 'src/index.css')).toContain('@import "tailwindcss";');
    expect(text(tree, 'src/index.css')).not.toMatch(/fonts\.googleapis|@font-face|url\(https?:/);
    const pkg = JSON.parse(text(tree, 'package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies)).toEqual(['react', 'react-dom', 'react-router']);
    expect(Object.keys(pkg.devDependencies)).toEqual(
      expect.arrayContaining([
        'vite',
        '@vitejs/plugin-react',
        'tailwindcss',
        '@tailwindcss/vite',
        'typescript',
      ]),
    );
    expect(JSON.parse(text(tree, 'redirects.json'))).toEqual({ '/contact.html': '/' });
    expect(text(tree, 'public/_redirects')).toContain('/contact.html / 301');
    expect(text(tree, 'public/sitemap.xml')).toContain('<loc>http://bella.example/</loc>');
    expect(text(tree, 'README.md')).toMatch(/VITE_FORM_ENDPOINT/);
    expect(text(tree, 'README.md')).toMatch(/npm run build/);
    // Content is data, components render it.
    const home = text(tree, 'src/content/pages/home.ts');
    expect(home).toContain('We would love to hear from you.');
    expect(home).not.toContain('formmail.pl');
    expect(text(tree, 'src/components/Header.tsx')).toContain('aria-expanded={open}');
    expect(text(tree, 'src/components/ContactForm.tsx')).toContain('VITE_FORM_ENDPOINT');
    // Images are self-hosted, never hot-linked.
    for (const path of paths.filter((p) => p.startsWith('src/')))
      expect(text(tree, path)).not.toMatch(/src=["']https?:/);
  });

  it('writes a picture the original drew round as round into the content and the JSX (issue 23)', async () => {
    const fixture = loadFixture('tabs-restaurant');
    const model = extractSite(fixture.raw);
    // As extract makes of the probe's mark (PROBE_MARKS.shape) on a portrait drawn round.
    const markRound = (value: unknown): void => {
      if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
      const image = value as { alt?: unknown; shape?: 'round' };
      if (image.alt === 'Garden salad with radishes') image.shape = 'round';
      for (const inner of Object.values(value)) markRound(inner);
    };
    markRound(model.pages);
    const content = await generateProject(planSite(model, { strategy: 'INCREMENTAL_UPDATE' }));
    const module = Object.entries(content.files).find(
      ([path, file]) =>
        path.startsWith('src/content/pages/') &&
        typeof file === 'string' &&
        file.includes('Garden salad'),
    );
    expect(module?.[1]).toMatch(/alt: 'Garden salad with radishes',[^}]*shape: 'round'/);
    const jsx = await generateProject(planSite(model, { strategy: 'STYLE_MODERNIZATION' }));
    const page = Object.entries(jsx.files).find(
      ([path, file]) =>
        path.startsWith('src/pages/') && typeof file === 'string' && file.includes('Garden salad'),
    );
    expect(page?.[1]).toContain("className={'h-auto max-w-full picture-round'}");
  });

  it("keeps a layout row's columns in the content modules (a title beside its date)", async () => {
    const { plan } = planFixture('tabs-restaurant', 'INCREMENTAL_UPDATE');
    plan.pages[0]!.sections[0]!.blocks.push({
      kind: 'items',
      columns: 2,
      widths: [75, 25],
      items: [
        { blocks: [{ kind: 'heading', level: 3, inlines: [{ text: 'Spring tasting menu' }] }] },
        { blocks: [{ kind: 'paragraph', inlines: [{ text: 'May 2024' }] }] },
      ],
    });
    const tree = await generateProject(plan);
    const module = Object.values(tree.files).find(
      (file): file is string => typeof file === 'string' && file.includes('Spring tasting menu'),
    );
    expect(module).toMatch(/kind: 'items',\s*columns: 2,\s*widths: \[75, 25\],\s*items: \[/);
    expect(module?.indexOf('May 2024')).toBeGreaterThan(module!.indexOf('Spring tasting menu'));
  });

  it('STYLE_MODERNIZATION: JavaScript pages as JSX in the original order', async () => {
    const { plan } = planFixture('font-table-1998', 'STYLE_MODERNIZATION');
    const tree = await generateProject(plan);
    const paths = Object.keys(tree.files);
    expect(paths.some((path) => /\.tsx?$/.test(path))).toBe(false);
    expect(paths).toEqual(
      expect.arrayContaining([
        'vite.config.js',
        'src/main.jsx',
        'src/App.jsx',
        'src/pages/HomePage.jsx',
        'src/pages/GamesPage.jsx',
      ]),
    );
    expect(paths).not.toContain('tsconfig.json');
    const page = text(tree, 'src/pages/HomePage.jsx');
    expect(page.indexOf('Welkom!')).toBeLessThan(page.indexOf('CHEAT CODES'));
    expect(page.indexOf('CHEAT CODES')).toBeLessThan(page.indexOf('Unreal game'));
    expect(page).toMatch(/<img[^>]*width=\{30\}[^>]*height=\{6\}[^>]*loading="eager"/s);
    expect(text(tree, 'index.html')).not.toContain('application/ld+json');
    expect(text(tree, 'index.html')).toContain('<html lang="nl">');
  });

  it('FULL_REBUILD: prerender entry, PWA, analytics hook off until configured, size budget', async () => {
    const { plan } = planFixture('frameset', 'FULL_REBUILD');
    const tree = await generateProject(plan);
    const paths = Object.keys(tree.files);
    expect(paths).toEqual(
      expect.arrayContaining([
        'src/entry-server.tsx',
        'scripts/prerender.mjs',
        'scripts/check-size.mjs',
        'public/sw.js',
        'public/manifest.webmanifest',
        'src/lib/analytics.ts',
      ]),
    );
    const pkg = JSON.parse(text(tree, 'package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toContain('node scripts/prerender.mjs');
    expect(text(tree, 'src/main.tsx')).toContain(
      "navigator.serviceWorker.register(asset('sw.js'))",
    );
    expect(text(tree, 'src/main.tsx')).toContain('import.meta.env.PROD');
    expect(text(tree, 'src/lib/analytics.ts')).toContain('if (!enabled || !ENDPOINT');
    // Its extras are data the static code reads (issue 11 item 2), on here and off elsewhere.
    expect(text(tree, 'src/content/site.ts')).toContain('features: { analytics: true, pwa: true }');
    const other = await generateProject(planFixture('frameset', 'INCREMENTAL_UPDATE').plan);
    expect(text(other, 'src/content/site.ts')).toContain(
      'features: { analytics: false, pwa: false }',
    );
    expect(Object.keys(other.files)).not.toContain('public/sw.js');
    expect(text(tree, 'src/index.css')).toContain('prefers-reduced-motion: no-preference');
  });

  it.each(['STYLE_MODERNIZATION', 'INCREMENTAL_UPDATE', 'FULL_REBUILD'] as const)(
    'is deterministic (%s): two runs give byte-identical files',
    async (strategy) => {
      const first = await generateProject(planFixture('contact-page', strategy).plan);
      const second = await generateProject(planFixture('contact-page', strategy).plan);
      expect(Object.keys(second.files)).toEqual(Object.keys(first.files));
      for (const [path, content] of Object.entries(first.files))
        expect(second.files[path], path).toEqual(content);
    },
  );
});

// ------------------------------------------------------------------------------------------------
// Golden files: what generate writes per site, one file snapshot per file (toMatchFileSnapshot),
// in fixtures/<case>/expected/ (issue 21 item 6, testing/golden-tree.ts):
//   - the files that vary per site (pages, content modules, site module, index.html, package.json,
//     README, host files...) as they are; src/index.css with the template's base.css (and
//     motion.css) replaced by a mark, so only the theme is golden;
//   - fixtures/<case>/template-files.txt lists the files that are the template's own (or that file
//     with the types stripped): they are asserted equal to the template, not copied;
//   - FULL_TREE keeps the whole project, template files included, as generate writes it.
// Any change fails: a golden that differs, a file added or gone, and a template file that generate
// changed (it leaves the list and turns up as a golden).
// Update after a deliberate change, then review the diff of fixtures/:
//   npx vitest run packages/engine/src/stages/generate/generate-project.test.ts -t golden -u

/** The one case whose golden is the whole generated project (JavaScript, two pages). */
const FULL_TREE = 'font-table-1998';

function readTree(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const visit = (current: string): void => {
    for (const entry of readdirSync(current).sort()) {
      const path = join(current, entry);
      if (statSync(path).isDirectory()) visit(path);
      else out[relative(dir, path)] = readFileSync(path);
    }
  };
  if (existsSync(dir)) visit(dir);
  return out;
}

describe('golden projects', () => {
  it.each([FULL_TREE, 'contact-page', 'frameset', 'tabs-restaurant', 'tabs-bootstrap3'])(
    '%s matches fixtures/<case>/expected',
    async (name) => {
      const fixture = loadFixture(name);
      const tree = await generateProject(
        planSite(extractSite(fixture.raw), { strategy: fixture.strategy }),
      );
      const { goldens, templatePaths } =
        name === FULL_TREE ? { goldens: tree.files, templatePaths: [] } : await splitTree(tree);
      const listFile = join(fixture.dir, 'template-files.txt');
      if (name === FULL_TREE) expect(existsSync(listFile), listFile).toBe(false);
      else
        await expect(
          templatePaths.map((path) => `${path}\n`).join(''),
          listFile,
        ).toMatchFileSnapshot(listFile);
      const expectedDir = join(fixture.dir, 'expected');
      const expected = readTree(expectedDir);
      // 'all' under `vitest -u`; 'new' locally and 'none' in CI, where a missing golden is an error.
      const updating = expect.getState().snapshotState.snapshotUpdateState === 'all';
      if (updating) {
        // File snapshots are only ever written: files no longer golden are removed here.
        for (const path of Object.keys(expected))
          if (!(path in goldens)) rmSync(join(expectedDir, path));
      } else {
        // No golden missing (vitest would otherwise write a new one silently) and none extra.
        expect(Object.keys(goldens).sort()).toEqual(Object.keys(expected).sort());
      }
      for (const [path, content] of Object.entries(goldens)) {
        const file = join(expectedDir, path);
        if (typeof content === 'string') {
          await expect(content, path).toMatchFileSnapshot(file);
          continue;
        }
        // Binary files (images) by hand: toMatchFileSnapshot stores text, not bytes.
        if (updating) {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, content);
        } else {
          expect(Buffer.from(content).toString('base64'), path).toBe(
            expected[path]!.toString('base64'),
          );
        }
      }
    },
  );
});

// ------------------------------------------------------------------------------------------------
// Generated projects really build (one fixture per strategy) against the engine's own packages.

describe('generated projects build', () => {
  it('STYLE_MODERNIZATION builds', async () => {
    const { plan } = planFixture('font-table-1998', 'STYLE_MODERNIZATION');
    const result = await buildTree(await generateProject(plan));
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    expect(existsSync(join(result.dir, 'dist', 'index.html'))).toBe(true);
    expect(readdirSync(join(result.dir, 'dist', 'images'))).toHaveLength(1);
    // In Chromium: the lazily loaded page opened directly shows at once (no placeholder), no errors.
    expect(plan.pages.map((p) => p.route)).toEqual(['/', '/games']);
    // The 1998 page had no menu: STYLE makes none up (its pages are in the footer).
    expect(plan.navigation).toEqual([]);
    const { problems, textByRoute } = await renderRoutes(
      join(result.dir, 'dist'),
      ['/games', '/'],
      {
        menu: false,
      },
    );
    expect(problems).toEqual([]);
    expect(textByRoute.get('/games')).toContain('Hier staan de cheats.');
  });

  it('STYLE_MODERNIZATION builds a page whose text looks like code', async () => {
    const nasty = '{braces} ${x} `tick` */ </script> <b> & "quotes" \'single\' \u2028 \\ end';
    const html = `<html><head><title>*/ ${nasty.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title></head><body>
      <h1>${nasty.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</h1>
      <p><a href="/a%22b.html?x=1&amp;y='2'">link ${nasty.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</a></p>
      <pre>  ${nasty.replace(/&/g, '&amp;').replace(/</g, '&lt;')}\n    indented</pre></body></html>`;
    const model = extractSite(toRawSite(html));
    expect(model.pages[0]!.textBlocks[0]).toBe(
      nasty.replace('\u2028', '').replace(/\s+/g, ' ').trim(),
    );
    const result = await buildTree(
      await generateProject(planSite(model, { strategy: 'STYLE_MODERNIZATION' })),
    );
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
  });

  it('INCREMENTAL_UPDATE builds and passes strict tsc', async () => {
    const { plan } = planFixture('contact-page', 'INCREMENTAL_UPDATE');
    const result = await buildTree(await generateProject(plan));
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    const typecheck = runScript(result.dir, 'typecheck');
    expect(typecheck.ok, typecheck.output).toBe(true);
  });

  it('INCREMENTAL_UPDATE opens every route of a multi-page site at once, without the loading placeholder', async () => {
    const { plan, model } = planFixture('frameset', 'INCREMENTAL_UPDATE');
    const result = await buildTree(await generateProject(plan));
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    const routes = plan.pages.map((p) => p.route);
    expect(routes.length).toBeGreaterThan(2);
    const { problems, textByRoute } = await renderRoutes(join(result.dir, 'dist'), routes);
    expect(problems).toEqual([]);
    expectEveryBlockVisible(model, plan, textByRoute);
  });

  it('FULL_REBUILD builds, passes tsc and prerenders every route with all of the original text', async () => {
    const { plan, model } = planFixture('frameset', 'FULL_REBUILD');
    const result = await buildTree(await generateProject(plan));
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    expect(runScript(result.dir, 'typecheck').ok).toBe(true);
    for (const page of toVerifyExpectations(model, plan).pages) {
      const file =
        page.route === '/'
          ? join(result.dir, 'dist', 'index.html')
          : join(result.dir, 'dist', page.route.slice(1), 'index.html');
      const html = readFileSync(file, 'utf8');
      const document = parse(html);
      const rendered = collapse(textContent(document));
      expect(html).toContain(`<title>${page.title}</title>`);
      const missing = page.textBlocks.filter((block) => !rendered.includes(block));
      expect(missing, page.route).toEqual([]);
      expect((html.match(/<h1[\s>]/g) ?? []).length, page.route).toBe(1);
    }
    // In Chromium: every route hydrates without a console error, the menu button works, no overflow at 375 px.
    const { problems, textByRoute } = await renderRoutes(join(result.dir, 'dist'), [
      ...plan.pages.map((p) => p.route),
      '/no-such-page',
    ]);
    expect(problems).toEqual([]);
    // What verify measures: the visible text (innerText) keeps every block, closed accordion answers included.
    expect(
      plan.pages.find((p) => p.route === '/input-pages/about')!.sections.map((s) => s.variant),
    ).toContain('accordion');
    expectEveryBlockVisible(model, plan, textByRoute);
  });
});
