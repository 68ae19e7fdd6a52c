// Performance budget, checked after every build: the gzipped JavaScript and CSS a first visit loads
// (the scripts and stylesheets the start page names), the largest page chunk loaded later, and the
// images the start page's first view loads (its eager <img>s: the hero, the logo). Code over its
// budget fails the build (it is ours to keep small); pictures over theirs are the site's own content
// and only warn (a gallery of 130 photos is fine when they load lazily). Raise a budget only on purpose.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = { js: 200 * 1024, chunk: 200 * 1024, css: 40 * 1024, image: 1024 * 1024 };
/** Budgets that only warn when exceeded. */
const WARN_ONLY = new Set(['image']);
const dist = join(import.meta.dirname, '..', 'dist');
const html = await readFile(join(dist, 'index.html'), 'utf8');
const firstLoad = new Set(
  [...html.matchAll(/(?:src|href)="[^"]*?\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]),
);
// The pictures the first view loads: every <img> of the start page that is not lazy (its src; a
// browser picks one srcset candidate, never more than the src's width here).
const firstViewImages = new Set(
  [...html.matchAll(/<img\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/\bloading="lazy"/.test(tag))
    .flatMap((tag) => {
      const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
      return src && !/^(?:[a-z]+:)?\/\//i.test(src) && !src.startsWith('data:') ? [src] : [];
    }),
);
const totals = { js: 0, chunk: 0, css: 0, image: 0 };

async function visit(dir, relative) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = relative ? relative + '/' + entry.name : entry.name;
    if (entry.isDirectory()) await visit(path, name);
    else if (/\.m?js$/.test(entry.name)) {
      const size = gzipSync(await readFile(path)).length;
      if (firstLoad.has(name)) totals.js += size;
      else totals.chunk = Math.max(totals.chunk, size);
    } else if (entry.name.endsWith('.css')) totals.css += gzipSync(await readFile(path)).length;
  }
}

await visit(dist, '');
const base = (process.env.BASE_PATH ?? '/').replace(/\/?$/, '/');
for (const src of firstViewImages) {
  const file = src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, '');
  const size = await stat(join(dist, decodeURIComponent(file.split(/[?#]/)[0])))
    .then((info) => info.size)
    .catch(() => 0);
  totals.image += size;
}
const LABELS = {
  js: 'first-load JS',
  chunk: 'largest chunk',
  css: 'CSS',
  image: 'first-view images',
};
let over = false;
for (const kind of Object.keys(BUDGET)) {
  const ok = totals[kind] <= BUDGET[kind];
  const warnOnly = WARN_ONLY.has(kind);
  if (!ok && !warnOnly) over = true;
  console.log(
    (ok ? 'ok  ' : warnOnly ? 'WARN' : 'OVER') +
      ' ' +
      LABELS[kind].padEnd(17) +
      ' ' +
      (totals[kind] / 1024).toFixed(1) +
      ' KB of ' +
      BUDGET[kind] / 1024 +
      ' KB',
  );
}
if (over) {
  console.error('Performance budget exceeded.');
  process.exit(1);
}
