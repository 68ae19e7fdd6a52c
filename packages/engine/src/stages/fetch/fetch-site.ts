import { createHash } from 'node:crypto';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import { findBrowser, formatBrowser } from '../../browser/find-browser';
import { parseHttpUrl, type GuardOptions, type HostResolver } from '../../net/assert-public-url';
import { buildGuardedAgent } from '../../net/guarded-agent';
import { formatBytes } from '../../net/guarded-request';
import type { EnginePorts } from '../../ports';
import type { Diagnostic, FetchOptions, RawPage, RawSite } from '../../types';
import { collectPageReferences, type PageReferences } from './collect-page-references';
import { toCrawlUrl, toOrigin } from './crawl-url';
import { fetchSiteAssets } from './fetch-site-assets';
import { fetchStaticPage, type StaticPage } from './fetch-static-page';
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import { startPageRenderer, type PageRenderer } from './page-renderer';
import { readRobots, type RobotsRules } from './read-robots';

/** The fetch stage's defaults (issue 3: 20 pages, 30 s, 5 redirects, 5 MB of HTML, 50 MB of assets). */
export const DEFAULT_FETCH_OPTIONS: FetchOptions = {
  maxPages: 20,
  allowPrivateUrls: false,
  browser: 'auto',
  pageTimeoutMs: 30_000,
  maxRedirects: 5,
  maxHtmlBytes: 5 * 1024 * 1024,
  maxAssetBytesTotal: 50 * 1024 * 1024,
  maxAssetBytes: 10 * 1024 * 1024,
  respectRobots: true,
  screenshots: false,
  userAgent: 'Mozilla/5.0 (compatible; Sitelift/1.0; +https://sitelift.dev/bot)',
};

/** The most pages one run reads. */
export const MAX_PAGES_LIMIT = 100;

/** Most frames of one frameset read with it (past the page limit if need be). */
const MAX_FRAMES_PER_PAGE = 6;

/** Pages read (and rendered) at the same time; the machine has 2 cores. */
const PAGE_CONCURRENCY = 3;
/** robots.txt gets less time than a page: a site that cannot serve it is read as if it had none. */
const ROBOTS_TIMEOUT_MS = 10_000;
/** Assets downloaded at the same time. */
const ASSET_CONCURRENCY = 6;

/** Test seams of fetchSite that are not product options. */
export interface FetchSiteInternals {
  /** A resolver instead of the system's DNS (tests simulate names that resolve to private addresses). */
  resolve?: HostResolver;
  /** An address policy instead of the product's (tests treat one loopback address as public). */
  addressRefusal?: (address: string) => string | undefined;
}

interface CrawledPage {
  page: RawPage;
  references: PageReferences;
}

