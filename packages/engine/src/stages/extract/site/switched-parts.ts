/**
 * Script-switched parts (issue 23): a one-document site whose "pages" are sibling blocks a script
 * shows one at a time (`<a href="#!/about">` showing the hidden `<div id="about">` and hiding the
 * others). The original shows one part at a time, at its own address; the rebuild does the same:
 * the document keeps the part shown at load, and each other part a client-side route of the page
 * leads to becomes a page of its own at that route (plan gives it a clean path, the old `#!/`
 * address redirects to it, and the menu's links land on it). Every word stays in the site: a
 * hidden part no route leads to stays on the document's page.
 *
 * Read from what the page shows: the parts are the element children (with an id) of one parent,
 * at least two of them hidden at load by the page's script or markup (`display: none` inline,
 * `hidden`) and at most one shown; a part is switched when a link of the page routes to its id
 * (`#!/about`, `#/about`). A view fetch already read as a page of its own is not made again.
 */
import { parse, serialize } from 'parse5';
import { hasClientRoute, toClientRoute, toDocumentUrl } from '../../../lib/client-route';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import type { RawPage } from '../../../types';
import type { Element, Node, ParentNode } from '../dom';
import { childrenOf, findElements, getAttr, isElement } from '../dom';

/** Inline styles that hide an element: what a script's `hide()` writes. */
const HIDDEN_STYLE = /(?:^|;)\s*display\s*:\s*none\s*(?:!important\s*)?(?:;|$)/i;

/** A link to a client-side route (`href="#!/about"`, `href='/#/about'`), as the markup spells it. */
const ROUTE_LINK = /href\s*=\s*["']?[^"'\s>#]*#!?\//i;
/** An element hidden in the markup, inline. */
const HIDDEN_MARKUP = /display\s*:\s*none|\shidden[\s=>]/i;

function isHiddenAtLoad(element: Element): boolean {
  const style = getAttr(element, 'style');
  return (
    getAttr(element, 'hidden') !== undefined || (style !== undefined && HIDDEN_STYLE.test(style))
  );
}

/** The element id a client-side route of the page names (`#!/about` and `#/about` -> `about`). */
function toRoutedId(href: string, pageUrl: string): { id: string; url: string } | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), pageUrl);
  } catch {
    return undefined;
  }
  if (toDocumentUrl(url.href) !== toDocumentUrl(pageUrl) || !hasClientRoute(url.href))
    return undefined;
  const route = toClientRoute(url.hash);
  const segments = route?.split('/').filter(Boolean) ?? [];
  if (segments.length !== 1) return undefined;
  try {
    return { id: decodeURIComponent(segments[0]!), url: url.href };
  } catch {
    return { id: segments[0]!, url: url.href };
  }
}

/** A set of switched parts: their parent, its parts, and the address of each routed one. */
interface SwitchedParts {
  parts: Element[];
  /** The part the document shows at load (its first view), kept on the document's page. */
  start: Element | undefined;
  /** Each routed part (but the start one) with the address a link of the page gives it. */
  routed: Map<Element, string>;
}

/** The switched parts of a parsed page, if it has a set of them. */
function findSwitchedParts(document: Node, pageUrl: string): SwitchedParts | undefined {
  const routes = new Map<string, string>();
  for (const link of findElements(document, (e) => e.tagName === 'a')) {
    const href = getAttr(link, 'href');
    const routed = href === undefined ? undefined : toRoutedId(href, pageUrl);
    if (routed && !routes.has(routed.id)) routes.set(routed.id, routed.url);
  }
  if (routes.size < 2) return undefined;
  const parents = new Set<Node>();
  for (const element of findElements(document, (e) => routes.has(getAttr(e, 'id') ?? '')))
    if (element.parentNode) parents.add(element.parentNode as Node);
  for (const parent of parents) {
    const parts = childrenOf(parent)
      .filter(isElement)
      .filter((child) => getAttr(child, 'id') !== undefined);
    const hidden = parts.filter(isHiddenAtLoad);
    const shown = parts.filter((part) => !isHiddenAtLoad(part));
    const routedHidden = hidden.filter((part) => routes.has(getAttr(part, 'id')!));
    if (routedHidden.length < 2 || shown.length > 1) continue;
    // The first view: the part shown, unless it is an entry screen (or nothing is shown), then the
    // first hidden part a route leads to (what the entry screen's link opens).
    const entry = shown[0];
    const start = entry && !isEntryScreen(entry) ? entry : routedHidden[0];
    const routed = new Map<Element, string>();
    for (const part of routedHidden)
      if (part !== start) routed.set(part, routes.get(getAttr(part, 'id')!)!);
    if (routed.size === 0) continue;
    return { parts, start, routed };
  }
  return undefined;
}

/** An entry screen the identity probe marked (see walk/handlers.ts). */
function isEntryScreen(element: Element): boolean {
  return getAttr(element, PROBE_MARKS.splash) !== undefined;
}

/** Shows a part the page hid: its `display: none` and `hidden` taken off. */
function reveal(element: Element): void {
  element.attrs = element.attrs
    .filter((attr) => attr.name !== 'hidden')
    .map((attr) =>
      attr.name === 'style'
        ? { ...attr, value: attr.value.replace(/display\s*:\s*none\s*(?:!important\s*)?;?/gi, '') }
        : attr,
    );
}

/** Removes an element from its parent. */
function remove(element: Element): void {
  const parent = element.parentNode as { childNodes: Node[] } | null;
  if (parent) parent.childNodes = parent.childNodes.filter((child) => child !== element);
}

/**
 * The page and the views of its switched parts: the page without the routed parts (its first view
 * shown), and one page per routed part, at that part's address, holding the document with that
 * part alone among the parts. A page with no such parts comes back alone. `taken` holds the
 * addresses of pages read already (a view fetch read itself is kept, not made twice).
 */
export function splitSwitchedParts(page: RawPage, taken: ReadonlySet<string>): RawPage[] {
  // Neither a client-side route's link nor a hidden element in the markup: nothing to parse again.
  if (hasClientRoute(page.url) || !ROUTE_LINK.test(page.html) || !HIDDEN_MARKUP.test(page.html))
    return [page];
  const found = findSwitchedParts(parse(page.html) as Node, page.url);
  if (!found) return [page];
  const views: RawPage[] = [];
  const ids = [...found.routed].map(([part, url]) => ({ id: getAttr(part, 'id')!, url }));
  for (const { id, url } of ids) {
    if (taken.has(url)) continue;
    const copy = parse(page.html) as Node;
    const again = findSwitchedParts(copy, page.url);
    if (!again) continue;
    for (const part of again.parts) {
      if (getAttr(part, 'id') === id) reveal(part);
      else remove(part);
    }
    const view: RawPage = {
      ...page,
      requestedUrl: url,
      url,
      html: serialize(copy as ParentNode),
      depth: page.depth + 1,
    };
    delete view.screenshots;
    views.push(view);
  }
  if (views.length === 0) return [page];
  const viewed = new Set(views.map((view) => view.url));
  const document = parse(page.html) as Node;
  const own = findSwitchedParts(document, page.url)!;
  for (const [part, url] of own.routed) if (viewed.has(url)) remove(part);
  if (own.start) reveal(own.start);
  return [{ ...page, html: serialize(document as ParentNode) }, ...views];
}
