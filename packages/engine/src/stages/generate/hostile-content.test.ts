/**
 * Issue 10: a content model whose every string carries a hostile payload (markup, a script, a
 * `javascript:` URL, `</style>`, U+2028, template syntax, comment ends) is generated in every
 * strategy, built with the engine's toolchain (the FULL_REBUILD prerender included) and opened in
 * Chromium. The built site may hold no script, handler or `javascript:` URL that we did not write,
 * and none of the payloads may run. One build per strategy.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../browser/chromium';
import type { Block, InlineRun, SiteModel, SitePlan } from '../../model';
import type { FileTree, Strategy } from '../../types';
import { toLanguageTag } from '../../model';
import { planSite } from '../plan/plan-site';
import { buildPreview } from '../verify/build-preview';
import { startStaticServer } from '../verify/serve-static';
import { generateProject } from './generate-project';
import { removeProject, writeTree } from './testing/build-project';

type Element = DefaultTreeAdapterMap['element'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

const PWN = 'window.__pwned=1';
/** Every kind of escape at once: HTML, attribute, JS string/template, JSX, CSS, comments, lines. */
const P = `"'><script>${PWN}</script><img src=x onerror=${PWN}> \`\${${PWN}}\` {{${PWN}}} */ --> </style><script>${PWN}</script> \u2028\u2029 javascript:alert(1)`;
const JS_URL = `javascript:${PWN}`;
/** Text that Tailwind, which scans the sources for class names, could read as arbitrary values. */
const TAILWIND = `[--x:'</style><script>${PWN}</script>'] [background:url(javascript:alert(1))] content-['</style><script>${PWN}</script>']`;
const ORIGIN = 'https://site.example';
/** A query string carrying the payload (URLs must stay URLs to be pages). */
const Q = `?q=${P}`;

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="${PWN}"><script>${PWN}</script><rect width="64" height="64" fill="#c00" onclick="${PWN}"/><a href="${JS_URL}"><text y="20">x</text></a><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" onmouseover="${PWN}">x</div></foreignObject></svg>`;
const svgBytes = new TextEncoder().encode(HOSTILE_SVG);
const dataSvg = `data:image/svg+xml;base64,${Buffer.from(HOSTILE_SVG).toString('base64')}`;

function runs(label = ''): InlineRun[] {
  return [
    { text: `${label}${P}`, strong: true },
    { text: `link ${P}`, href: JS_URL, context: P },
    { text: `vb ${P}`, href: `  JaVaScRiPt:${PWN}` },
    { text: `data ${P}`, href: `data:text/html,<script>${PWN}</script>` },
    { text: `ok ${P}`, href: `${ORIGIN}/about.html${Q}`, context: P, em: true },
    { text: `code ${P}`, code: true },
    { text: TAILWIND },
    { text: '', br: true },
  ];
}

function blocks(): Block[] {
  return [
    { kind: 'heading', level: 2, id: P, inlines: runs('h2 ') },
    { kind: 'paragraph', inlines: runs('p ') },
    { kind: 'paragraph', role: 'quote', inlines: runs('quote ') },
    { kind: 'list', ordered: true, start: 2, items: [runs('li '), runs('li2 ')] },
    { kind: 'table', caption: P, head: [[runs('th ')]], rows: [[runs('td '), runs('td2 ')]] },
    {
      kind: 'image',
      image: { src: `${ORIGIN}/logo.svg`, alt: P, asset: `${ORIGIN}/logo.svg`, href: JS_URL },
      caption: P,
    },
    { kind: 'image', image: { src: dataSvg, alt: P, href: `${ORIGIN}/${Q}` }, caption: P },
    {
      kind: 'image',
      image: { src: `${ORIGIN}/evil.html`, alt: P, asset: `${ORIGIN}/evil.html` },
    },
    { kind: 'image', image: { src: JS_URL, alt: P } },
    { kind: 'pre', text: P },
    {
      kind: 'form',
      form: {
        action: JS_URL,
        method: 'post',
        intro: [P],
        submitLabel: P,
        fields: [
          { type: 'text', name: P, label: P, required: true, placeholder: P, value: P },
          { type: 'textarea', name: `t${P}`, label: P, required: false, placeholder: P },
          {
            type: 'select',
            name: `s${P}`,
            label: P,
            required: false,
            value: P,
            options: [{ value: P, label: P }],
          },
          { type: `checkbox" onclick="${PWN}`, name: `c${P}`, label: P, required: false },
        ],
      },
    },
    { kind: 'rule' },
    {
      kind: 'tabs',
      label: P,
      tabs: [
        { id: `tab-${P}`, label: P, blocks: [{ kind: 'paragraph', inlines: runs('tab ') }] },
        { id: 'tab-2', label: `two ${P}`, blocks: [{ kind: 'pre', text: P }] },
      ],
    },
  ];
}

