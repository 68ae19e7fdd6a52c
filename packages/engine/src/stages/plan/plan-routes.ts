/** Routes of the rebuilt site: clean paths for the original URLs, and redirects from the old ones. */
import type { PageModel, SiteModel } from '../../model';
import { slugify } from '../../model';
import { toLanguageCode } from '../../measure/language-links';
import { hasClientRoute, toClientRoute, toDocumentUrl } from '../../lib/client-route';
import { toSiteScheme } from '../../lib/site-scheme';

const PAGE_EXTENSION = /\.(?:html?|php\d?|aspx?|jspx?|shtml|cfm|cgi|pl)$/i;

/** FNV-1a, 32 bit, as 8 hex digits: a stable short hash for file names. */
export function toShortHash(input: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The clean route for an original URL: `/about.html` -> `/about`, `/docs/index.htm` -> `/docs`; a
 * client-side route is a path of its own (`/#/guide` -> `/guide`, `/app/#!/posts/12` -> `/app/posts/12`).
 */
export function toRoute(url: string, startUrl: string): string {
  if (normalizeUrl(url) === normalizeUrl(startUrl)) return '/';
  if (hasClientRoute(url)) {
    const view = toRoute(`http://host${toClientRoute(new URL(url).hash) ?? '/'}`, 'http://host/');
    const document = toRoute(toDocumentUrl(url), startUrl);
    return document === '/' ? view : `${document}${view}`;
  }
  const parsed = new URL(url);
  let path = decodeURIComponent(parsed.pathname);
  path = path.replace(/\/(?:index|default|home)\.[a-z0-9]+$/i, '/').replace(PAGE_EXTENSION, '');
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => slugify(segment) || `p${toShortHash(segment).slice(0, 6)}`);
  if (parsed.search) {
    const query = slugify(
      [...parsed.searchParams.entries()].map(([k, v]) => `${k}-${v}`).join('-'),
    );
    if (query) segments.push(query);
  }
  return segments.length === 0 ? '/' : `/${segments.join('/')}`;
}

/**
 * A URL without its fragment and trailing index file, for matching links to pages. A client-side
 * route (`#/guide`, `#!/guide`) is kept: it names a page of its own when fetch read it as one
 * (look links up with `toLinkedPageKey`, which falls back to the document).
 */
export function normalizeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!hasClientRoute(url)) parsed.hash = '';
    let href = parsed.href;
    if (!parsed.search)
      href = href.replace(/\/(?:index|default)\.(?:html?|php|aspx?)(?=#|$)/i, '/');
    return href;
  } catch {
    return url;
  }
}

