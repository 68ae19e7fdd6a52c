/**
 * Pages of one kind (issue 24): one component per kind, each page's content as data, in every
 * strategy; the project builds, and a page of a kind looks as it did as a component of its own.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { parse } from 'parse5';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { SitePlan } from '../../model';
import type { FileTree, Strategy } from '../../types';
import { collapse, textContent } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { generateProject } from './generate-project';
import { buildTree, removeProject, runScript } from './testing/build-project';
import { kindsSite } from './testing/kinds-site';

async function planKinds(strategy: Strategy, sizes?: { posts?: number }): Promise<SitePlan> {
  return planSite(extractSite(await kindsSite(sizes)), { strategy });
}

function text(tree: FileTree, path: string): string {
  const content = tree.files[path];
  if (typeof content !== 'string') throw new Error(`${path} is missing or binary`);
  return content;
}

const POSTS = [
  'blog/2018/notes-1',
  'blog/2019/notes-2',
  'blog/2020/notes-3',
  'blog/2018/notes-4',
  'blog/2019/notes-5',
];

/** Serves `dist` (SPA fallback) and shoots each route whole at 1440 and 375 px in Chromium. */
async function shootRoutes(
  dist: string,
  routes: string[],
): Promise<{ problems: string[]; shots: Map<string, Buffer>; texts: Map<string, string> }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.png': 'image/png',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    for (const file of [join(dist, path), join(dist, path, 'index.html'), join(dist, 'index.html')])
      if (existsSync(file) && statSync(file).isFile()) {
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'text/plain' });
        response.end(readFileSync(file));
        return;
      }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const problems: string[] = [];
  const shots = new Map<string, Buffer>();
  const texts = new Map<string, string>();
  try {
    for (const width of [1440, 375]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      page.on('console', (message) => {
        if (message.type() === 'error')
          problems.push(`${width}px ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${width}px ${page.url()}: ${error.message}`));
      for (const route of routes) {
        await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
        await page.locator('h1').first().waitFor();
        shots.set(`${width} ${route}`, await page.screenshot({ fullPage: true }));
        texts.set(`${width} ${route}`, await page.evaluate(() => document.body.innerText));
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return { problems, shots, texts };
}

/** A product's page with its h1 centred and linking to the start page. */
function withCentredTitle(page: SitePlan['pages'][number]): SitePlan['pages'][number] {
  if (!page.route.startsWith('/products/')) return page;
  const [first, ...rest] = page.sections;
  const centred = <Heading extends { inlines: { text: string }[] }>(heading: Heading) => ({
    ...heading,
    align: 'center' as const,
    inlines: heading.inlines.map((run) => ({ ...run, href: '/' })),
  });
  // The title is the section's heading (the menu row above it is the header's), or a block of it.
  const blocks = first!.blocks.map((block) =>
    block.kind === 'heading' && block.level === 1 ? centred(block) : block,
  );
  const heading = first!.heading?.level === 1 ? centred(first!.heading) : first!.heading;
  return {
    ...page,
    sections: [{ ...first!, ...(heading ? { heading } : {}), blocks }, ...rest],
  };
}

/**
 * The pixels that differ between two screenshots of one size by more than antialiasing does (a
 * rounded corner drawn one level lighter): any change of text, colour or place is far more.
 */
async function countChangedPixels(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
  );
  if (left!.info.width !== right!.info.width || left!.info.height !== right!.info.height)
    return Number.POSITIVE_INFINITY;
  const { channels } = left!.info;
  let changed = 0;
  for (let at = 0; at < left!.data.length; at += channels) {
    for (let c = 0; c < channels; c++)
      if (Math.abs(left!.data[at + c]! - right!.data[at + c]!) > 8) {
        changed++;
        break;
      }
  }
  return changed;
}

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await removeProject(dir);
});

