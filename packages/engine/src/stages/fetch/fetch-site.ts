import { AppError } from '@sitelift/shared/error-codes';
import { findBrowser } from '../../browser/find-browser';
import { hasClientRoute } from '../../lib/client-route';
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import { parseHttpUrl, type GuardOptions, type HostResolver } from '../../net/assert-public-url';
import { buildGuardedAgent } from '../../net/guarded-agent';
import { formatBytes } from '../../net/guarded-request';
import type { EnginePorts } from '../../ports';
import type { Diagnostic, FetchOptions, NotReadPage, RawSite } from '../../types';
import { CrawlFrontier, siteOrigins, type CrawledPage, type CrawlResult } from './crawl-frontier';
import { toOrigin } from './crawl-url';
import { addPageGrounds, fetchSiteAssets } from './fetch-site-assets';
import { createPageReader, toBodyHash, type PageReader } from './page-reader';
import { startPageRenderer, type PageRenderer } from './page-renderer';
import { readFrames, type FrameReading } from './read-frames';
import { readSitemaps, type ReadSitemapsOptions } from './read-sitemaps';

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

/** The most pages one run reads (issue 24: plans of up to 500; the server passes its plan's limit). */
export const MAX_PAGES_LIMIT = 500;

/** Pages read (and rendered) at the same time; the machine has 2 cores. */
const PAGE_CONCURRENCY = 3;
/** Assets downloaded at the same time. */
const ASSET_CONCURRENCY = 6;
/** Time for each sitemap file, and for all of them: a sitemap is a hint, not a reason to wait. */
const SITEMAP_TIMEOUT_MS = 10_000;
const SITEMAP_BUDGET_MS = 30_000;

/** Test seams of fetchSite that are not product options. */
export interface FetchSiteInternals {
  /** A resolver instead of the system's DNS (tests simulate names that resolve to private addresses). */
  resolve?: HostResolver;
  /** An address policy instead of the product's (tests treat one loopback address as public). */
  addressRefusal?: (address: string) => string | undefined;
}

function toSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The fetch stage: reads the public site at `startUrl` through the SSRF guard. The start page first
 * (it must work, else an AppError), then a breadth-first same-origin crawl over links, areas, frames
 * and iframes, then the pages only the site's sitemaps list, up to `maxPages`, respecting robots.txt
 * and the user's include/exclude filter; each page is read over HTTP (status, type, size, charset)
 * and, when Chromium is available, rendered so that script-inserted content is kept. Broken subpages
 * are skipped with a warning; every page found and not read is in `notRead` with why (issue 24).
 * Then the pages' stylesheets and assets are downloaded.
 * Its parts: the page reader (page-reader.ts: robots, HTTP, Chromium, references), the frontier
 * (crawl-frontier.ts: what is new, on the site, wanted and not a duplicate; what was not read), the
 * frameset expansion (read-frames.ts) and the sitemaps (read-sitemaps.ts); this function starts the
 * start page and walks the crawl with them.
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
    const reader = createPageReader({
      settings,
      request: requestOptions,
      getRenderer,
      ports,
      diagnostics,
      throwIfCancelled,
    });

    // The start page: every failure here stops the run with a clear error.
    logger.log({ level: 'INFO', message: `Fetching ${start.href}` });
    if (!(await reader.isAllowedByRobots(start.href))) {
      throw new AppError('ENGINE_FETCH_ROBOTS_DISALLOWED', {
        message: `The site’s robots.txt does not allow Sitelift to read ${start.href}.`,
        details: { url: start.href },
      });
    }
    const startPage = await reader.read(start.href);
    const finalUrl = startPage.response.url;
    if (finalUrl !== start.href && !(await reader.isAllowedByRobots(finalUrl))) {
      throw new AppError('ENGINE_FETCH_ROBOTS_DISALLOWED', {
        message: `The site’s robots.txt does not allow Sitelift to read ${finalUrl}.`,
        details: { url: finalUrl },
      });
    }
    const origins = siteOrigins(start.href, finalUrl);
    throwIfCancelled();

    if (settings.browser === 'never') {
      logger.log({ level: 'INFO', message: 'Reading pages without a browser (static HTML).' });
    }
    const progress = (done: number, total: number): void =>
      logger.progress?.({ stage: 'fetch', done, total });

    // The sitemaps are read while the crawl goes on; their pages come after those links reach.
    const sitemapPages = findSitemapPages(reader, finalUrl, origins, {
      ...requestOptions,
      timeoutMs: Math.min(settings.pageTimeoutMs, SITEMAP_TIMEOUT_MS),
      budgetMs: SITEMAP_BUDGET_MS,
      logger,
    });

    const frontier = new CrawlFrontier(
      origins,
      {
        requestedUrl: start.href,
        page: await reader.toCrawledPage(start.href, 0, startPage, origins),
        bodyHash: toBodyHash(startPage.response.body),
      },
      { include: settings.include, exclude: settings.exclude },
    );
    progress(1, 1);
    await crawlSite(frontier, reader, {
      maxPages,
      sitemapPages,
      logger,
      diagnostics,
      progress,
      throwIfCancelled,
    });
    throwIfCancelled();
    const notRead = frontier.notReadPages();
    logNotRead(notRead, logger);

    const { crawled } = frontier;
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
    await addPageGrounds(crawled, assets);
    throwIfCancelled();
    const htmlBytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0);
    logger.log({
      level: 'INFO',
      message: `Read ${pages.length} ${pages.length === 1 ? 'page' : 'pages'}, ${assets.length} ${assets.length === 1 ? 'asset' : 'assets'} (${formatBytes(htmlBytes + bytes)}) in ${toSeconds(clock.now() - startedAt)}`,
    });
    return { startUrl: start.href, finalUrl, pages, stylesheets, assets, diagnostics, notRead };
  } finally {
    await (await rendererStart)?.close();
    await dispatcher.close().catch(() => undefined);
  }
}