function toBodyHash(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** True when a document has scripts (elements or inline event handlers) that may change its content. */
function hasScripts(html: string): boolean {
  return /<script\b|\son[a-z]+\s*=/i.test(html);
}

/** A static page's type scale, read by the identity probe in Chromium; undefined when it fails. */
async function measureTypography(
  renderer: PageRenderer | undefined,
  response: StaticPage['response'],
  decoded: StaticPage['decoded'],
): Promise<RawPage['typography']> {
  if (!renderer) return undefined;
  const rendered = await renderer
    .render({
      url: response.url,
      status: response.status,
      contentType: `${response.mediaType || 'text/html'}; charset=${decoded.charset}`,
      body: response.body,
    })
    .catch(() => undefined);
  return rendered?.probe?.typography;
}

function toSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The fetch stage: reads the public site at `startUrl` through the SSRF guard. The start page first
 * (it must work, else an AppError), then a breadth-first same-origin crawl over links, areas, frames
 * and iframes up to `maxPages`, respecting robots.txt; each page is read over HTTP (status, type,
 * size, charset) and, when Chromium is available, rendered so that script-inserted content is kept.
 * Broken subpages are skipped with a warning. Then the pages' stylesheets and assets are downloaded.
 */
export async function fetchSite(
  startUrl: string,
  options: Partial<FetchOptions>,
  ports: EnginePorts,
  internals: FetchSiteInternals = {},
): Promise<RawSite> {
  // Options given as undefined keep their default (callers pass through optional CLI flags).
  const given = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  );
  const settings: FetchOptions = { ...DEFAULT_FETCH_OPTIONS, ...given };
  const maxPages = Number.isFinite(settings.maxPages)
    ? Math.min(MAX_PAGES_LIMIT, Math.max(1, Math.floor(settings.maxPages)))
    : DEFAULT_FETCH_OPTIONS.maxPages;
  const { logger, clock, signal } = ports;
  const guard: GuardOptions = {
    allowPrivateUrls: settings.allowPrivateUrls,
    loopbackOnly: settings.loopbackOnly === true,
    resolve: internals.resolve,
    addressRefusal: internals.addressRefusal,
  };
  const diagnostics: Diagnostic[] = [];
  const throwIfCancelled = (): void => {
    if (signal?.aborted) throw new AppError('ENGINE_FETCH_CANCELLED', { cause: signal.reason });
  };

  const start = parseHttpUrl(startUrl);
  start.hash = '';
  throwIfCancelled();
  const dispatcher = buildGuardedAgent({ ...guard, connections: 8 });
  const requestOptions = { ...guard, dispatcher, userAgent: settings.userAgent, signal };
  // Chromium starts with the first page that has scripts; a site without any pays for one page
  // only, its start page's type scale (decision record 029).
  let rendererStart: Promise<PageRenderer | undefined> | undefined;
  const getRenderer = (): Promise<PageRenderer | undefined> => {
    rendererStart ??= startRenderer(settings, requestOptions, ports, diagnostics);
    return rendererStart;
  };
  const startedAt = clock.now();

  try {
    // robots.txt per origin, read once.
    const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
    const getRobots = (origin: string): Promise<RobotsRules> => {
      let robots = robotsByOrigin.get(origin);
      if (!robots) {
        robots = readRobots(origin, {
          ...requestOptions,
          timeoutMs: Math.min(settings.pageTimeoutMs, ROBOTS_TIMEOUT_MS),
        });
        robotsByOrigin.set(origin, robots);
      }
      return robots;
    };
    const isAllowedByRobots = async (url: string): Promise<boolean> =>
      !settings.respectRobots || (await getRobots(toOrigin(url))).isAllowed(url);

    const readPage = (url: string): Promise<StaticPage> =>
      fetchStaticPage(url, {
        ...requestOptions,
        timeoutMs: settings.pageTimeoutMs,
        maxRedirects: settings.maxRedirects,
        maxBytes: settings.maxHtmlBytes,
      });

    // The start page: every failure here stops the run with a clear error.
    logger.log({ level: 'INFO', message: `Fetching ${start.href}` });
    if (!(await isAllowedByRobots(start.href))) {
      throw new AppError('ENGINE_FETCH_ROBOTS_DISALLOWED', {
        message: `The site’s robots.txt does not allow Sitelift to read ${start.href}.`,
        details: { url: start.href },
      });
    }
    const startPage = await readPage(start.href);
    const finalUrl = startPage.response.url;
    if (finalUrl !== start.href && !(await isAllowedByRobots(finalUrl))) {
      throw new AppError('ENGINE_FETCH_ROBOTS_DISALLOWED', {
        message: `The site’s robots.txt does not allow Sitelift to read ${finalUrl}.`,
        details: { url: finalUrl },
      });
    }
    // www. and non-www are different sites, unless the start URL redirects from one to the other.
    const origins = new Set([start.origin, toOrigin(finalUrl)]);
    throwIfCancelled();

    if (settings.browser === 'never') {
      logger.log({ level: 'INFO', message: 'Reading pages without a browser (static HTML).' });
    }
    const progress = (done: number, total: number): void =>
      logger.progress?.({ stage: 'fetch', done, total });

    const toRawPage = async (
      requestedUrl: string,
      depth: number,
      read: StaticPage,
    ): Promise<CrawledPage> => {
      const { response, decoded } = read;
      if (decoded.hasInvalidBytes) {
        const message = `Some characters of ${response.url} are not valid ${decoded.charset}; they were replaced.`;
        diagnostics.push({
          level: 'warning',
          code: 'ENGINE_FETCH_INVALID_ENCODING',
          message,
          url: response.url,
        });
        logger.log({ level: 'WARNING', message });
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
        // Its type scale is what only a browser knows: the start page is measured in Chromium
        // all the same, its served HTML kept (decision record 029).
        if (depth === 0)
          typography = await measureTypography(await getRenderer(), response, decoded);
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
          const message = `Could not render ${response.url} in Chromium (${(error as Error).message.split('\n')[0]}); using the HTML as served.`;
          diagnostics.push({
            level: 'warning',
            code: 'ENGINE_FETCH_RENDER_FAILED',
            message,
            url: response.url,
          });
          logger.log({ level: 'WARNING', message });
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
          frames: references.frames.filter((frame) => origins.has(toOrigin(frame))),
        },
        references,
      };
    };

    const crawled: CrawledPage[] = [await toRawPage(start.href, 0, startPage)];
    const seen = new Set<string>([start.href, finalUrl]);
    const finalUrls = new Set<string>([finalUrl]);
    // Servers often answer / and /index.html with the same document: one page, not two.
    const bodies = new Map<string, string>([[toBodyHash(startPage.response.body), finalUrl]]);
    progress(1, 1);

    const skip = (url: string, reason: string, level: Diagnostic['level'] = 'warning'): void => {
      const message = `Skipped ${url}: ${reason}`;
      diagnostics.push({ level, code: 'ENGINE_FETCH_PAGE_SKIPPED', message, url });
      logger.log({ level: level === 'warning' ? 'WARNING' : 'INFO', message });
    };
    const discover = (from: CrawledPage[]): string[] => {
      const found: string[] = [];
      for (const { references } of from) {
        for (const href of [...references.links, ...references.frames]) {
          const url = toCrawlUrl(href, references.baseUrl);
          if (!url || seen.has(url) || !origins.has(toOrigin(url))) continue;
          seen.add(url);
          found.push(url);
        }
      }
      return found;
    };
    type CrawlResult =
      | { url: string; crawledPage: CrawledPage; finalUrl: string; bodyHash: string }
      | { url: string; skipped: string; level: Diagnostic['level'] }
      | { url: string; duplicateOf: string };

    const crawlUrl = async (url: string, depth: number): Promise<CrawlResult> => {
      try {
        if (!(await isAllowedByRobots(url)))
          return { url, skipped: 'disallowed by robots.txt', level: 'info' };
        logger.log({ level: 'INFO', message: `Fetching ${url}` });
        const read = await readPage(url);
        const readUrl = read.response.url;
        if (!origins.has(toOrigin(readUrl))) {
          return { url, skipped: `redirects to another site (${readUrl})`, level: 'info' };
        }
        const bodyHash = toBodyHash(read.response.body);
        const duplicateOf = finalUrls.has(readUrl) ? readUrl : bodies.get(bodyHash);
        if (duplicateOf) return { url, duplicateOf };
        return {
          url,
          crawledPage: await toRawPage(url, depth, read),
          finalUrl: readUrl,
          bodyHash,
        };
      } catch (error) {
        throwIfCancelled();
        return {
          url,
          skipped: isAppError(error) ? error.message : String(error),
          level: 'warning',
        };
      }
    };
    /** Keeps a crawl result: true when it was a new page (added to `crawled` and `into`). */
    const accept = (result: CrawlResult, into: CrawledPage[]): boolean => {
      if ('skipped' in result) {
        skip(result.url, result.skipped, result.level);
        return false;
      }
      const duplicateOf =
        'duplicateOf' in result
          ? result.duplicateOf
          : finalUrls.has(result.finalUrl)
            ? result.finalUrl
            : bodies.get(result.bodyHash);
      if (duplicateOf || !('crawledPage' in result)) {
        logger.log({
          level: 'DEBUG',
          message: `${result.url} is the same page as ${duplicateOf ?? ''}`,
        });
        return false;
      }
      finalUrls.add(result.finalUrl);
      seen.add(result.finalUrl);
      bodies.set(result.bodyHash, result.finalUrl);
      crawled.push(result.crawledPage);
      into.push(result.crawledPage);
      return true;
    };
    // The frames of a frameset are that page's content: they are read right after it, all of them
    // (a frameset without its main frame is an empty page), before the pages that follow it, which
    // they leave fewer places to.
    const readFrames = async (pages: CrawledPage[], depth: number, into: CrawledPage[]) => {
      const urls: string[] = [];
      for (const { page, references } of pages) {
        for (const href of page.frames) {
          const url = toCrawlUrl(href, references.baseUrl);
          if (!url || seen.has(url) || !origins.has(toOrigin(url))) continue;
          if (urls.length >= MAX_FRAMES_PER_PAGE) break;
          seen.add(url);
          urls.push(url);
        }
      }
      const results = await mapWithConcurrency(urls, PAGE_CONCURRENCY, (url) =>
        crawlUrl(url, depth),
      );
      for (const result of results) accept(result, into);
    };

    // Breadth-first, level by level: pages of one depth are read concurrently but kept in link order,
    // so the result does not depend on which response came first.
    let level = crawled.slice();
    let depth = 0;
    await readFrames(level, 1, level);
    while (level.length > 0 && crawled.length < maxPages) {
      depth++;
      const candidates = discover(level);
      const nextLevel: CrawledPage[] = [];
      let position = 0;
      while (position < candidates.length && crawled.length < maxPages) {
        throwIfCancelled();
        const batch = candidates.slice(position, position + (maxPages - crawled.length));
        position += batch.length;
        const results = await mapWithConcurrency(batch, PAGE_CONCURRENCY, (url) =>
          crawlUrl(url, depth),
        );
        for (const result of results) {
          if (crawled.length >= maxPages) break;
          const added: CrawledPage[] = [];
          if (!accept(result, added)) continue;
          nextLevel.push(...added);
          // A frameset's frames come before the pages after it (those may then fall past the limit).
          await readFrames(added, depth + 1, nextLevel);
        }
        progress(crawled.length, Math.min(maxPages, crawled.length + candidates.length - position));
      }
      level = nextLevel;
    }
    throwIfCancelled();

    const pages = crawled.map((entry) => entry.page);
    const assetsStart = pages.length;
    const { stylesheets, assets, bytes } = await fetchSiteAssets(
      crawled.map(({ page, references }) => ({ url: page.url, references, probe: page.probe })),
      {
        ...requestOptions,
        timeoutMs: settings.pageTimeoutMs,
        maxAssetBytes: settings.maxAssetBytes,
        maxAssetBytesTotal: settings.maxAssetBytesTotal,
        concurrency: ASSET_CONCURRENCY,
        faviconOrigin: toOrigin(finalUrl),
        logger,
        diagnostics,
        onProgress: (done, total) => progress(assetsStart + done, assetsStart + total),
      },
    );
    throwIfCancelled();
    const htmlBytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0);
    logger.log({
      level: 'INFO',
      message: `Read ${pages.length} ${pages.length === 1 ? 'page' : 'pages'}, ${assets.length} ${assets.length === 1 ? 'asset' : 'assets'} (${formatBytes(htmlBytes + bytes)}) in ${toSeconds(clock.now() - startedAt)}`,
    });
    return { startUrl: start.href, finalUrl, pages, stylesheets, assets, diagnostics };
  } finally {
    await (await rendererStart)?.close();
    await dispatcher.close().catch(() => undefined);
  }
}