function page(url: string, title: string): SiteModel['pages'][number] {
  return {
    url,
    title: `${title} ${P}`,
    description: P,
    language: `en"><script>${PWN}</script>`,
    kind: 'page',
    sections: [
      { id: `intro-${P}`, heading: { level: 1, inlines: runs('h1 ') }, blocks: blocks() },
      { id: 'more', heading: { level: 2, inlines: runs('more ') }, blocks: blocks() },
    ],
    navLinks: [{ label: P, href: JS_URL }],
    contact: { phones: [P], emails: [P], addresses: [P], hours: [P] },
    social: [{ network: P, href: JS_URL }],
    copyright: P,
    textBlocks: [P],
    anchors: { [P]: 'more' },
    dropped: [{ kind: 'script', what: P, reason: P }],
  };
}

function hostileModel(): SiteModel {
  const start = `${ORIGIN}/index.html`;
  return {
    origin: ORIGIN,
    startUrl: start,
    identity: {
      name: P,
      title: P,
      description: P,
      language: `en"><script>${PWN}</script>`,
      logo: { src: `${ORIGIN}/logo.svg`, alt: P, asset: `${ORIGIN}/logo.svg`, href: JS_URL },
      favicon: `${ORIGIN}/favicon.svg`,
      colors: {
        primary: `red;}</style><script>${PWN}</script>`,
        accent: `url(x) ;background:url(${JS_URL})`,
        background: P,
        text: P,
      },
      fonts: { heading: `"x";}</style><script>${PWN}</script>`, body: P },
    },
    navigation: [
      { label: P, href: JS_URL },
      { label: `about ${P}`, href: `${ORIGIN}/about.html${Q}` },
      { label: `mail ${P}`, href: `mailto:a@site.example?subject=${P}` },
    ],
    pages: [page(start, 'Home'), page(`${ORIGIN}/about.html${Q}`, 'About')],
    contact: { phones: [P], emails: [P], addresses: [P], hours: [P] },
    social: [
      { network: P, href: JS_URL },
      { network: `x ${P}`, href: `https://social.example/${Q}` },
    ],
    copyright: P,
    assets: [
      { url: `${ORIGIN}/logo.svg`, contentType: 'image/svg+xml', body: svgBytes },
      { url: `${ORIGIN}/favicon.svg`, contentType: 'image/svg+xml', body: svgBytes },
      // A page served as an "image": it must not become public/images/evil-….html.
      {
        url: `${ORIGIN}/evil.html`,
        contentType: 'image/x-evil',
        body: new TextEncoder().encode(`<script>${PWN}</script>`),
      },
    ],
    diagnostics: [],
  };
}

/** The plan, plus what an untrusted Designer could hand back: tokens that are not colours or fonts. */
function hostilePlan(strategy: Strategy): SitePlan {
  const plan = planSite(hostileModel(), { strategy });
  const tokens = plan.design.tokens;
  return {
    ...plan,
    origin: `${ORIGIN}/${Q}\nDisallow: /`,
    design: {
      ...plan.design,
      tokens: {
        ...tokens,
        colors: { ...tokens.colors, primary: `red;}</style><script>${PWN}</script>` },
        fonts: { ...tokens.fonts, body: `"x";}</style><script>${PWN}</script>`, mono: P },
      },
    },
  };
}

// ------------------------------------------------------------------------------------------------
// What the built site may hold

function elementsOf(node: ChildNode | DefaultTreeAdapterMap['document']): Element[] {
  const out: Element[] = [];
  const visit = (current: { childNodes?: ChildNode[]; content?: { childNodes: ChildNode[] } }) => {
    for (const child of [...(current.childNodes ?? []), ...(current.content?.childNodes ?? [])]) {
      if ('tagName' in child) out.push(child);
      visit(child as { childNodes?: ChildNode[] });
    }
  };
  visit(node as { childNodes?: ChildNode[] });
  return out;
}

/** True when a URL attribute would run script (browsers drop controls and spaces first). */
function isScriptUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^(?:javascript|vbscript|data:text\/html)/i.test(value.replace(/[\u0000-\u0020]/g, ''));
}

