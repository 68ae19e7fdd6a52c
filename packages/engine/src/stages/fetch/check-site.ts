/**
 * A quick look at a site before the user spends a credit on it (issue 15 item 2): is it reachable
 * and public, does robots.txt let us read it, is it HTML, which pages it has (issue 24: found from
 * the start page's links and the site's sitemaps, with those robots.txt disallows), does it build
 * its content with JavaScript, is it behind a login or an app rather than a site. HTTP reads of the
 * start page (through the SSRF guard, with the fetch stage's limits), robots.txt and the sitemaps;
 * no browser.
 */
import { isAppError } from '@sitelift/shared/error-codes';
import { withDefaultScheme } from '@sitelift/shared/validation/create-project';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { GuardOptions } from '../../net/assert-public-url';
import { buildGuardedAgent } from '../../net/guarded-agent';
import { collectPageReferences } from './collect-page-references';
import { toCrawlUrl, toOrigin } from './crawl-url';
import { DEFAULT_FETCH_OPTIONS, MAX_PAGES_LIMIT } from './fetch-site';
import { fetchStaticPage } from './fetch-static-page';
import { readRobots } from './read-robots';
import { readSitemaps } from './read-sitemaps';

/** The most pages the check counts (a safety cap: past it, `pagesCapped`). */
export const CHECK_PAGES_CAP = 5000;
/** The most page paths the check lists (the count goes on to CHECK_PAGES_CAP). */
export const CHECK_PATHS_CAP = 2000;

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** Something the user should know before spending a credit; the site can still be modernized. */
export interface SiteCheckWarning {
  code: 'robots_disallowed' | 'login_wall' | 'app_like' | 'needs_javascript' | 'many_pages';
  message: string;
}

/** What the quick check found. */
export interface SiteCheck {
  /** The address as checked (a bare host gets https://). */
  url: string;
  /** Where the start page really is, after redirects. */
  finalUrl: string;
  title: string;
  /** robots.txt lets Sitelift read the start page. */
  robotsAllowed: boolean;
  /**
   * The distinct same-site pages found: the start page, the pages it links to (and, behind an
   * entry screen or a frameset, theirs) and the pages of the sitemaps; at most CHECK_PAGES_CAP.
   */
  pagesFound: number;
  /**
   * The paths (with their query) of the pages found, start page first, then those links reach,
   * then the sitemaps' (at most CHECK_PATHS_CAP): what the create form's include/exclude filter
   * counts with (`@sitelift/shared/path-filter`). Those robots.txt disallows are among them.
   */
  paths: string[];
  /** The paths of `paths` that robots.txt disallows: a run will not read them. */
  robotsExcluded: string[];
  /** The pages found that a run may read: `pagesFound` less those robots.txt disallows. */
  estimatedPages: number;
  /** More pages were found than the check counts (CHECK_PAGES_CAP): the site has more still. */
  pagesCapped: boolean;
  /** The page's own HTML holds little text but has scripts: its content is built in the browser. */
  needsJavaScript: boolean;
  warnings: SiteCheckWarning[];
}

