/**
 * A generated site for the engine benchmark (issue 24): an old-style site of N pages (table layout,
 * one stylesheet, no scripts) written to a folder and served on 127.0.0.1. For N = 200: a home, 150
 * blog posts (a date, a few paragraphs and a picture each), 30 product pages (a price table), and 19
 * plain pages (blog archive pages, the product index, about, contact...); a menu and a footer on every
 * page, and a sitemap.xml listing them all. Every page is also reachable by links (home → archive →
 * post, home → product index → product), so a crawl without sitemaps reads them too. The same seed and
 * size write the same bytes.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startStaticServer, type StaticServer } from '../src/stages/verify/serve-static';

/** A small deterministic pseudo-random generator (mulberry32). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'garden village river market winter summer morning evening journey kitchen bread coffee ' +
  'mountain harbour station library window letter friend family neighbour festival weather ' +
  'bicycle workshop wooden copper lantern meadow orchard stone bridge valley forest island ' +
  'recipe season quiet early late small bright warm old new long short careful simple ' +
  'walked found made kept opened visited built painted repaired planted baked wrote read ' +
  'the a of and to in with for on at from by about after before under over through'
).split(' ');

const PRODUCT_NOUNS = ['Lantern', 'Kettle', 'Stool', 'Basket', 'Clock', 'Lamp', 'Shelf', 'Crate'];
const PRODUCT_ADJECTIVES = ['Copper', 'Oak', 'Brass', 'Linen', 'Walnut', 'Iron', 'Willow', 'Clay'];
const PLAIN_TITLES = [
  'About us',
  'Contact',
  'Opening hours',
  'Our history',
  'The team',
  'Frequently asked questions',
  'Delivery',
  'Returns',
  'Privacy',
  'Terms of sale',
  'Press',
  'Links',
  'Workshops',
  'Gift vouchers',
  'Guestbook',
  'Directions',
  'Newsletter',
  'Jobs',
  'Partners',
  'Care guide',
];

function toSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-|-$/gu, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

/** One page of the generated site. */
interface GeneratedPage {
  /** Site path, e.g. `/blog/2009/03/garden-bridge.html`. */
  path: string;
  title: string;
  kind: 'home' | 'post' | 'product' | 'plain';
  body: string;
}

/** How many pages of each kind a site of `total` pages has (home 1, posts 75 %, products 15 %). */
export function toGeneratedCounts(total: number): {
  posts: number;
  products: number;
  plain: number;
} {
  const size = Math.max(4, Math.floor(total));
  const posts = Math.round(size * 0.75);
  const products = Math.round(size * 0.15);
  return { posts, products, plain: size - 1 - posts - products };
}

/** The generated site's pages and pictures, in memory. */
export interface GeneratedSite {
  /** Path → file content. */
  files: Map<string, string | Uint8Array>;
  /** Every page's path, home first. */
  pages: string[];
  counts: { posts: number; products: number; plain: number };
}

