/** Files only FULL_REBUILD projects have: SSR entry, prerender script, service worker, size budget. */

/** src/entry-server.tsx: renders one route to HTML plus its head tags, for scripts/prerender.mjs. */
export function entryServerSource(): string {
  return `import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { pages } from './content/pages';
import { site } from './content/site';
import { basePath } from './lib/asset';

/** Every route to prerender. */
export const routes: string[] = pages.map((page) => page.route);

/** The base path the site was built for ('/' or e.g. '/docs/'): where dist/ is served. */
export const base: string = import.meta.env.BASE_URL;

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

async function readStream(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * The HTML of a route and the head tags it needs (title, description, canonical, Open Graph). Waits
 * for pages whose content loads on first view, so every route's markup is complete.
 */
export async function render(route: string): Promise<{ html: string; head: string; language: string }> {
  const page = pages.find((candidate) => candidate.route === route);
  const title = page?.title ?? site.name;
  const description = page?.description ?? site.description;
  const origin = (import.meta.env.VITE_SITE_URL ?? '').replace(/\\/$/, '');
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter basename={base} location={basePath + route}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const html = await readStream(prelude);
  const head = [
    '<title>' + escape(title) + '</title>',
    '<meta name="description" content="' + escape(description) + '" />',
    '<meta property="og:title" content="' + escape(title) + '" />',
    '<meta property="og:description" content="' + escape(description) + '" />',
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="' + escape(site.name) + '" />',
    origin ? '<link rel="canonical" href="' + escape(origin + route) + '" />' : '',
    origin ? '<meta property="og:url" content="' + escape(origin + route) + '" />' : '',
  ]
    .filter(Boolean)
    .join('\\n    ');
  return { html, head, language: page?.language ?? site.language };
}
`;
}

/** scripts/prerender.mjs: writes dist/<route>/index.html for every route after both builds. */
export const PRERENDER_SCRIPT = `// Prerenders every route to static HTML after \`vite build\` and the SSR build of src/entry-server.tsx.
// The client hydrates the markup (src/main.tsx), so pages are fast and readable without JavaScript.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Values written into the HTML come from the content: escaped for a quoted attribute.
const escapeAttribute = (value) =>
  String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
let template = await readFile(join(root, 'dist', 'index.html'), 'utf8');
// The site may be built for a base path (BASE_PATH=/docs/): its URLs then start with it.
const { base, render, routes } = await import(pathToFileURL(join(root, 'dist-server', 'entry-server.js')).href);
// The stylesheet is small: inlined, it no longer blocks the first paint behind another request.
const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]*\\/assets\\/[^"]+\\.css)"[^>]*>/.exec(template);
if (stylesheet && stylesheet[1].startsWith(base)) {
  const css = await readFile(join(root, 'dist', stylesheet[1].slice(base.length)), 'utf8');
  // "</style" would end the element early (a Tailwind class of the content's text can hold one):
  // "<\\/style" is the same CSS.
  const inline = css.replace(/<\\/(style)/gi, '<\\\\/$1');
  if (css.length < 60_000) template = template.replace(stylesheet[0], () => '<style>' + inline + '</style>');
}

for (const route of routes) {
  const { html, head, language } = await render(route);
  const page = template
    // Replacer functions: a "$&" or "$'" in the page's text must not be read as a replacement pattern.
    .replace(/<!--head:start-->[\\s\\S]*?<!--head:end-->/, () => head)
    .replace('<!--app-html-->', () => html)
    .replace('<div id="root">', () => '<div id="root" data-route="' + escapeAttribute(route) + '">')
    // A page without a valid language has none (the generator drops an invalid lang).
    .replace(/<html(?: lang="[^"]*")?>/, () => (language ? '<html lang="' + escapeAttribute(language) + '">' : '<html>'));
  const file = route === '/' ? join(root, 'dist', 'index.html') : join(root, 'dist', ...route.slice(1).split('/'), 'index.html');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
}
await rm(join(root, 'dist-server'), { recursive: true, force: true });
console.log('Prerendered ' + routes.length + ' route(s).');
`;

/** scripts/check-size.mjs: the performance budget, checked after every build. */
export const SIZE_CHECK_SCRIPT = `// Performance budget, checked after every build (the build fails when over): the gzipped JavaScript
// and CSS a first visit loads (the scripts and stylesheets the start page names), the largest page
// chunk loaded later, and the images. Raise a budget only on purpose.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = { js: 200 * 1024, chunk: 200 * 1024, css: 40 * 1024, image: 5 * 1024 * 1024 };
const dist = join(import.meta.dirname, '..', 'dist');
const html = await readFile(join(dist, 'index.html'), 'utf8');
const firstLoad = new Set([...html.matchAll(/(?:src|href)="[^"]*?\\/(assets\\/[^"]+\\.js)"/g)].map((match) => match[1]));
const totals = { js: 0, chunk: 0, css: 0, image: 0 };

async function visit(dir, relative) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = relative ? relative + '/' + entry.name : entry.name;
    if (entry.isDirectory()) await visit(path, name);
    else if (/\\.m?js$/.test(entry.name)) {
      const size = gzipSync(await readFile(path)).length;
      if (firstLoad.has(name)) totals.js += size;
      else totals.chunk = Math.max(totals.chunk, size);
    } else if (entry.name.endsWith('.css')) totals.css += gzipSync(await readFile(path)).length;
    else if (/\\.(?:png|jpe?g|gif|webp|avif|svg)$/i.test(entry.name)) totals.image += (await readFile(path)).length;
  }
}

await visit(dist, '');
const LABELS = { js: 'first-load JS', chunk: 'largest chunk', css: 'CSS', image: 'images' };
let over = false;
for (const kind of Object.keys(BUDGET)) {
  const ok = totals[kind] <= BUDGET[kind];
  over ||= !ok;
  console.log((ok ? 'ok  ' : 'OVER') + ' ' + LABELS[kind].padEnd(14) + ' ' + (totals[kind] / 1024).toFixed(1) + ' KB of ' + BUDGET[kind] / 1024 + ' KB');
}
if (over) {
  console.error('Performance budget exceeded.');
  process.exit(1);
}
`;

/** public/sw.js: offline support. Pages network-first, assets cache-first; registered in production only. */
export const SERVICE_WORKER = `// Offline support: pages are fetched from the network first (so content is always fresh) and fall
// back to the cache; hashed assets and images are served from the cache first.
const CACHE = 'site-v1';
// The start page: the folder this worker is served from (the site may live under a base path).
const START = new URL('./', self.location.href).pathname;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([START])));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))),
  );
  self.clients.claim();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
          return response;
        })
        .catch(() => caches.match(request).then((cached) => cached || caches.match(START))),
    );
    return;
  }
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
`;
