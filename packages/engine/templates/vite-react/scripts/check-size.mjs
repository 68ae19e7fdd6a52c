// Performance budget, checked after every build (the build fails when over): the gzipped JavaScript
// and CSS a first visit loads (the scripts and stylesheets the start page names), the largest page
// chunk loaded later, and the images. Raise a budget only on purpose.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = { js: 200 * 1024, chunk: 200 * 1024, css: 40 * 1024, image: 5 * 1024 * 1024 };
const dist = join(import.meta.dirname, '..', 'dist');
const html = await readFile(join(dist, 'index.html'), 'utf8');
const firstLoad = new Set(
  [...html.matchAll(/(?:src|href)="[^"]*?\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]),
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
    else if (/\.(?:png|jpe?g|gif|webp|avif|svg)$/i.test(entry.name))
      totals.image += (await readFile(path)).length;
  }
}

await visit(dist, '');
const LABELS = { js: 'first-load JS', chunk: 'largest chunk', css: 'CSS', image: 'images' };
let over = false;
for (const kind of Object.keys(BUDGET)) {
  const ok = totals[kind] <= BUDGET[kind];
  over ||= !ok;
  console.log(
    (ok ? 'ok  ' : 'OVER') +
      ' ' +
      LABELS[kind].padEnd(14) +
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
