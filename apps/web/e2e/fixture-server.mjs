// A tiny static server on loopback for the browser tests: it serves fixtures/site/ as the "old
// website" that projects are created from. Port: E2E_FIXTURE_PORT (default 3918).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'site');
const port = Number(process.env.E2E_FIXTURE_PORT ?? 3918);
const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.png': 'image/png' };

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
  const file = path.join(root, path.normalize(name));
  if (!file.startsWith(root)) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, {
      'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
  }
});
server.listen(port, '127.0.0.1', () => console.log(`fixture site on http://127.0.0.1:${port}/`));

// Issue 24: a larger site on the next port, for the create form's page scope: a start page that
// links to 8 pages, a sitemap that lists 40 posts and 12 products more, and a robots.txt that keeps
// out /private/ (3 pages). Generated, not files: its size is the point, not its words.
const scopePort = Number(process.env.E2E_SCOPE_FIXTURE_PORT ?? port + 3);
const POSTS = Array.from({ length: 40 }, (_, index) => `/posts/${index + 1}.html`);
const PRODUCTS = Array.from({ length: 12 }, (_, index) => `/products/item-${index + 1}.html`);
const LINKED = [
  '/about.html',
  '/contact.html',
  ...POSTS.slice(0, 3),
  '/private/a.html',
  '/private/b.html',
  '/private/c.html',
];
const SCOPE_PATHS = ['/', ...LINKED, ...POSTS.slice(3), ...PRODUCTS];
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
const scopeServer = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const origin = `http://127.0.0.1:${scopePort}`;
  if (url.pathname === '/robots.txt') {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end(`User-agent: *\nDisallow: /private/\nSitemap: ${origin}/sitemap.xml\n`);
    return;
  }
  if (url.pathname === '/sitemap.xml') {
    const urls = SCOPE_PATHS.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('');
    response.writeHead(200, { 'Content-Type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    );
    return;
  }
  if (!SCOPE_PATHS.includes(url.pathname)) {
    response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
    return;
  }
  const links = LINKED.map((path) => `<li><a href="${path}">${path}</a></li>`).join('');
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(
    url.pathname === '/'
      ? page('Harbour Rowing Club', `<p>News and results of the club.</p><ul>${links}</ul>`)
      : page(
          `Harbour Rowing Club ${url.pathname}`,
          '<p>A page of the club.</p><p><a href="/">Home</a></p>',
        ),
  );
});
scopeServer.listen(scopePort, '127.0.0.1', () =>
  console.log(`scope fixture site on http://127.0.0.1:${scopePort}/`),
);

for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    scopeServer.close();
    server.close(() => process.exit(0));
  });