/** Starts Chromium when the options allow and one is found; otherwise (or when it fails) the static read is used. */
async function startRenderer(
  settings: FetchOptions,
  requestOptions: GuardOptions & {
    dispatcher: ReturnType<typeof buildGuardedAgent>;
    signal?: AbortSignal;
  },
  ports: EnginePorts,
  diagnostics: Diagnostic[],
): Promise<PageRenderer | undefined> {
  const { browser, warnings } = await findBrowser({ chromePath: settings.chromePath });
  if (browser === undefined) {
    const reason = (warnings[0] ?? 'CHROME_PATH, installed, npm').replace(/\.$/u, '');
    const message = `No Chromium found (${reason}): reading pages without a browser; content inserted by JavaScript may be missing.`;
    diagnostics.push({
      level: settings.browser === 'always' ? 'warning' : 'info',
      code: 'ENGINE_FETCH_NO_BROWSER',
      message,
    });
    ports.logger.log({ level: settings.browser === 'always' ? 'WARNING' : 'INFO', message });
    return undefined;
  }
  ports.logger.log({ level: 'DEBUG', message: `Rendering pages in ${formatBrowser(browser)}` });
  try {
    return await startPageRenderer({
      ...requestOptions,
      chromePath: browser.path,
      userAgent: settings.userAgent,
      pageTimeoutMs: settings.pageTimeoutMs,
      maxResourceBytes: settings.maxAssetBytes,
      screenshots: settings.screenshots,
      onRefused: (url, reason) =>
        ports.logger.log({
          level: 'DEBUG',
          message: `Blocked a request of the page to ${url}: ${reason}`,
        }),
    });
  } catch (error) {
    const message = `Chromium could not start (${(error as Error).message.split('\n')[0]}): reading pages without a browser.`;
    diagnostics.push({ level: 'warning', code: 'ENGINE_FETCH_NO_BROWSER', message });
    ports.logger.log({ level: 'WARNING', message });
    return undefined;
  }
}