function buildChrome(title: string, body: string): string {
  const menu = [
    ['/index.html', 'Home'],
    ['/blog/index.html', 'Journal'],
    ['/products/index.html', 'Shop'],
    ['/about-us.html', 'About us'],
    ['/contact.html', 'Contact'],
  ]
    .map(([href, label]) => `<a href="${href}">${label}</a>`)
    .join(' | ');
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html>
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>${escapeHtml(title)} - The Copper Lantern Workshop</title>
<link rel="stylesheet" type="text/css" href="/style.css">
</head>
<body bgcolor="#f4efe4">
<table width="780" align="center" cellpadding="0" cellspacing="0" border="0" class="frame">
<tr><td class="header"><img src="/images/logo.gif" width="64" height="64" alt="Copper Lantern logo" align="left"><h1 class="site">The Copper Lantern Workshop</h1><div class="tagline">Handmade things since 1987</div></td></tr>
<tr><td class="menu">${menu}</td></tr>
<tr><td class="content">
${body}
</td></tr>
<tr><td class="footer"><font size="1">&copy; 1998-2011 The Copper Lantern Workshop &middot; 12 Mill Lane, Oldbridge &middot; Tel. 01234 567890 &middot; <a href="/privacy.html">Privacy</a> &middot; <a href="/sitemap.xml">Sitemap</a></font></td></tr>
</table>
</body>
</html>
`;
}

const STYLE_CSS = `body { font-family: Georgia, "Times New Roman", serif; color: #333; margin: 10px; }
.frame { background: #fffdf7; border: 1px solid #c8b88a; }
.header { background: #6b4f2a; color: #fff; padding: 12px; }
.header h1.site { font-size: 26px; margin: 4px 0 0 76px; }
.tagline { margin-left: 76px; font-style: italic; }
.menu { background: #e8dcc0; padding: 6px 12px; font-family: Verdana, sans-serif; font-size: 12px; }
.menu a { color: #6b4f2a; font-weight: bold; }
.content { padding: 16px; line-height: 1.5; }
.content h2 { color: #6b4f2a; border-bottom: 1px dotted #c8b88a; }
.date { color: #8a7a5a; font-size: 12px; }
.prices { border-collapse: collapse; }
.prices td, .prices th { border: 1px solid #c8b88a; padding: 4px 10px; }
.footer { background: #e8dcc0; text-align: center; padding: 8px; }
`;

/** Writes a picture of `seed`'s colours as a JPEG (an SVG gradient with a few shapes, rasterised). */
async function buildPicture(random: () => number, width: number, height: number): Promise<Buffer> {
  const hue = Math.floor(random() * 360);
  const circles = Array.from({ length: 4 }, () => {
    const cx = Math.round(random() * width);
    const cy = Math.round(random() * height);
    const r = Math.round(20 + random() * 60);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${(hue + 120) % 360},50%,60%)" opacity="0.6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,35%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** Builds the site of `total` pages for `seed` in memory. */
export async function buildGeneratedSite(total = 200, seed = 24): Promise<GeneratedSite> {
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const text = words(8 + Math.floor(random() * 10));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 3 + Math.floor(random() * 3) }, sentence).join(' ');
  const titleWords = () => {
    const text = words(3 + Math.floor(random() * 3));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  };

  const counts = toGeneratedCounts(total);
  const files = new Map<string, string | Uint8Array>();
  const pages: GeneratedPage[] = [];
  files.set('/style.css', STYLE_CSS);
  files.set(
    '/images/logo.gif',
    await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 184, g: 115, b: 51 } },
    })
      .gif()
      .toBuffer(),
  );

  // Blog posts, newest first, one every ~10 days back from 2011-06-01.
  const posts: { path: string; title: string; date: string }[] = [];
  let day = Date.UTC(2011, 5, 1);
  const usedSlugs = new Set<string>();
  for (let index = 0; index < counts.posts; index++) {
    day -= (5 + Math.floor(random() * 10)) * 86_400_000;
    const date = new Date(day).toISOString().slice(0, 10);
    const title = titleWords();
    let slug = toSlug(title);
    while (usedSlugs.has(`${date.slice(0, 7)}/${slug}`)) slug = `${slug}-${index}`;
    usedSlugs.add(`${date.slice(0, 7)}/${slug}`);
    const postPath = `/blog/${date.slice(0, 4)}/${date.slice(5, 7)}/${slug}.html`;
    const picture = `/images/posts/${index + 1}.jpg`;
    files.set(picture, await buildPicture(random, 400, 260));
    posts.push({ path: postPath, title, date });
    pages.push({
      path: postPath,
      title,
      kind: 'post',
      body: `<h2>${escapeHtml(title)}</h2>
<p class="date">Posted on ${date} by Margaret</p>
<p><img src="${picture}" width="400" height="260" alt="${escapeHtml(title)}" align="right" hspace="8"></p>
${Array.from({ length: 3 + Math.floor(random() * 3) }, () => `<p>${paragraph()}</p>`).join('\n')}
<p><a href="/blog/index.html">&laquo; Back to the journal</a></p>`,
    });
  }

  // Products with a price table.
  const products: { path: string; title: string; price: string }[] = [];
  for (let index = 0; index < counts.products; index++) {
    const title = `${PRODUCT_ADJECTIVES[index % PRODUCT_ADJECTIVES.length]} ${PRODUCT_NOUNS[Math.floor(index / PRODUCT_ADJECTIVES.length) % PRODUCT_NOUNS.length]}${index >= 64 ? ` ${index}` : ''}`;
    const productPath = `/products/${toSlug(title)}.html`;
    const picture = `/images/products/${index + 1}.jpg`;
    files.set(picture, await buildPicture(random, 300, 300));
    const base = 12 + Math.floor(random() * 180);
    const rows = ['Small', 'Medium', 'Large']
      .map(
        (size, step) =>
          `<tr><td>${size}</td><td>${(base * (1 + step * 0.4)).toFixed(2)} &euro;</td><td>${step === 2 ? 'On order' : 'In stock'}</td></tr>`,
      )
      .join('\n');
    products.push({ path: productPath, title, price: `${base.toFixed(2)} €` });
    pages.push({
      path: productPath,
      title,
      kind: 'product',
      body: `<h2>${escapeHtml(title)}</h2>
<table cellpadding="6" border="0"><tr><td valign="top"><img src="${picture}" width="300" height="300" alt="${escapeHtml(title)}"></td>
<td valign="top"><p>${paragraph()}</p>
<table class="prices"><tr><th>Size</th><th>Price</th><th>Availability</th></tr>
${rows}
</table>
<p>Order by telephone or write to us: see <a href="/contact.html">Contact</a>.</p></td></tr></table>
<p><a href="/products/index.html">&laquo; All products</a></p>`,
    });
  }

  // Plain pages: the journal's archive pages and the product index first (they link the rest).
  const plain: GeneratedPage[] = [];
  const perArchivePage = 25;
  const archivePages = Math.max(1, Math.ceil(posts.length / perArchivePage));
  const archivePath = (index: number) =>
    index === 0 ? '/blog/index.html' : `/blog/archive-${index + 1}.html`;
  for (let index = 0; index < archivePages && plain.length < counts.plain; index++) {
    const listed = posts.slice(index * perArchivePage, (index + 1) * perArchivePage);
    const pager = Array.from({ length: archivePages }, (_, page) =>
      page === index ? `<b>${page + 1}</b>` : `<a href="${archivePath(page)}">${page + 1}</a>`,
    ).join(' ');
    plain.push({
      path: archivePath(index),
      title: index === 0 ? 'Journal' : `Journal, page ${index + 1}`,
      kind: 'plain',
      body: `<h2>Journal${index === 0 ? '' : `, page ${index + 1}`}</h2>
<ul>
${listed.map((post) => `<li><a href="${post.path}">${escapeHtml(post.title)}</a> <span class="date">${post.date}</span></li>`).join('\n')}
</ul>
<p>Pages: ${pager}</p>`,
    });
  }
  if (plain.length < counts.plain)
    plain.push({
      path: '/products/index.html',
      title: 'Shop',
      kind: 'plain',
      body: `<h2>Shop</h2>
<table class="prices"><tr><th>Product</th><th>From</th></tr>
${products.map((product) => `<tr><td><a href="${product.path}">${escapeHtml(product.title)}</a></td><td>${product.price}</td></tr>`).join('\n')}
</table>`,
    });
  for (let index = 0; plain.length < counts.plain; index++) {
    const title =
      index < PLAIN_TITLES.length ? PLAIN_TITLES[index]! : `${titleWords()} (${index + 1})`;
    plain.push({
      path: `/${toSlug(title)}.html`,
      title,
      kind: 'plain',
      body: `<h2>${escapeHtml(title)}</h2>
${Array.from({ length: 2 + Math.floor(random() * 3) }, () => `<p>${paragraph()}</p>`).join('\n')}`,
    });
  }
  pages.push(...plain);

  // The home: the latest posts, a few products and a line to every plain page.
  const home: GeneratedPage = {
    path: '/index.html',
    title: 'Welcome',
    kind: 'home',
    body: `<h2>Welcome to our workshop</h2>
<p>${paragraph()}</p>
<table width="100%" cellpadding="4"><tr><td valign="top" width="60%">
<h3>From the journal</h3>
<ul>
${posts
  .slice(0, 8)
  .map(
    (post) =>
      `<li><a href="${post.path}">${escapeHtml(post.title)}</a> <span class="date">${post.date}</span></li>`,
  )
  .join('\n')}
</ul>
<p><a href="/blog/index.html">All journal entries &raquo;</a></p>
</td><td valign="top">
<h3>In the shop</h3>
<ul>
${products
  .slice(0, 5)
  .map((product) => `<li><a href="${product.path}">${escapeHtml(product.title)}</a></li>`)
  .join('\n')}
</ul>
<p><a href="/products/index.html">All products &raquo;</a></p>
</td></tr></table>
<p><font size="2">${plain
      .filter((page) => !page.path.startsWith('/blog/') && !page.path.startsWith('/products/'))
      .map((page) => `<a href="${page.path}">${escapeHtml(page.title)}</a>`)
      .join(' &middot; ')}</font></p>`,
  };
  pages.unshift(home);

  for (const page of pages) files.set(page.path, buildChrome(page.title, page.body));
  files.set(
    '/sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${pages.map((page) => `  <url><loc>__ORIGIN__${page.path}</loc></url>`).join('\n')}
</urlset>
`,
  );
  files.set('/robots.txt', 'User-agent: *\nDisallow:\n\nSitemap: __ORIGIN__/sitemap.xml\n');
  return { files, pages: pages.map((page) => page.path), counts };
}

/** A generated site on loopback: its start URL, and close() to stop it and remove its folder. */
export interface ServedGeneratedSite {
  startUrl: string;
  dir: string;
  site: GeneratedSite;
  server: StaticServer;
  close(): Promise<void>;
}

/**
 * Writes the site of `total` pages to a temporary folder and serves it on 127.0.0.1 (a random port;
 * the sitemap and robots.txt name that origin). HTML is served as `text/html` without a charset, as
 * old hosts do.
 */
export async function serveGeneratedSite(total = 200, seed = 24): Promise<ServedGeneratedSite> {
  const site = await buildGeneratedSite(total, seed);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-bench-site-'));
  // The port is known only once the server listens: the files naming the origin are written after.
  const server = await startStaticServer(dir, {
    fallback: 'none',
    contentTypeFor: (file) => (/\.html?$/iu.test(file) ? 'text/html' : undefined),
  });
  for (const [filePath, content] of site.files) {
    const target = path.join(dir, filePath);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(
      target,
      typeof content === 'string' ? content.replaceAll('__ORIGIN__', server.origin) : content,
    );
  }
  return {
    startUrl: `${server.origin}/index.html`,
    dir,
    site,
    server,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