/** Names of a page's module and component, after its route. */
export function toModuleName(route: string): string {
  if (route === '/') return 'home';
  const name = route.slice(1).replace(/\//g, '-');
  return /^[a-z]/.test(name) ? name : `page-${name}`;
}

/** `about-us` -> `AboutUsPage`. */
export function toComponentName(moduleName: string): string {
  return `${moduleName
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Page`;
}

/**
 * The site's own origins: its start URL's and its final URL's (as the crawl reads them: www. and
 * non-www are different sites unless one redirected to the other; a link at the other scheme of
 * one of them is read at its scheme, toSiteScheme).
 */
export function toSiteOrigins(model: Pick<SiteModel, 'origin' | 'startUrl'>): Set<string> {
  const origins = new Set([model.origin]);
  try {
    origins.add(new URL(model.startUrl).origin);
  } catch {
    // A start URL that does not parse names no origin.
  }
  return origins;
}

/**
 * The route of a folder's index file that is a page of its own (`/index.html` beside a different
 * `/`, an old site's `index.htm` beside its `index.html`): the file's name under the folder's route,
 * `/index`, `/docs/default`, rather than a numbered `/page-2`. Undefined for any other URL.
 */
function toIndexFileRoute(url: string, base: string): string | undefined {
  const file = /\/((?:index|default|home)\.[a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1];
  if (!file) return undefined;
  const name = slugify(file.replace(/\.[a-z0-9]+$/i, ''));
  return base === '/' ? `/${name}` : `${base}/${name}`;
}

/** A unique route for every page, start page first: looks a URL's route up (undefined off the site). */
export function planRoutes(model: SiteModel): (url: string) => string | undefined {
  const routeByUrl = new Map<string, string>();
  // Each page by its own address: two pages whose addresses normalise alike keep their own routes.
  const routeByPageUrl = new Map<string, string>();
  const usedRoutes = new Set<string>();
  const languageOf = toLanguagePrefixer(model);
  for (const page of model.pages) {
    if (page.asideOf) continue;
    const base = languageOf(page, toRoute(page.url, model.startUrl));
    let route = base;
    if (usedRoutes.has(route)) route = toIndexFileRoute(page.url, base) ?? route;
    for (let n = 2; usedRoutes.has(route); n++) route = `${base === '/' ? '/page' : base}-${n}`;
    usedRoutes.add(route);
    routeByPageUrl.set(toPageKey(page.url), route);
    // `/` and `/index.html` share a key: the first page read there (the start page) keeps it.
    const key = normalizeUrl(page.url);
    if (!routeByUrl.has(key)) routeByUrl.set(key, route);
  }
  // An address that redirected to a page (issue 24) is that page, unless a page was read there.
  for (const page of model.pages) {
    const route = page.requestedUrl ? routeByUrl.get(normalizeUrl(page.url)) : undefined;
    const alias = page.requestedUrl ? normalizeUrl(page.requestedUrl) : undefined;
    if (route && alias && !routeByUrl.has(alias)) routeByUrl.set(alias, route);
  }
  // A frameset's side frame has no route of its own: links to it open its frameset.
  for (const page of model.pages) {
    const frameset = page.asideOf ? routeByUrl.get(normalizeUrl(page.asideOf)) : undefined;
    if (frameset) routeByUrl.set(normalizeUrl(page.url), frameset);
  }
  const keyOf = toLinkedPageKey(new Set(routeByUrl.keys()));
  const origins = toSiteOrigins(model);
  return (url: string): string | undefined => {
    const siteUrl = toSiteScheme(url, origins);
    return routeByPageUrl.get(toPageKey(siteUrl)) ?? routeByUrl.get(keyOf(siteUrl));
  };
}

/** A page's own address as a key: without its fragment unless that is a client-side route. */
function toPageKey(url: string): string {
  try {
    const parsed = new URL(url);
    if (!hasClientRoute(url)) parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * The key (normalizeUrl) of the page a link lands on among `pageKeys`: a client-side route that is
 * no page of its own (a panel of its document, or a view not read) lands on its document.
 */
export function toLinkedPageKey(pageKeys: ReadonlySet<string>): (url: string) => string {
  return (url) => {
    const key = normalizeUrl(url);
    return pageKeys.has(key) ? key : normalizeUrl(toDocumentUrl(url));
  };
}

/**
 * On a site of several languages (issue 23), a page in another language than the start page's is
 * routed under its language: `/en` for the start page's version, `/en/…` for the others (a file
 * named after its language, `about-en.html`, loses that suffix). Pages of the entry language, and
 * every page of a site of one language, keep their routes.
 */
function toLanguagePrefixer(model: SiteModel): (page: PageModel, route: string) => string {
  const versions = model.languages ?? [];
  const entry = versions.find((version) => version.current)?.code;
  if (!entry) return (_page, route) => route;
  const homes = new Map(versions.map((version) => [normalizeUrl(version.href), version.code]));
  const codes = new Set(versions.map((version) => version.code));
  return (page, route) => {
    const code = toLanguageCode(page.language);
    if (!code || code === entry || !codes.has(code)) return route;
    const prefix = `/${code}`;
    if (homes.get(normalizeUrl(page.url)) === code) return prefix;
    if (route === prefix || route.startsWith(`${prefix}/`)) return route;
    const segments = route.split('/').filter(Boolean);
    const last = segments.pop() ?? '';
    const bare = last.replace(new RegExp(`[-_.]${code}$`), '');
    const rest = [...segments, ...(bare && bare !== 'index' ? [bare] : [])];
    return rest.length > 0 ? `${prefix}/${rest.join('/')}` : prefix;
  };
}
