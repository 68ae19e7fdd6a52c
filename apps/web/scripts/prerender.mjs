// Prerenders the public pages (issue 13 item 6) after `vite build` (the single-page app, dist/index.html):
// 1. builds public.html → src/entry-public.tsx into dist/ as a build of its own, so tree-shaking keeps
//    only what the public pages use (a shared build would give them the data router and full zod);
// 2. builds src/entry-server.tsx for Node and renders `/`, `/terms` and `/privacy` into that build's
//    public.html (with the script and modulepreload tags Vite wrote);
// 3. saves them as dist/prerendered/{index,terms,privacy}.html with .br/.gz copies, and removes the
//    template. The server answers those paths with these files and every other one with index.html.
// Both builds resolve `react-router`, `lib/auth.ts` and `lib/query-client.ts` to the public pages'
// small stand-ins (publicPagesModules below), so the pages hydrate with React and their own code only,
// and `zod/mini` to a module that configures it jitless first (the parts that load it come later).
// Each page is rendered in four variants: `<name>.html` for a server with GitHub configured and
// `<name>.no-github.html` (zip download only; issue 14), each also as `.ai.html` for a server with a
// default model (issue 25), and each as `.hosting.html` for a server offering one-click deploy (issue
// 27), marked `<html data-github="on|off" data-ai="on|off" data-hosting="on|off">` for hydration;
// the server's registerSpa({ githubConfigured, aiConfigured }) picks one, and for every other path
// the app's shell (dist/index.html, or its copy marked on, prerendered/app.github[.ai].html).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--out-dir DIR` when `vite build --outDir DIR` wrote the app elsewhere (default: dist).
const outDirArg = process.argv.indexOf('--out-dir');
const distDir =
  outDirArg > 0 ? path.resolve(process.argv[outDirArg + 1]) : path.join(webRoot, 'dist');
// Inside node_modules so the Node bundle resolves react, react-dom and react-router from there.
const ssrOutDir = path.join(webRoot, 'node_modules/.cache/sitelift-prerender');

/**
 * The file a public path is saved as, under dist/prerendered/, in its GitHub or zip-only variant and
 * its AI variant (issue 25: `.ai` when the server has a default model).
 */
