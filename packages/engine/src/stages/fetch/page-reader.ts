/**
 * The fetch stage's page reader: one URL to a page of the RawSite. It checks robots.txt, reads the
 * page over HTTP through the SSRF guard (fetchStaticPage), renders it in Chromium when it has scripts
 * (and screenshots it on that load, when asked), measures a script-free start page's type scale, and
 * collects what the page links to. Problems of one page are diagnostics and a skipped page, never
 * the end of the run (the start page's are: fetchSite reads it with `read`, which throws).
 */
import { createHash } from 'node:crypto';
import { isAppError } from '@sitelift/shared/error-codes';
import { hasClientRoute, toDocumentUrl } from '../../lib/client-route';
import type { GuardOptions } from '../../net/assert-public-url';
import type { EnginePorts } from '../../ports';
import type { Diagnostic, FetchOptions, RawPage } from '../../types';
import { collectPageReferences } from './collect-page-references';
import { isOnSite, type CrawledPage, type CrawlFrontier, type CrawlResult } from './crawl-frontier';
import { toOrigin } from './crawl-url';
import { fetchStaticPage, type StaticPage, type StaticPageOptions } from './fetch-static-page';
import type { PageRenderer, PrefetchedDocument } from './page-renderer';
import { readRobots, type RobotsRules } from './read-robots';
import { showsNewText } from './shows-new-text';

/** robots.txt gets less time than a page: a site that cannot serve it is read as if it had none. */
const ROBOTS_TIMEOUT_MS = 10_000;

/** What the page reader needs: the settings, the request options, Chromium (when any), the run's sinks. */
export interface PageReaderOptions {
  settings: Pick<
    FetchOptions,
    'browser' | 'pageTimeoutMs' | 'maxRedirects' | 'maxHtmlBytes' | 'respectRobots'
  >;
  /** The guard, dispatcher, user agent and signal every request uses. */
  request: GuardOptions & Pick<StaticPageOptions, 'dispatcher' | 'userAgent' | 'signal'>;
  /** Chromium, started on first use (undefined: none, or it would not start). */
  getRenderer(): Promise<PageRenderer | undefined>;
  ports: Pick<EnginePorts, 'logger' | 'clock'>;
  /** The run's diagnostics, appended to. */
  diagnostics: Diagnostic[];
  /** Throws ENGINE_FETCH_CANCELLED once the run is cancelled. */
  throwIfCancelled(): void;
}

/** Reads pages one URL at a time (see the file's comment). */
export interface PageReader {
  /** True when robots.txt (read once per origin) lets Sitelift read `url`, or robots are ignored. */
  isAllowedByRobots(url: string): Promise<boolean>;
  /** The `Sitemap:` lines of the robots.txt of `origin` (read even when robots are ignored). */
  robotsSitemaps(origin: string): Promise<string[]>;
  /** The page at `url` as served; throws an AppError when it cannot be used. */
  read(url: string): Promise<StaticPage>;
  /** A page read, as the RawSite keeps it (rendered when it has scripts), with what it links to. */
  toCrawledPage(
    requestedUrl: string,
    depth: number,
    read: StaticPage,
    origins: ReadonlySet<string>,
  ): Promise<CrawledPage>;
  /**
   * Reads a page of the crawl: the page, why it was skipped, or the kept page it duplicates. A URL
   * with a client-side route (`/#/guide`) is its document rendered and navigated to that route.
   */
  crawl(url: string, depth: number, frontier: CrawlFrontier): Promise<CrawlResult>;
  /**
   * `urls` without the client-side routes that are no view of their own (issue 23): a route is a
   * page only when visiting it shows text its document did not hold (a template or post loaded by
   * the router), not when it only reveals a panel already there. Each document is loaded once for
   * all its routes; without a browser no route is a page.
   */
  keepViews(urls: string[]): Promise<string[]>;
}