/** Options of {@link checkSite}. */
export interface CheckSiteOptions extends GuardOptions {
  /**
   * Time for each read (default 10 s: a check must be quick; a sitemap file gets at most 5 s, and
   * the sitemaps together this long).
   */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Visible text below this many characters, with scripts, means the page is built by JavaScript. */
const SCRIPT_BUILT_TEXT_CHARS = 200;
/** A canvas page with less text than this is an app or a game, not a site of pages. */
const APP_TEXT_CHARS = 500;
const LOGIN_PATH = /\/(?:log-?in|sign-?in|auth|account\/login|wp-login\.php)\b/i;
const WEBGL =
  /getContext\(\s*['"](?:webgl2?|experimental-webgl)['"]|\bTHREE\.|\bBABYLON\.|\bPIXI\./;
const HIDDEN_TEXT_PARENTS = new Set(['script', 'style', 'noscript', 'template', 'head', 'title']);

/** Elements that are content without text: a page of pictures or frames is not built by scripts. */
const CONTENT_ELEMENTS = new Set([
  'img',
  'picture',
  'video',
  'object',
  'embed',
  'svg',
  'frameset',
  'frame',
  'iframe',
  'table',
]);
/** Same-site pages read besides the start page when it links to few (an entry screen, a frameset). */
const EXTRA_READS = 6;
/** Below this many linked pages, the pages behind the start page's links are read too. */
const FEW_LINKS = 4;

interface PageFacts {
  title: string;
  textChars: number;
  /** Visible pictures, frames, tables... (see CONTENT_ELEMENTS). */
  contentElements: number;
  scripts: number;
  inlineScript: string;
  hasPasswordField: boolean;
  hasCanvas: boolean;
}

/** Reads the facts the warnings need from the start page's HTML (parse5; iterative walk). */
function readPageFacts(html: string): PageFacts {
  const facts: PageFacts = {
    title: '',
    textChars: 0,
    contentElements: 0,
    scripts: 0,
    inlineScript: '',
    hasPasswordField: false,
    hasCanvas: false,
  };
  const stack: { node: Node; hidden: boolean }[] = [{ node: parse(html), hidden: false }];
  while (stack.length > 0) {
    const { node, hidden } = stack.pop()!;
    if (node.nodeName === '#text') {
      const text = (node as DefaultTreeAdapterTypes.TextNode).value;
      if (!hidden) facts.textChars += text.replace(/\s+/g, ' ').trim().length;
      continue;
    }
    let childHidden = hidden;
    if ('tagName' in node) {
      const element = node as Element;
      const attribute = (name: string) =>
        element.attrs.find((candidate) => candidate.name === name)?.value;
      if (element.tagName === 'title' && facts.title === '') {
        facts.title = element.childNodes
          .map((child) => ('value' in child ? String(child.value) : ''))
          .join('')
          .replace(/\s+/g, ' ')
          .trim();
      }
      if (element.tagName === 'script') {
        facts.scripts += 1;
        if (facts.inlineScript.length < 200_000) {
          facts.inlineScript += element.childNodes
            .map((child) => ('value' in child ? String(child.value) : ''))
            .join('');
        }
      }
      if (element.tagName === 'input' && attribute('type')?.toLowerCase() === 'password') {
        facts.hasPasswordField = true;
      }
      if (element.tagName === 'canvas') facts.hasCanvas = true;
      if (!hidden && CONTENT_ELEMENTS.has(element.tagName)) facts.contentElements += 1;
      if (HIDDEN_TEXT_PARENTS.has(element.tagName) || attribute('hidden') !== undefined) {
        childHidden = true;
      }
    }
    const children =
      node.nodeName === 'template'
        ? (node as DefaultTreeAdapterTypes.Template).content.childNodes
        : 'childNodes' in node
          ? node.childNodes
          : [];
    for (let index = children.length - 1; index >= 0; index--) {
      stack.push({ node: children[index] as Node, hidden: childHidden });
    }
  }
  return facts;
}

/** Failures of the connection itself (not an answer of the server): worth trying http:// for. */
function isConnectionFailure(error: unknown): boolean {
  return (
    isAppError(error) &&
    (error.code === 'ENGINE_FETCH_CONNECTION_FAILED' || error.code === 'ENGINE_FETCH_TIMEOUT')
  );
}

/**
 * Checks `input` (a URL, or a bare host that gets https://) without a browser. A bare host that
 * https:// cannot connect to (a `host:port` of a plain HTTP server) is tried over http://, and `url`
 * says which answered. The pages found are the start page, the same-site pages it links to (the
 * start's address and where it redirects count as the site, as in the job) and those the site's
 * sitemaps list; a start page with few links (an entry screen, a frameset) has the pages behind
 * them read too. Pages deeper in the site that only links reach are not counted (the job finds
 * them as it reads; the report lists every page found). Throws the fetch stage's
 * AppErrors (catalogue codes and messages) when the start page cannot be read at all: not public,
 * unreachable, an error status, not HTML, too large.
 */
export async function checkSite(input: string, options: CheckSiteOptions): Promise<SiteCheck> {
  let url = withDefaultScheme(input);
  const schemeGiven = url === input.trim();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const guard: GuardOptions = {
    allowPrivateUrls: options.allowPrivateUrls,
    loopbackOnly: options.loopbackOnly,
    resolve: options.resolve,
    addressRefusal: options.addressRefusal,
  };
  const dispatcher = buildGuardedAgent({ ...guard, connections: 2 });
  const userAgent = DEFAULT_FETCH_OPTIONS.userAgent;
  const read = (address: string, readTimeoutMs = timeoutMs) =>
    fetchStaticPage(address, {
      ...guard,
      dispatcher,
      userAgent,
      signal: options.signal,
      timeoutMs: readTimeoutMs,
      maxRedirects: DEFAULT_FETCH_OPTIONS.maxRedirects,
      maxBytes: DEFAULT_FETCH_OPTIONS.maxHtmlBytes,
    });
  try {
    let page: Awaited<ReturnType<typeof read>>;
    try {
      page = await read(url);
    } catch (error) {
      if (schemeGiven || !isConnectionFailure(error) || !url.startsWith('https://')) throw error;
      url = `http://${url.slice('https://'.length)}`;
      page = await read(url);
    }
    const finalUrl = page.response.url;
    const robots = await readRobots(toOrigin(finalUrl), {
      ...guard,
      dispatcher,
      userAgent,
      signal: options.signal,
      timeoutMs,
    });
    const html = page.decoded.html;
    const facts = readPageFacts(html);
    // The site, as the job's crawl takes it: the address asked for and where it led.
    const finalOrigin = toOrigin(finalUrl);
    const origins = [finalOrigin, ...new Set([toOrigin(url)].filter((o) => o !== finalOrigin))];
    const sitemaps = readSitemaps(origins, robots.sitemaps, {
      ...guard,
      dispatcher,
      userAgent,
      signal: options.signal,
      timeoutMs: Math.min(timeoutMs, 5_000),
      budgetMs: timeoutMs,
    });
    const pages = new Set([finalUrl.replace(/#.*$/, '')]);
    const linkedFrom = (pageHtml: string, pageUrl: string): string[] => {
      const references = collectPageReferences(pageHtml, pageUrl);
      return [...references.frames, ...references.links].flatMap((href) => {
        const target = toCrawlUrl(href, references.baseUrl);
        return target && origins.includes(toOrigin(target)) ? [target] : [];
      });
    };
    const linked = linkedFrom(html, finalUrl);
    for (const target of linked) pages.add(target);
    if (pages.size - 1 < FEW_LINKS) {
      // Frames first: a frameset's menu is in one of them.
      const next = [...new Set(linked)]
        .filter((target) => target !== finalUrl)
        .slice(0, EXTRA_READS);
      const reads = await Promise.allSettled(
        next.map(async (target) => {
          const linkedPage = await read(target, Math.min(timeoutMs, 5_000));
          return linkedFrom(linkedPage.decoded.html, linkedPage.response.url);
        }),
      );
      for (const result of reads)
        if (result.status === 'fulfilled') for (const target of result.value) pages.add(target);
    }
    for (const target of (await sitemaps).urls) pages.add(target);
    const found = [...pages].slice(0, CHECK_PAGES_CAP);
    const pagesCapped = pages.size > CHECK_PAGES_CAP;
    // A path names a page within the site; the origin (http or https, www or not) is the site's.
    const toPath = (target: string): string => {
      const { pathname, search } = new URL(target);
      return `${pathname}${search}`;
    };
    const paths = [...new Set(found.map(toPath))];
    const disallowed = new Set(
      found.filter((target) => !robots.isAllowed(target)).map((target) => toPath(target)),
    );
    const robotsAllowed = robots.isAllowed(finalUrl);
    // Scripts alone do not build a page: one with its pictures, frames or tables in its HTML is static.
    const needsJavaScript =
      facts.scripts > 0 && facts.textChars < SCRIPT_BUILT_TEXT_CHARS && facts.contentElements === 0;
    const warnings: SiteCheckWarning[] = [];
    if (!robotsAllowed) {
      warnings.push({
        code: 'robots_disallowed',
        message:
          "The site's robots.txt asks crawlers like Sitelift not to read this page, so we can't modernize it. If it is your site, allow Sitelift in robots.txt and check again.",
      });
    }
    const redirectedToLogin =
      LOGIN_PATH.test(new URL(finalUrl).pathname) && !LOGIN_PATH.test(new URL(url).pathname);
    if (facts.hasPasswordField || redirectedToLogin) {
      warnings.push({
        code: 'login_wall',
        message:
          'This page asks visitors to sign in. Sitelift only sees what a visitor who is not signed in sees, so the pages behind the login will not be in the rebuild.',
      });
    }
    if ((facts.hasCanvas || WEBGL.test(facts.inlineScript)) && facts.textChars < APP_TEXT_CHARS) {
      warnings.push({
        code: 'app_like',
        message:
          'This looks like an app or a game drawn on a canvas rather than a site of pages. Sitelift rebuilds pages of text and pictures; what is drawn on the canvas will not be carried over.',
      });
    } else if (needsJavaScript) {
      warnings.push({
        code: 'needs_javascript',
        message:
          'This page builds its content with JavaScript. Sitelift reads it in a browser, so it takes a little longer.',
      });
    }
    const readable = paths.length - disallowed.size;
    if (readable > MAX_PAGES_LIMIT) {
      const count = pagesCapped ? `more than ${CHECK_PAGES_CAP}` : String(readable);
      warnings.push({
        code: 'many_pages',
        message: `We found ${count} pages on this site. One run reads up to ${MAX_PAGES_LIMIT}, starting with the ones closest to the start page; the report lists the others.`,
      });
    }
    return {
      url,
      finalUrl,
      title: facts.title,
      robotsAllowed,
      pagesFound: paths.length,
      paths: paths.slice(0, CHECK_PATHS_CAP),
      robotsExcluded: [...disallowed].slice(0, CHECK_PATHS_CAP),
      estimatedPages: readable,
      pagesCapped,
      needsJavaScript,
      warnings,
    };
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
