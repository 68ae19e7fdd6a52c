/**
 * Test support: an old shop with a blog, as fetch would have read it (issue 24) — a start page, an
 * about and a contact page, dated blog posts under /blog/<year>/ and product pages under
 * /products/, so that plan finds two kinds of pages and leaves the rest as pages of their own.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RawPage, RawSite } from '../../../types';
import { FIXTURES_DIR } from './load-fixture';

const ORIGIN = 'http://shop.example';

function page(url: string, title: string, body: string): RawPage {
  return {
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    html: `<html><head><title>${title}</title></head><body>
      <table><tr><td>
        <a href="/index.html">Home</a> | <a href="/blog/">Blog</a> | <a href="/about.html">About</a> | <a href="/contact.html">Contact</a>
      </td></tr></table>
      ${body}
    </body></html>`,
    renderedWith: 'static',
    depth: url.endsWith('/index.html') ? 0 : 1,
    frames: [],
  };
}

const MONTHS = ['January', 'March', 'May', 'July', 'September', 'November'];
const PRODUCTS = [
  'Sourdough loaf',
  'Rye bread',
  'Spelt rolls',
  'Almond tart',
  'Apple pie',
  'Fig bun',
];

/** A dated post: its title, its date line, its text, a subheading and sometimes a picture. */
function post(index: number): RawPage {
  const year = 2018 + (index % 3);
  const body = `<h1>Baking notes ${index + 1}</h1>
    <p>${MONTHS[index % MONTHS.length]} ${(index % 27) + 1}, ${year}</p>
    <p>Entry ${index + 1} of the baker's journal: the dough rested ${index + 10} hours before it went into the oven.</p>
    <p>We tried a <em>slower</em> proof this time, and <a href="/products/item-${index % 4}.html">the loaf</a> rose higher.</p>
    ${index % 2 === 0 ? '<p><img src="/img/shop.png" alt="The oven on a morning of baking"></p>' : ''}
    <p align="center">Baked with care, ${year}</p>
    <h2>What we learned ${index + 1}</h2>
    <ul><li>Keep the starter warm</li><li>Score the loaf deeper</li></ul>`;
  return page(
    `${ORIGIN}/blog/${year}/notes-${index + 1}.html`,
    `Baking notes ${index + 1} - Shop`,
    body,
  );
}

/** A product: its name, its picture, what it is and its price. */
function product(index: number): RawPage {
  const name = `${PRODUCTS[index % PRODUCTS.length]} ${index + 1}`;
  return page(
    `${ORIGIN}/products/item-${index}.html`,
    `${name} - Shop`,
    `<h1>${name}</h1>
     <p><img src="/img/team.png" alt="${name} on the counter"></p>
     <p>Baked every morning from flour milled ${index + 2} miles away.</p>
     <table><tr><th>Weight</th><th>Price</th></tr><tr><td>${400 + index * 50} g</td><td>€ ${(3 + index / 2).toFixed(2)}</td></tr></table>`,
  );
}

async function png(file: string): Promise<{ body: Uint8Array; width: number; height: number }> {
  const body = new Uint8Array(await readFile(path.join(FIXTURES_DIR, file)));
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  return { body, width: view.getUint32(16), height: view.getUint32(20) };
}

/** The shop with `posts` blog posts and `products` product pages (and its three plain pages). */
export async function kindsSite({ posts = 5, products = 4 } = {}): Promise<RawSite> {
  const photo = await png('font-table-1998/welkom.png');
  const logo = await png('contact-page/logo.png');
  return {
    startUrl: `${ORIGIN}/index.html`,
    finalUrl: `${ORIGIN}/index.html`,
    notRead: [],
    pages: [
      page(
        `${ORIGIN}/index.html`,
        'Shop - Home',
        `<h1>The corner bakery</h1>
         <p>Bread, tarts and a journal of how we bake them.</p>
         <p><a href="/blog/2018/notes-1.html">Read the first baking notes</a>.</p>`,
      ),
      page(
        `${ORIGIN}/about.html`,
        'Shop - About',
        `<h1>About us</h1><p>Three bakers, one wood-fired oven, since 1952.</p>`,
      ),
      page(
        `${ORIGIN}/contact.html`,
        'Shop - Contact',
        `<h1>Contact</h1><p>Visit us at Marktplein 4 or call between seven and five.</p>`,
      ),
      ...Array.from({ length: posts }, (_, index) => post(index)),
      ...Array.from({ length: products }, (_, index) => product(index)),
    ],
    stylesheets: [],
    assets: [
      { url: `${ORIGIN}/img/shop.png`, contentType: 'image/png', ...photo },
      { url: `${ORIGIN}/img/team.png`, contentType: 'image/png', ...logo },
    ],
    diagnostics: [],
  };
}
