import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { templateFile } from './template-files';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/**
 * Runs scripts/prerender.mjs over a built index.html and stylesheet, with an SSR entry that renders
 * `pages` (route -> language): what the prerender writes for each route.
 */
async function prerender(
  css: string,
  pages: { route: string; language: string; direction?: 'rtl' | 'ltr' }[],
  html = '<html lang="en">',
): Promise<Record<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'sitelift-prerender-'));
  dirs.push(dir);
  await mkdir(join(dir, 'scripts'));
  await mkdir(join(dir, 'dist', 'assets'), { recursive: true });
  await mkdir(join(dir, 'dist-server'));
  await writeFile(join(dir, 'scripts', 'prerender.mjs'), templateFile('scripts/prerender.mjs'));
  await writeFile(
    join(dir, 'dist', 'index.html'),
    `<!doctype html>\n${html}\n<head><!--head:start--><title>x</title><!--head:end--><link rel="stylesheet" crossorigin href="/assets/index.css"></head>\n<body><div id="root"><!--app-html--></div></body>\n</html>\n`,
  );
  await writeFile(join(dir, 'dist', 'assets', 'index.css'), css);
  await writeFile(
    join(dir, 'dist-server', 'entry-server.js'),
    `const pages = ${JSON.stringify(pages)};
export const base = '/';
export const routes = pages.map((page) => page.route);
export async function render(route) {
  const page = pages.find((candidate) => candidate.route === route);
  return { html: '<p>' + route + '</p>', head: '<title>t</title>', language: page.language, direction: page.direction ?? 'ltr' };
}
`,
  );
  await run(process.execPath, [join(dir, 'scripts', 'prerender.mjs')]);
  const out: Record<string, string> = {};
  for (const { route } of pages) {
    const file = route === '/' ? ['index.html'] : [...route.slice(1).split('/'), 'index.html'];
    out[route] = await readFile(join(dir, 'dist', ...file), 'utf8');
  }
  return out;
}

describe('scripts/prerender.mjs', () => {
  it('writes each page its language, escaped, and none when it has none', async () => {
    const pages = await prerender('body{color:red}', [
      { route: '/', language: 'nl' },
      { route: '/a', language: 'en"><script>window.__pwned=1</script>' },
      { route: '/b', language: '' },
    ]);
    expect(pages['/']).toContain('<html lang="nl">');
    expect(pages['/a']).toContain('<html lang="en&quot;&gt;&lt;script&gt;');
    expect(pages['/a']).not.toContain('<script>');
    expect(pages['/b']).toMatch(/<!doctype html>\n<html>\n/);
    expect(pages['/a']).toContain('<div id="root" data-route="/a">');
  });

  it('lays a page in a right-to-left language out right to left (issue 23)', async () => {
    const pages = await prerender('', [
      { route: '/', language: 'ar', direction: 'rtl' },
      { route: '/en', language: 'en', direction: 'ltr' },
    ]);
    expect(pages['/']).toContain('<html lang="ar" dir="rtl">');
    expect(pages['/en']).toContain('<html lang="en">');
  });

  it('sets the language of a start page built without one', async () => {
    const pages = await prerender('', [{ route: '/', language: 'de' }], '<html>');
    expect(pages['/']).toContain('<html lang="de">');
  });

  it('inlines the stylesheet without letting a "</style" in it end the element', async () => {
    const css = `.x{content:"</style><script>window.__pwned=1</script>"}.y{--a:'</STYLE >'}`;
    const pages = await prerender(css, [{ route: '/', language: 'en' }]);
    const style = /<style>([\s\S]*?)<\/style>/.exec(pages['/']!)?.[1];
    expect(style).toBe(
      `.x{content:"<\\/style><script>window.__pwned=1</script>"}.y{--a:'<\\/STYLE >'}`,
    );
    expect(pages['/']).not.toContain('<link rel="stylesheet"');
  });
});