/**
 * The pages the sitemaps of the site at `finalUrl` list (readSitemaps, with robots.txt's `Sitemap:`
 * lines). Never fails: only a cancelled run could, and the crawl notices that itself.
 */
async function findSitemapPages(
  reader: PageReader,
  finalUrl: string,
  origins: ReadonlySet<string>,
  options: Omit<ReadSitemapsOptions, 'onSkipped'> & { logger: EnginePorts['logger'] },
): Promise<string[]> {
  const { logger, ...requestOptions } = options;
  const finalOrigin = toOrigin(finalUrl);
  try {
    const { urls, files } = await readSitemaps(
      [finalOrigin, ...[...origins].filter((origin) => origin !== finalOrigin)],
      await reader.robotsSitemaps(finalOrigin),
      {
        ...requestOptions,
        onSkipped: (url, reason) =>
          logger.log({ level: 'DEBUG', message: `Could not use the sitemap ${url}: ${reason}` }),
      },
    );
    if (files.length > 0) {
      logger.log({
        level: 'INFO',
        message: `Found ${urls.length} ${urls.length === 1 ? 'page' : 'pages'} in the site’s sitemap${files.length === 1 ? '' : 's'}`,
      });
    }
    return urls;
  } catch {
    return [];
  }
}

/** What the breadth-first crawl needs besides the frontier and the reader. */
interface CrawlOptions {
  maxPages: number;
  /** The pages the site's sitemaps list (read after those links reach). */
  sitemapPages: Promise<string[]>;
  logger: EnginePorts['logger'];
  diagnostics: Diagnostic[];
  progress(done: number, total: number): void;
  throwIfCancelled(): void;
}

/**
 * The crawl after the start page: breadth-first, level by level, up to `maxPages`. Pages of one depth
 * are read concurrently but kept in link order, so the result does not depend on which response came
 * first; a frameset's frames are read right after it (readFrames). When links lead to no new page,
 * the pages only the sitemaps list are the next level (and what they link to the ones after).
 * Every page found and not read is noted in the frontier with why (issue 24).
 */