/** The hash pages are told apart by when their URLs differ. */
export function toBodyHash(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** True when a document has scripts (elements or inline event handlers) that may change its content. */
export function hasScripts(html: string): boolean {
  return /<script\b|\son[a-z]+\s*=/i.test(html);
}

function toSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * A static page's identity probe (its type scale, colours, header and footer fills, logo), read in
 * Chromium while its served HTML is kept; undefined when it fails.
 */
async function measureStatic(
  renderer: PageRenderer | undefined,
  response: StaticPage['response'],
  decoded: StaticPage['decoded'],
): Promise<RawPage['probe']> {
  if (!renderer) return undefined;
  const rendered = await renderer
    .render({
      url: response.url,
      status: response.status,
      contentType: `${response.mediaType || 'text/html'}; charset=${decoded.charset}`,
      body: response.body,
    })
    .catch(() => undefined);
  return rendered?.probe;
}

/** A page reader for one run of fetchSite. */
export function createPageReader(options: PageReaderOptions): PageReader {
  const { settings, request, getRenderer, diagnostics, throwIfCancelled } = options;
  const { logger, clock } = options.ports;
  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  const getRobots = (origin: string): Promise<RobotsRules> => {
    let robots = robotsByOrigin.get(origin);
    if (!robots) {
      robots = readRobots(origin, {
        ...request,
        timeoutMs: Math.min(settings.pageTimeoutMs, ROBOTS_TIMEOUT_MS),
      });
      robotsByOrigin.set(origin, robots);
    }
    return robots;
  };
  const warn = (code: Diagnostic['code'], message: string, url: string): void => {
    diagnostics.push({ level: 'warning', code, message, url });
    logger.log({ level: 'WARNING', message });
  };

  const reader: PageReader = {
    isAllowedByRobots: async (url) =>
      !settings.respectRobots || (await getRobots(toOrigin(url))).isAllowed(url),

    robotsSitemaps: async (origin) => (await getRobots(origin)).sitemaps,

    read: (url) =>
      fetchStaticPage(url, {
        ...request,
        timeoutMs: settings.pageTimeoutMs,
        maxRedirects: settings.maxRedirects,
        maxBytes: settings.maxHtmlBytes,
      }),

    async toCrawledPage(requestedUrl, depth, read, origins) {
      const { response, decoded } = read;
      if (decoded.hasInvalidBytes) {
        warn(
          'ENGINE_FETCH_INVALID_ENCODING',
          `Some characters of ${response.url} are not valid ${decoded.charset}; they were replaced.`,
          response.url,
        );
      }
      let html = decoded.html;
      let renderedWith: RawPage['renderedWith'] = 'static';
      let screenshots: RawPage['screenshots'];
      let probe: RawPage['probe'];
      // A page with scripts is rendered (and, when asked, screenshotted on the same load); one
      // without is read as served, and verify screenshots it, which costs no more.
      const renderer =
        settings.browser === 'never' || !hasScripts(html) ? undefined : await getRenderer();
      let typography: RawPage['typography'];
      if (settings.browser !== 'never' && !hasScripts(html)) {
        logger.log({ level: 'DEBUG', message: `${response.url} has no scripts: read as served` });
        // Its type scale, colours and regions' fills are what only a browser knows: the start page
        // is measured in Chromium all the same, its served HTML kept (decision record 029). Without
        // the probe's colours the CSS scan's most frequent one (a code highlighter's) was the brand.
        if (depth === 0) {
          probe = await measureStatic(await getRenderer(), response, decoded);
          typography = probe?.typography;
        }
      } else if (renderer) {
        const renderStart = clock.now();
        try {
          const rendered = await renderer.render({
            url: response.url,
            status: response.status,
            contentType: `${response.mediaType || 'text/html'}; charset=${decoded.charset}`,
            body: response.body,
          });
          html = rendered.html;
          screenshots = rendered.screenshots;
          probe = rendered.probe;
          renderedWith = 'browser';
          logger.log({
            level: 'INFO',
            message: `Rendered with Chromium (${toSeconds(clock.now() - renderStart)})`,
          });
        } catch (error) {
          throwIfCancelled();
          warn(
            'ENGINE_FETCH_RENDER_FAILED',
            `Could not render ${response.url} in Chromium (${(error as Error).message.split('\n')[0]}); using the HTML as served.`,
            response.url,
          );
        }
      }
      const references = collectPageReferences(html, response.url);
      return {
        page: {
          requestedUrl,
          url: response.url,
          status: response.status,
          contentType: response.headers['content-type'] ?? response.mediaType,
          charset: decoded.charset,
          html,
          renderedWith,
          ...(screenshots === undefined ? {} : { screenshots }),
          ...(probe === undefined ? {} : { probe }),
          ...(typography === undefined ? {} : { typography }),
          depth,
          frames: references.frames.filter((frame) => isOnSite(origins, frame)),
        },
        references,
      };
    },

    keepViews: (urls) => keepViews(urls),

    async crawl(url, depth, frontier) {
      if (hasClientRoute(url)) return crawlRoute(url, depth, frontier);
      try {
        if (!(await reader.isAllowedByRobots(url)))
          return { url, skipped: 'disallowed by robots.txt', level: 'info', cause: 'robots' };
        logger.log({ level: 'INFO', message: `Fetching ${url}` });
        const read = await reader.read(url);
        const readUrl = read.response.url;
        if (!frontier.isOnSite(readUrl)) {
          const skipped = `redirects to another site (${readUrl})`;
          return { url, skipped, level: 'info', cause: 'off_site' };
        }
        const bodyHash = toBodyHash(read.response.body);
        const duplicateOf = frontier.duplicateOf(readUrl, bodyHash);
        if (duplicateOf) return { url, duplicateOf };
        return {
          url,
          crawledPage: await reader.toCrawledPage(url, depth, read, frontier.origins),
          finalUrl: readUrl,
          bodyHash,
        };
      } catch (error) {
        throwIfCancelled();
        return {
          url,
          skipped: isAppError(error) ? error.message : String(error),
          level: 'warning',
          cause: 'error',
        };
      }
    },
  };

  // The routes of a document are its views: its bytes are read once for all of them.
  const routeDocuments = new Map<string, Promise<StaticPage>>();
  const readRouteDocument = (documentUrl: string): Promise<StaticPage> => {
    let read = routeDocuments.get(documentUrl);
    if (!read) {
      read = reader.read(documentUrl);
      routeDocuments.set(documentUrl, read);
    }
    return read;
  };

  const crawlRoute = async (
    url: string,
    depth: number,
    frontier: CrawlFrontier,
  ): Promise<CrawlResult> => {
    const route = new URL(url).hash;
    try {
      const documentUrl = toDocumentUrl(url);
      if (!(await reader.isAllowedByRobots(documentUrl)))
        return { url, skipped: 'disallowed by robots.txt', level: 'info', cause: 'robots' };
      const renderer = settings.browser === 'never' ? undefined : await getRenderer();
      // Without a browser the route cannot be visited: its links lead to the document.
      if (!renderer) return { url, duplicateOf: documentUrl };
      logger.log({ level: 'INFO', message: `Rendering ${url}` });
      const { response, decoded } = await readRouteDocument(documentUrl);
      if (!frontier.isOnSite(response.url)) {
        const skipped = `redirects to another site (${response.url})`;
        return { url, skipped, level: 'info', cause: 'off_site' };
      }
      const renderStart = clock.now();
      const rendered = await renderer.renderRoute(toPrefetched(response, decoded), route);
      logger.log({
        level: 'INFO',
        message: `Rendered with Chromium (${toSeconds(clock.now() - renderStart)})`,
      });
      const finalUrl = `${response.url}${route}`;
      const references = collectPageReferences(rendered.html, finalUrl);
      const page: RawPage = {
        requestedUrl: url,
        url: finalUrl,
        status: response.status,
        contentType: response.headers['content-type'] ?? response.mediaType,
        charset: decoded.charset,
        html: rendered.html,
        renderedWith: 'browser',
        ...(rendered.screenshots === undefined ? {} : { screenshots: rendered.screenshots }),
        ...(rendered.probe === undefined ? {} : { probe: rendered.probe }),
        depth,
        frames: references.frames.filter((frame) => isOnSite(frontier.origins, frame)),
      };
      return {
        url,
        crawledPage: { page, references },
        finalUrl,
        bodyHash: toBodyHash(Buffer.from(rendered.html)),
      };
    } catch (error) {
      throwIfCancelled();
      const reason = isAppError(error)
        ? error.message
        : error instanceof Error
          ? `could not render it (${error.message.split('\n')[0]})`
          : String(error);
      return { url, skipped: reason, level: 'warning', cause: 'error' };
    }
  };
  const keepViews = async (urls: string[]): Promise<string[]> => {
    const routesByDocument = new Map<string, string[]>();
    for (const url of urls) {
      if (!hasClientRoute(url)) continue;
      const documentUrl = toDocumentUrl(url);
      routesByDocument.set(documentUrl, [...(routesByDocument.get(documentUrl) ?? []), url]);
    }
    if (routesByDocument.size === 0) return urls;
    const renderer = settings.browser === 'never' ? undefined : await getRenderer();
    const views = new Set<string>();
    for (const [documentUrl, routes] of routesByDocument) {
      throwIfCancelled();
      if (!renderer || !(await reader.isAllowedByRobots(documentUrl))) continue;
      try {
        const { response, decoded } = await readRouteDocument(documentUrl);
        const hashes = routes.map((url) => new URL(url).hash);
        const shown = new Set(
          await renderer.findViews(toPrefetched(response, decoded), hashes, showsNewText),
        );
        for (const url of routes) {
          if (shown.has(new URL(url).hash)) views.add(url);
          // A panel of a one-document site: its links stay links into its page.
          else logger.log({ level: 'DEBUG', message: `${url} shows no page of its own` });
        }
      } catch (error) {
        throwIfCancelled();
        // The routes are visited one by one then, each failing or not on its own.
        for (const url of routes) views.add(url);
        logger.log({
          level: 'DEBUG',
          message: `Could not look at the routes of ${documentUrl}: ${String(error)}`,
        });
      }
    }
    return urls.filter((url) => !hasClientRoute(url) || views.has(url));
  };
  return reader;
}

/** A document read over HTTP, as Chromium is handed it. */
function toPrefetched(
  response: StaticPage['response'],
  decoded: StaticPage['decoded'],
): PrefetchedDocument {
  return {
    url: response.url,
    status: response.status,
    contentType: `${response.mediaType || 'text/html'}; charset=${decoded.charset}`,
    body: response.body,
  };
}