/**
 * React's own inline runtime in prerendered pages (it reveals Suspense boundaries: `$RC`, `$RB`,
 * `$RV`, `$RT`). Ours as long as none of the original's text is in it.
 */
function isReactRuntime(text: string): boolean {
  return /\$R[A-Z]/.test(text) && !text.includes('__pwned') && !text.includes('alert(');
}

/** Problems of one built HTML file: scripts, handlers and script URLs that are not ours. */
function checkHtml(name: string, html: string): string[] {
  const problems: string[] = [];
  for (const element of elementsOf(parse(html))) {
    const attrs = Object.fromEntries(element.attrs.map((a) => [a.name, a.value]));
    if (element.tagName === 'script') {
      const text = element.childNodes.map((c) => ('value' in c ? c.value : '')).join('');
      const isOurBundle =
        attrs.type === 'module' && /^\/assets\/[\w.-]+\.js$/.test(attrs.src ?? '') && !text;
      const isJsonLd = attrs.type === 'application/ld+json' && !attrs.src;
      const isRuntime = element.attrs.length === 0 && isReactRuntime(text);
      if (!isOurBundle && !isJsonLd && !isRuntime)
        problems.push(`${name}: <script ${JSON.stringify(attrs)}>`);
      if (isJsonLd) {
        if (/[<>\u2028\u2029]/.test(text)) problems.push(`${name}: raw < > or U+2028 in JSON-LD`);
        JSON.parse(text);
      }
    }
    for (const { name: attr, value } of element.attrs) {
      if (/^on/i.test(attr)) problems.push(`${name}: ${element.tagName} ${attr}="${value}"`);
      if (isScriptUrl(value)) problems.push(`${name}: ${element.tagName} ${attr}="${value}"`);
    }
    if (['iframe', 'object', 'embed', 'foreignobject', 'base'].includes(element.tagName))
      problems.push(`${name}: <${element.tagName}>`);
    if (element.tagName === 'html' && attrs.lang !== undefined && !toLanguageTag(attrs.lang))
      problems.push(`${name}: <html lang="${attrs.lang}">`);
  }
  return problems;
}

/**
 * `</style` or `javascript:` in a stylesheet. STYLE_MODERNIZATION's pages are markup and text in one
 * file, which Tailwind scans: a class-like word of the text (`[--x:'</style>']`) becomes a rule for a
 * class no element has, inert in an external stylesheet (CSS runs no script). Those are allowed there;
 * nothing else is.
 */