async function crawlSite(
  frontier: CrawlFrontier,
  reader: PageReader,
  { maxPages, sitemapPages, logger, diagnostics, progress, throwIfCancelled }: CrawlOptions,
): Promise<void> {
  const { crawled } = frontier;
  const keep = (result: CrawlResult): CrawledPage | undefined => {
    const outcome = frontier.accept(result);
    if ('skipped' in outcome) {
      const { url, skipped: reason, level, cause } = outcome;
      const message = `Skipped ${url}: ${reason}`;
      diagnostics.push({ level, code: 'ENGINE_FETCH_PAGE_SKIPPED', message, url });
      logger.log({ level: level === 'warning' ? 'WARNING' : 'INFO', message });
      // A page that leads to another site is a link out, not a page of this one.
      if (cause === 'robots') frontier.noteNotRead({ url, reason: 'robots' });
      else if (cause === 'error') frontier.noteNotRead({ url, reason: 'error', detail: reason });
      return undefined;
    }
    if ('duplicateOf' in outcome) {
      logger.log({
        level: 'DEBUG',
        message: `${outcome.url} is the same page as ${outcome.duplicateOf}`,
      });
      return undefined;
    }
    return outcome.crawledPage;
  };
  const reading: FrameReading = {
    frontier,
    concurrency: PAGE_CONCURRENCY,
    crawl: (url, depth) => reader.crawl(url, depth, frontier),
    keep,
  };
  // Pages read in a batch that the limit was reached in: over the limit, unless a duplicate.
  const pastLimit: string[] = [];
  const keepPastLimit = (result: CrawlResult): void => {
    if ('crawledPage' in result) {
      if (!frontier.duplicateOf(result.finalUrl, result.bodyHash)) pastLimit.push(result.url);
    } else if ('skipped' in result) keep(result);
  };

  let level = crawled.slice();
  let depth = 0;
  level.push(...(await readFrames(level, 1, reading)));
  let candidates: string[] = [];
  let position = 0;
  let sitemapTaken = false;
  while (crawled.length < maxPages) {
    // Client-side routes that only reveal a panel of their document are no pages (issue 23).
    candidates = await reader.keepViews(frontier.discover(level));
    position = 0;
    if (candidates.length === 0) {
      if (sitemapTaken) break;
      sitemapTaken = true;
      candidates = frontier.takeNew(await sitemapPages);
      throwIfCancelled();
      if (candidates.length === 0) break;
      logger.log({
        level: 'INFO',
        message: `Reading ${candidates.length} ${candidates.length === 1 ? 'page' : 'pages'} found only in the sitemap`,
      });
    }
    depth++;
    const nextLevel: CrawledPage[] = [];
    while (position < candidates.length && crawled.length < maxPages) {
      throwIfCancelled();
      const batch = candidates.slice(position, position + (maxPages - crawled.length));
      position += batch.length;
      const results = await mapWithConcurrency(batch, PAGE_CONCURRENCY, (url) =>
        reader.crawl(url, depth, frontier),
      );
      for (const result of results) {
        if (crawled.length >= maxPages) {
          keepPastLimit(result);
          continue;
        }
        const added = keep(result);
        if (!added) continue;
        nextLevel.push(added);
        // A frameset's frames come before the pages after it (those may then fall past the limit).
        nextLevel.push(...(await readFrames([added], depth + 1, reading)));
      }
      progress(crawled.length, Math.min(maxPages, crawled.length + candidates.length - position));
    }
    level = nextLevel;
  }

  // Found and not read: the rest of the last level, what its pages link to, the sitemaps' rest.
  // Pages not yet reached are not fetched: a client-side route among them is no known page.
  const rest = [
    ...pastLimit,
    ...candidates.slice(position),
    ...frontier.discover(level).filter((url) => !hasClientRoute(url)),
    ...frontier.takeNew(await sitemapPages),
  ];
  throwIfCancelled();
  for (const url of rest) {
    const allowed = await reader.isAllowedByRobots(url);
    frontier.noteNotRead({ url, reason: allowed ? 'over_limit' : 'robots' });
  }
}

/** Logs how many pages found were not read, by reason (the report lists them one by one). */
function logNotRead(notRead: NotReadPage[], logger: EnginePorts['logger']): void {
  if (notRead.length === 0) return;
  const counts = new Map<NotReadPage['reason'], number>();
  for (const { reason } of notRead) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const words: Record<NotReadPage['reason'], string> = {
    over_limit: 'over the page limit',
    excluded: 'excluded by the path filter',
    robots: 'disallowed by robots.txt',
    error: 'could not be read',
  };
  const parts = [...counts].map(([reason, count]) => `${count} ${words[reason]}`);
  logger.log({
    level: 'INFO',
    message: `${notRead.length} ${notRead.length === 1 ? 'page' : 'pages'} found ${notRead.length === 1 ? 'was' : 'were'} not read: ${parts.join(', ')}`,
  });
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
  const { browser } = await findBrowser({ chromePath: settings.chromePath });
  if (browser === undefined) {
    // Which paths were tried is the operator's business (the worker logs it at start), not the job log's.
    const message =
      'No browser available: reading pages without one; content inserted by JavaScript may be missing.';
    diagnostics.push({
      level: settings.browser === 'always' ? 'warning' : 'info',
      code: 'ENGINE_FETCH_NO_BROWSER',
      message,
    });
    ports.logger.log({ level: settings.browser === 'always' ? 'WARNING' : 'INFO', message });
    return undefined;
  }
  // The job log is the customer's: the browser's name, not its path or sandbox (the worker's log has them).
  ports.logger.log({ level: 'DEBUG', message: `Rendering pages in ${browser.name}` });
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
  } catch {
    const message = 'The browser could not start: reading pages without one.';
    diagnostics.push({ level: 'warning', code: 'ENGINE_FETCH_NO_BROWSER', message });
    ports.logger.log({ level: 'WARNING', message });
    return undefined;
  }
}