export function prerenderedFileName(
  pathname,
  githubExport = true,
  aiDesigner = false,
  hostingOffer = false,
) {
  const name = pathname === '/' ? 'index' : pathname.replace(/^\//, '');
  return `${name}${githubExport ? '' : '.no-github'}${aiDesigner ? '.ai' : ''}${hostingOffer ? '.hosting' : ''}.html`;
}

/** The app's shell marked for a server's configuration (none: dist/index.html itself). */
function appShellFileName(githubExport, aiDesigner, hostingOffer) {
  return `app${githubExport ? '.github' : ''}${aiDesigner ? '.ai' : ''}${hostingOffer ? '.hosting' : ''}.html`;
}

/** The modules the public builds take in place of the app's (see the file's comment). */
const PUBLIC_STAND_INS = new Map([
  ['src/lib/auth.ts', 'src/app/public-session.ts'],
  ['src/lib/query-client.ts', 'src/app/public-query-client.tsx'],
]);

function publicPagesModules() {
  const standIns = new Map(
    [...PUBLIC_STAND_INS].map(([from, to]) => [path.join(webRoot, from), path.join(webRoot, to)]),
  );
  const standInFiles = new Set(standIns.values());
  const zodMini = path.join(webRoot, 'src/app/public-zod-mini.ts');
  const zodSetupFiles = new Set([zodMini, path.join(webRoot, 'src/lib/zod-jitless.ts')]);
  return {
    name: 'sitelift-public-pages-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'react-router') return path.join(webRoot, 'src/app/public-router.tsx');
      // zod configured jitless before any schema of the public pages is built (public-zod-mini.ts).
      if (source === 'zod/mini' && importer && !zodSetupFiles.has(importer)) return zodMini;
      // A stand-in may use the module it replaces (public-query-client builds the app's client).
      if (!importer || !source.startsWith('.') || standInFiles.has(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && standIns.get(resolved.id)) ?? null;
    },
  };
}

/** The page's HTML in the zip-only variant: no GitHub in the description. */
function withoutGithub(html) {
  return html.replace(' or a GitHub repository.', '.');
}

/** Writes `html` to `filePath` with its .br and .gz copies (the server sends what the client accepts). */
async function writeCompressed(filePath, html) {
  await writeFile(filePath, html);
  await writeFile(
    `${filePath}.br`,
    brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${filePath}.gz`, gzipSync(html, { level: 9 }));
}

const APP_MARKER = '<!--app-html-->';
const TITLE_PATTERN = /<title>[^<]*<\/title>/;

/** Puts the rendered page into the template: the page's own <title> replaces the template's. */
function fillTemplate(template, appHtml, githubExport, aiDesigner, hostingOffer) {
  const title = TITLE_PATTERN.exec(appHtml)?.[0];
  const body = title ? appHtml.replace(title, '') : appHtml;
  const withTitle = title ? template.replace(TITLE_PATTERN, title) : template;
  const marked = withTitle.replace(
    '<html lang="en">',
    `<html lang="en" data-github="${githubExport ? 'on' : 'off'}" data-ai="${aiDesigner ? 'on' : 'off'}" data-hosting="${hostingOffer ? 'on' : 'off'}">`,
  );
  if (marked === withTitle) throw new Error('The template has no <html lang="en"> to mark');
  return (githubExport ? marked : withoutGithub(marked))
    .replace(/\s*<!-- The template of the prerendered public pages[^>]*-->/, '')
    .replace(APP_MARKER, body);
}

async function main() {
  const configFile = path.join(webRoot, 'vite.config.ts');
  await build({
    root: webRoot,
    configFile,
    logLevel: 'warn',
    plugins: [publicPagesModules()],
    build: {
      outDir: distDir,
      emptyOutDir: false,
      rolldownOptions: { input: path.join(webRoot, 'public.html') },
    },
  });
  const templatePath = path.join(distDir, 'public.html');
  const template = await readFile(templatePath, 'utf8');
  if (!template.includes(APP_MARKER)) throw new Error(`${templatePath} has no ${APP_MARKER}`);

  await build({
    root: webRoot,
    configFile,
    logLevel: 'warn',
    plugins: [publicPagesModules()],
    build: {
      ssr: path.join(webRoot, 'src/entry-server.tsx'),
      outDir: ssrOutDir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { input: path.join(webRoot, 'src/entry-server.tsx') },
    },
  });
  const { renderPublicPage, PUBLIC_PAGE_PATHS } = await import(
    pathToFileURL(path.join(ssrOutDir, 'entry-server.js')).href
  );

  const outDir = path.join(distDir, 'prerendered');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const variants = [true, false].flatMap((githubExport) =>
    [false, true].flatMap((aiDesigner) =>
      [false, true].map((hostingOffer) => ({ githubExport, aiDesigner, hostingOffer })),
    ),
  );
  for (const pathname of PUBLIC_PAGE_PATHS) {
    for (const { githubExport, aiDesigner, hostingOffer } of variants) {
      const appHtml = await renderPublicPage(pathname, { githubExport, aiDesigner, hostingOffer });
      const html = fillTemplate(template, appHtml, githubExport, aiDesigner, hostingOffer);
      const fileName = prerenderedFileName(pathname, githubExport, aiDesigner, hostingOffer);
      await writeCompressed(path.join(outDir, fileName), html);
      console.log(`prerendered ${pathname} → dist/prerendered/${fileName}`);
    }
  }
  // The app's shell for a server with GitHub or a default model configured: index.html marked on,
  // so the app's own rendering of the public texts (the footer, `/` reached inside the app) makes
  // the same claims.
  const shell = await readFile(path.join(distDir, 'index.html'), 'utf8');
  for (const { githubExport, aiDesigner, hostingOffer } of variants) {
    if (!githubExport && !aiDesigner && !hostingOffer) continue;
    const marks = `${githubExport ? ' data-github="on"' : ''}${aiDesigner ? ' data-ai="on"' : ''}${hostingOffer ? ' data-hosting="on"' : ''}`;
    const marked = shell.replace('<html lang="en">', `<html lang="en"${marks}>`);
    if (marked === shell) throw new Error('dist/index.html has no <html lang="en"> to mark');
    const fileName = appShellFileName(githubExport, aiDesigner, hostingOffer);
    await writeCompressed(path.join(outDir, fileName), marked);
    console.log(`marked the app shell → dist/prerendered/${fileName}`);
  }
  await Promise.all(
    ['', '.br', '.gz'].map((suffix) => rm(`${templatePath}${suffix}`, { force: true })),
  );
  await rm(ssrOutDir, { recursive: true, force: true });
}

await main();