function checkCss(name: string, css: string, strategy: Strategy): string[] {
  const problems: string[] = [];
  for (const match of css.matchAll(/<\/style|javascript:/gi)) {
    const selector = /[^{}]*$/.exec(css.slice(0, css.lastIndexOf('{', match.index)))?.[0] ?? '';
    const isTextCandidate = /^\.(?:[\w-]*\\\[)/.test(selector.trim());
    if (!(strategy === 'STYLE_MODERNIZATION' && isTextCandidate))
      problems.push(`${name}: ${css.slice(Math.max(0, match.index - 60), match.index + 60)}`);
  }
  return problems;
}

function checkDist(dist: FileTree, routes: string[], strategy: Strategy): string[] {
  const problems: string[] = [];
  const pages = new Set(
    routes.map((route) => (route === '/' ? 'index.html' : `${route.slice(1)}/index.html`)),
  );
  for (const [name, content] of Object.entries(dist.files)) {
    if (typeof content !== 'string') continue;
    if (name.endsWith('.html')) {
      // Only the start page and prerendered routes are pages; nothing of the original's is served as one.
      if (!pages.has(name)) problems.push(`${name}: an HTML file that is not a route`);
      problems.push(...checkHtml(name, content));
    } else if (name.endsWith('.svg')) {
      if (/<script|<foreignObject|\son\w+=|javascript:/i.test(content))
        problems.push(`${name}: scripted SVG`);
    } else if (name.endsWith('.css')) {
      problems.push(...checkCss(name, content, strategy));
    } else if (name.endsWith('.webmanifest')) {
      const manifest = JSON.parse(content) as { lang?: string };
      if (manifest.lang !== undefined && !toLanguageTag(manifest.lang))
        problems.push(`${name}: lang ${manifest.lang}`);
    } else if (name === 'robots.txt') {
      const lines = content.split('\n').filter(Boolean);
      if (lines.some((line) => !/^(?:User-agent: \*|Allow: \/|Sitemap: \S+)$/.test(line)))
        problems.push(`robots.txt: ${JSON.stringify(content)}`);
    } else if (name === 'sitemap.xml') {
      if (/<script|<img/i.test(content)) problems.push('sitemap.xml: markup of the original');
    }
  }
  return problems;
}

// ------------------------------------------------------------------------------------------------

describe('a content model full of hostile strings', () => {
  let browser: Browser | undefined;
  const cleanup: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const dir of cleanup) await removeProject(dir);
  });

  it.each<Strategy>(['STYLE_MODERNIZATION', 'INCREMENTAL_UPDATE', 'FULL_REBUILD'])(
    '%s: the built site holds only our scripts, and none of the payloads runs',
    async (strategy) => {
      const plan = hostilePlan(strategy);
      const tree = await generateProject(plan);
      const text = (path: string) => String(tree.files[path]);

      // Files the build copies or never reads: checked as generated.
      expect(text('index.html')).toMatch(/^<!DOCTYPE html>\n<html>\n/);
      expect(
        text('.env.example')
          .split('\n')
          .filter((l) => /^[A-Z_]+=/.test(l)),
      ).toEqual(expect.arrayContaining([`VITE_SITE_URL=${ORIGIN}`]));
      expect(text('.env.example')).not.toContain('Disallow');
      expect(text('README.md')).not.toMatch(/(?<!\\)<(?:script|img)/);
      expect(text('src/index.css')).not.toMatch(/<\/style|<script|javascript:/);
      const publicFiles = Object.keys(tree.files).filter((path) => path.startsWith('public/'));
      expect(publicFiles.filter((path) => /\.(?:html?|js|xml|xhtml)$/.test(path))).toEqual(
        strategy === 'FULL_REBUILD'
          ? ['public/sitemap.xml', 'public/sw.js']
          : ['public/sitemap.xml'],
      );
      for (const path of publicFiles.filter((p) => p.endsWith('.svg')))
        expect(text(path), path).not.toMatch(/<script|\son\w+=|javascript:|foreignObject/i);

      const preview = await buildPreview(tree, '/');
      if (!preview.ok) throw new Error(preview.error);
      const routes = plan.pages.map((p) => p.route);
      expect(
        checkDist(preview.dist, strategy === 'FULL_REBUILD' ? routes : ['/'], strategy),
      ).toEqual([]);
      if (strategy === 'FULL_REBUILD') {
        // The prerendered page holds the payloads as text, not as markup.
        const home = String(preview.dist.files['index.html']);
        expect(home).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
        expect(home).toMatch(/^<!doctype html>\s*<html>/i);
      }

      if (browser === undefined) throw new Error('Chromium is needed');
      const distDir = await writeTree(preview.dist, 'sitelift-hostile-');
      cleanup.push(distDir);
      const server = await startStaticServer(distDir, { fallback: 'spa' });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const tab = await context.newPage();
        const dialogs: string[] = [];
        tab.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        for (const route of routes) {
          await tab.goto(`${server.origin}${route}`, { waitUntil: 'load' });
          await tab.locator('main h1').first().waitFor();
          // Hover and click what is there: handlers that made it through would run now.
          await tab.mouse.move(200, 300);
          await tab.mouse.move(600, 500);
          const found = await tab.evaluate(() => {
            const attributes = [...document.querySelectorAll('*')].flatMap((element) =>
              [...element.attributes]
                .filter(
                  (attribute) =>
                    /^on/i.test(attribute.name) ||
                    /^\s*(?:javascript|vbscript):/i.test(attribute.value),
                )
                .map((attribute) => `${element.tagName} ${attribute.name}=${attribute.value}`),
            );
            const scripts = [...document.scripts]
              .filter((script) => script.type !== 'application/ld+json')
              .map((script) => script.src.replace(location.origin, '') || script.text);
            return {
              pwned: (window as { __pwned?: unknown }).__pwned,
              attributes,
              scripts,
              lang: document.documentElement.getAttribute('lang'),
              text: document.querySelector('main')?.textContent ?? '',
            };
          });
          expect(found.pwned, route).toBeUndefined();
          expect(found.attributes, route).toEqual([]);
          expect(
            found.scripts.filter(
              (src) => !/^\/assets\/[\w.-]+\.js$/.test(src) && !isReactRuntime(src),
            ),
            route,
          ).toEqual([]);
          expect(found.lang ?? '', route).not.toContain('<');
          // The payloads are there as text: nothing was lost to escaping.
          expect(found.text, route).toContain(`<script>${PWN}</script>`);
        }
        expect(dialogs).toEqual([]);
      } finally {
        await context.close();
        await server.close();
      }
    },
    240_000,
  );
});
