// Prerenders every route to static HTML after `vite build` and the SSR build of src/entry-server.tsx.
// The client hydrates the markup (src/main.tsx), so pages are fast and readable without JavaScript.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Values written into the HTML come from the content: escaped for a quoted attribute.
const escapeAttribute = (value) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
let template = await readFile(join(root, 'dist', 'index.html'), 'utf8');
// The site may be built for a base path (BASE_PATH=/docs/): its URLs then start with it.
const { base, render, routes } = await import(
  pathToFileURL(join(root, 'dist-server', 'entry-server.js')).href
);
// The stylesheet is small: inlined, it no longer blocks the first paint behind another request.
const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]*\/assets\/[^"]+\.css)"[^>]*>/.exec(
  template,
);
if (stylesheet && stylesheet[1].startsWith(base)) {
  const css = await readFile(join(root, 'dist', stylesheet[1].slice(base.length)), 'utf8');
  // "</style" would end the element early (a Tailwind class of the content's text can hold one):
  // "<\/style" is the same CSS.
  const inline = css.replace(/<\/(style)/gi, '<\\/$1');
  if (css.length < 60_000)
    template = template.replace(stylesheet[0], () => '<style>' + inline + '</style>');
}

for (const route of routes) {
  const { html, head, language, direction } = await render(route);
  const page = template
    // Replacer functions: a "$&" or "$'" in the page's text must not be read as a replacement pattern.
    .replace(/<!--head:start-->[\s\S]*?<!--head:end-->/, () => head)
    .replace('<!--app-html-->', () => html)
    .replace('<div id="root">', () => '<div id="root" data-route="' + escapeAttribute(route) + '">')
    // A page without a valid language has none (the generator drops an invalid lang); a language
    // written right to left is laid out so (Seo's toDirection).
    .replace(/<html(?: lang="[^"]*")?(?: dir="[^"]*")?>/, () =>
      language
        ? '<html lang="' +
          escapeAttribute(language) +
          '"' +
          (direction === 'rtl' ? ' dir="rtl"' : '') +
          '>'
        : '<html>',
    );
  const file =
    route === '/'
      ? join(root, 'dist', 'index.html')
      : join(root, 'dist', ...route.slice(1).split('/'), 'index.html');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
}
await rm(join(root, 'dist-server'), { recursive: true, force: true });
console.log('Prerendered ' + routes.length + ' route(s).');