describe('pages of a kind', () => {
  it('STYLE_MODERNIZATION: one Post and one Product component, each page its content as data', async () => {
    const tree = await generateProject(await planKinds('STYLE_MODERNIZATION'));
    const paths = Object.keys(tree.files);
    const pageFiles = paths.filter((path) => path.startsWith('src/pages/'));
    expect(pageFiles).toEqual([
      'src/pages/AboutPage.jsx',
      'src/pages/ContactPage.jsx',
      'src/pages/HomePage.jsx',
      'src/pages/Post.jsx',
      'src/pages/Product.jsx',
      'src/pages/index.js',
    ]);
    expect(paths.filter((path) => path.startsWith('src/content/posts/'))).toEqual(
      POSTS.map((post) => `src/content/posts/${post.slice(5).replace('/', '-')}.js`).sort(),
    );
    expect(paths.filter((path) => path.startsWith('src/content/products/'))).toHaveLength(4);
    // The kind's frame is literal JSX with props; its text comes from the data, drawn by Blocks.
    const component = text(tree, 'src/pages/Post.jsx');
    expect(component).toContain('export default function Post({');
    expect(component).toContain(' * Every post of the site: the same frame');
    expect(component).toContain('<h1 id={titleId}');
    expect(component).toContain('{heading}');
    expect(component).toContain('<Blocks blocks={first.blocks} keepAlignment />');
    expect(component).not.toContain('Baking notes');
    expect(paths).toEqual(
      expect.arrayContaining([
        'src/components/Blocks.jsx',
        'src/components/Heading.jsx',
        'src/lib/lazy-content-page.jsx',
      ]),
    );
    const post = text(tree, 'src/content/posts/2018-notes-1.js');
    expect(post).toContain("heading: 'Baking notes 1',");
    expect(post).toContain("date: 'January 1, 2018',");
    expect(post).toContain('export default content;');
    expect(post).not.toContain('KindPageContent');
    const index = text(tree, 'src/pages/index.js');
    expect(index).toContain("import { lazyContentPage } from '../lib/lazy-content-page';");
    expect(index).toContain("import { lazyPage } from '../lib/lazy-page';");
    expect(index.replace(/\s+/g, ' ')).toContain(
      "const Blog2018Notes1Page = lazyContentPage( () => import('./Post'), () => import('../content/posts/2018-notes-1'), );",
    );
    expect(index).toContain("route: '/blog/2018/notes-1',");
    // The content's words are no class names for Tailwind to make rules of.
    expect(text(tree, 'src/index.css')).toContain('@source not "./content";');
  });

  it("keeps the start page and a page without the frame's title as components of their own", async () => {
    const plan = await planKinds('STYLE_MODERNIZATION');
    const post = plan.pages.find((page) => page.kind)!;
    const untitled: SitePlan['pages'][number] = {
      ...post,
      route: '/blog/untitled',
      moduleName: 'blog-untitled',
      componentName: 'BlogUntitledPage',
      sections: post.sections.map(({ heading: _heading, ...section }) => ({
        ...section,
        blocks: section.blocks.filter((block) => block.kind !== 'heading'),
      })),
    };
    const tree = await generateProject({
      ...plan,
      pages: [{ ...plan.pages[0]!, kind: post.kind }, ...plan.pages.slice(1), untitled],
    });
    const paths = Object.keys(tree.files);
    expect(paths).toContain('src/pages/HomePage.jsx');
    expect(paths).toContain('src/pages/BlogUntitledPage.jsx');
    expect(paths.filter((path) => path.startsWith('src/content/posts/'))).toHaveLength(5);
  });

  it("content modules: a kind's modules in its own folder, the routes as they were", async () => {
    const plan = await planKinds('INCREMENTAL_UPDATE');
    const tree = await generateProject(plan);
    const paths = Object.keys(tree.files);
    expect(paths).toContain('src/content/posts/2018-notes-1.ts');
    expect(paths).toContain('src/content/products/item-0.ts');
    expect(paths).not.toContain('src/content/pages/blog-2018-notes-1.ts');
    expect(paths.filter((path) => path.startsWith('src/content/pages/'))).toEqual([
      'src/content/pages/about.ts',
      'src/content/pages/contact.ts',
      'src/content/pages/home.ts',
      'src/content/pages/index.ts',
    ]);
    expect(paths.some((path) => path.startsWith('src/pages/'))).toBe(false);
    const index = text(tree, 'src/content/pages/index.ts');
    expect(index).toContain("load: () => import('../posts/2018-notes-1')");
    expect(index).toContain("load: () => import('./about')");
    expect(index).toContain("route: '/blog/2018/notes-1',");
  });

  it('the README lists the routes by kind, a long list cut short', async () => {
    // Prettier pads the tables' cells: compared with single spaces.
    const readme = text(
      await generateProject(await planKinds('STYLE_MODERNIZATION', { posts: 20 })),
      'README.md',
    ).replace(/ {2,}/g, ' ');
    expect(readme).toContain(
      '27 routes; `src/pages/index.js` and `public/sitemap.xml` list them all.',
    );
    expect(readme).toContain('### Posts (20)');
    expect(readme).toContain(
      "20 pages of one kind: one component, `src/pages/Post.jsx`, with each page's content in `src/content/posts/`.",
    );
    expect(readme).toContain('| … | and 10 more |');
    const posts = readme.slice(readme.indexOf('### Posts'), readme.indexOf('### Products'));
    expect(posts.match(/\| `\/blog\//g)).toHaveLength(10);
    expect(readme).toContain('### Products (4)');
    expect(readme).toContain('### Other pages (3)');
    expect(readme).toContain('| `/about` | http://shop.example/about.html |');
    const modules = text(await generateProject(await planKinds('INCREMENTAL_UPDATE')), 'README.md');
    expect(modules).toContain("5 pages of one kind: each page's content in `src/content/posts/`.");
    expect(modules).toContain(
      '`src/content/pages/index.ts` and `public/sitemap.xml` list them all.',
    );
  });
});

describe('pages of a kind build', () => {
  it('STYLE_MODERNIZATION: a post and a product look as they did as components of their own', async () => {
    // The products' titles centred (as a browser reads `<h1 align="center">`) and linking home.
    const read = await planKinds('STYLE_MODERNIZATION');
    const plan: SitePlan = { ...read, pages: read.pages.map(withCentredTitle) };
    expect(plan.pages.filter((page) => page.kind).length).toBe(9);
    const before: SitePlan = { ...plan, pages: plan.pages.map(({ kind: _kind, ...page }) => page) };
    const after = await generateProject(plan);
    expect(text(after, 'src/content/products/item-1.js')).toContain('headingCentered: true,');
    expect(text(after, 'src/content/products/item-1.js')).toContain("headingHref: '/',");
    const routes = ['/blog/2018/notes-1', '/blog/2019/notes-2', '/products/item-1', '/about'];
    const shoot = async (tree: FileTree) => {
      const result = await buildTree(tree);
      cleanup.push(result.dir);
      expect(result.ok, result.output).toBe(true);
      return shootRoutes(join(result.dir, 'dist'), routes);
    };
    const beforeTree = await generateProject(before);
    expect(Object.keys(beforeTree.files)).toContain('src/pages/Blog2018Notes1Page.jsx');
    const old = await shoot(beforeTree);
    const now = await shoot(after);
    expect(old.problems).toEqual([]);
    expect(now.problems).toEqual([]);
    for (const [key, shot] of old.shots) {
      expect(now.texts.get(key), key).toBe(old.texts.get(key));
      expect(await countChangedPixels(shot, now.shots.get(key)!), key).toBe(0);
    }
  });

  it('INCREMENTAL_UPDATE builds and passes strict tsc', async () => {
    const result = await buildTree(await generateProject(await planKinds('INCREMENTAL_UPDATE')));
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    const typecheck = runScript(result.dir, 'typecheck');
    expect(typecheck.ok, typecheck.output).toBe(true);
  });

  it("FULL_REBUILD builds and prerenders every post from its kind's folder", async () => {
    const result = await buildTree(await generateProject(await planKinds('FULL_REBUILD')));
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    for (const [index, post] of POSTS.entries()) {
      const html = readFileSync(join(result.dir, 'dist', post, 'index.html'), 'utf8');
      const shown = collapse(textContent(parse(html)));
      expect(shown).toContain(`Baking notes ${index + 1}`);
      expect(shown).toContain(`the dough rested ${index + 10} hours`);
    }
  });
});
