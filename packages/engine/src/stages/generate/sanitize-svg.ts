/**
 * SVGs of the original (logo, favicon, pictures) are served from the new site's origin, where an
 * `<script>`, an `onload` or a `javascript:` link in one runs as the site when the file is opened
 * (issue 10). Each one is parsed as XML (jsdom) and cleaned in place by DOMPurify with its SVG
 * profiles, then serialised as XML again: shapes, gradients, filters, styles and text stay as they
 * were, scripts and handlers do not. The one module that loads jsdom and DOMPurify, and only when a
 * site has an SVG.
 */
import type * as DomPurify from 'dompurify';
import type * as Jsdom from 'jsdom';
import type { DOMWindow } from 'jsdom';

/** What an SVG that cannot be read as SVG becomes: browsers would not have drawn it either. */
const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>\n';
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

const CONFIG: DomPurify.Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> draws a symbol of the same file (icon sheets, repeated shapes); the hook below keeps it
  // to `#id` references, never another document. <animate> and <set> move shapes; the hook drops
  // those that would animate a link or a handler.
  ADD_TAGS: ['use', 'animate', 'set'],
  // SMIL values DOMPurify's SVG list leaves out; like every attribute, they may hold no script: URL.
  ADD_ATTR: ['to', 'from', 'calcMode'],
  FORBID_TAGS: ['script', 'foreignObject', 'iframe', 'embed', 'object'],
  IN_PLACE: true,
};

type Modules = [typeof Jsdom, typeof DomPurify];
let modules: Promise<Modules> | undefined;

/** Keeps <use> to `#id` references and drops <animate>/<set> that target a link or a handler. */
function checkAnimationAndUse(node: Node, data: { tagName: string }): void {
  const element = node as Element;
  if (data.tagName === 'use') {
    const href = element.getAttribute('href') ?? element.getAttribute('xlink:href') ?? '';
    if (href !== '' && !href.startsWith('#')) element.remove();
  } else if (data.tagName === 'animate' || data.tagName === 'set') {
    const target = (element.getAttribute('attributeName') ?? '').toLowerCase();
    if (target === '' || /href|^on/.test(target)) element.remove();
  }
}

/**
 * The SVG without scripts, event handlers, `javascript:` links, `<foreignObject>` or references to
 * other documents, drawn the same; an SVG that does not parse as SVG becomes an empty one.
 */
export async function sanitizeSvg(body: Uint8Array): Promise<Uint8Array> {
  modules ??= Promise.all([import('jsdom'), import('dompurify')]);
  const [{ JSDOM, VirtualConsole }, { default: createDOMPurify }] = await modules;
  let window: DOMWindow;
  try {
    // A quiet console: jsdom reports CSS it cannot read (a font hack in an SVG's <style>) on it.
    window = new JSDOM(new TextDecoder().decode(body), {
      contentType: 'image/svg+xml',
      virtualConsole: new VirtualConsole(),
    }).window;
  } catch {
    return new TextEncoder().encode(EMPTY_SVG);
  }
  const root = window.document.documentElement;
  if (root.namespaceURI !== SVG_NAMESPACE || root.localName !== 'svg')
    return new TextEncoder().encode(EMPTY_SVG);
  // DOMPurify checks nodes against its window's DOM classes: one purifier per parsed document.
  // jsdom's window is a browser window to DOMPurify; its typings differ only in globals it never reads.
  const purify = createDOMPurify(window as unknown as Window & typeof globalThis);
  purify.addHook('uponSanitizeElement', checkAnimationAndUse);
  purify.sanitize(root, CONFIG);
  // Only the root element: the XML declaration and DOCTYPE (its entities already expanded) stay
  // behind; UTF-8 is the default.
  const xml = new window.XMLSerializer().serializeToString(root);
  window.close();
  return new TextEncoder().encode(`${xml}\n`);
}
