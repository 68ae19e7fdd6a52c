/**
 * Test support: a small old three-page bakery site as fetch would have read it — a start page with a
 * photo, a deep page (/about/team.html) with an image and a PDF price list, and a contact page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RawPage, RawSite } from '../../../types';
import { FIXTURES_DIR } from './load-fixture';

function page(url: string, title: string, body: string): RawPage {
  return {
    requestedUrl: url,
    url,
    status: 200,
    contentType: 'text/html',
    charset: 'utf-8',
    html: `<html><head><title>${title}</title></head><body>
      <table><tr><td>
        <a href="/index.html">Home</a> | <a href="/about/team.html">Our team</a> | <a href="/contact.html">Contact</a>
      </td></tr></table>
      ${body}
    </body></html>`,
    renderedWith: 'static',
    depth: url.endsWith('/index.html') ? 0 : 1,
    frames: [],
  };
}

async function png(file: string): Promise<{ body: Uint8Array; width: number; height: number }> {
  const body = new Uint8Array(await readFile(path.join(FIXTURES_DIR, file)));
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  return { body, width: view.getUint32(16), height: view.getUint32(20) };
}

/** A small old three-page bakery site: images, a PDF price list, a deep page. */
export async function bakerySite(): Promise<RawSite> {
  const photo = await png('font-table-1998/welkom.png');
  const logo = await png('contact-page/logo.png');
  const origin = 'http://bakery.example';
  return {
    startUrl: `${origin}/index.html`,
    finalUrl: `${origin}/index.html`,
    pages: [
      page(
        `${origin}/index.html`,
        'Bakker Jansen - Home',
        `<h1>Bakker Jansen</h1>
         <p>Fresh bread from our wood-fired oven every morning since 1952.</p>
         <p><img src="/img/shop.png" alt="Our shop on the market square"></p>
         <p>Read about <a href="/about/team.html">the people behind the oven</a>.</p>`,
      ),
      page(
        `${origin}/about/team.html`,
        'Bakker Jansen - Our team',
        `<h1>Our team</h1>
         <p>Marie has baked the sourdough loaves here for thirty-one years.</p>
         <p><img src="/img/team.png" alt="Marie at the oven"></p>
         <p>Download <a href="/docs/prices.pdf">our price list</a> before you visit.</p>`,
      ),
      page(
        `${origin}/contact.html`,
        'Bakker Jansen - Contact',
        `<h1>Contact</h1>
         <p>Visit us at Marktplein 4 or call the shop between seven and five.</p>`,
      ),
    ],
    stylesheets: [],
    assets: [
      { url: `${origin}/img/shop.png`, contentType: 'image/png', ...photo },
      { url: `${origin}/img/team.png`, contentType: 'image/png', ...logo },
      {
        url: `${origin}/docs/prices.pdf`,
        contentType: 'application/pdf',
        body: new TextEncoder().encode('%PDF-1.4\n% price list\n%%EOF\n'),
      },
    ],
    diagnostics: [],
    notRead: [],
  };
}
