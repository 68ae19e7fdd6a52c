import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { Dispatcher } from 'undici';
import { launchChromium } from '../../browser/chromium';
import {
  GUARDED_BROWSER_ARGS,
  routeThroughGuard,
  UNSEEN_RESOURCE_TYPES,
} from '../../browser/guarded-routing';
import { captureDesktopAndMobile, DESKTOP_VIEWPORT } from '../../browser/screenshots';
import type { PageScreenshots } from '../../measure/fidelity';
import type { GuardOptions } from '../../net/assert-public-url';
import type { PageProbe } from '../../measure/page-probe';
import { readPageProbe, readPhoneHeader, withPhoneHeader } from './identity-probe';

/**
 * Launch arguments that keep the page from reaching the network on its own: every request is answered
 * by the guarded route handler, anything that would bypass it goes to an unreachable proxy and fails
 * (loopback included), WebRTC may only use proxied UDP (none). Audio is muted.
 */
export const RENDER_BROWSER_ARGS = [...GUARDED_BROWSER_ARGS, '--mute-audio'];

/**
 * Runs in every document before its scripts. It records when the DOM last changed, so that rendering
 * waits for scripts that insert content. And because tabs rendered side by side are not all
 * "visible", and Chromium pauses requestAnimationFrame in hidden tabs, scripts that insert content a
 * frame later (speagle-js does) would be caught half-done: every tab behaves as visible and animation
 * frames run on a timer. Plain JavaScript text, not a function, so that no build tool rewrites it.
 */
const RENDER_INIT_SCRIPT = `(() => {
  const record = () => { window.__siteliftLastMutation = performance.now(); };
  record();
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style', 'class'] });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
  window.requestAnimationFrame = (callback) => window.setTimeout(() => callback(performance.now()), 16);
  window.cancelAnimationFrame = (handle) => window.clearTimeout(handle);
})();`;

/**
 * The whole text of the document, hidden parts included (panels a script shows one at a time), but
 * not scripts, styles and templates: what a client-side route is compared with. Plain JavaScript
 * text, like RENDER_INIT_SCRIPT.
 */
const DOCUMENT_TEXT_SCRIPT = `(() => {
  const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA']);
  const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
  const parts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skipped.has(node.parentElement && node.parentElement.tagName)) parts.push(node.data);
  }
  return parts.join(' ');
})()`;

/** Blocked too, unless the renderer takes screenshots: they show, but do not change the HTML. */
const PICTURE_RESOURCE_TYPES = new Set(['image', 'font']);
/** Requests of a page's scripts for data (a content loader's JSON, a template). */
const DATA_RESOURCE_TYPES = new Set(['fetch', 'xhr']);

/** A document already read by the static fetch, handed to Chromium instead of fetching it again. */
export interface PrefetchedDocument {
  url: string;
  status: number;
  contentType: string;
  body: Uint8Array;
}

/** Options of the renderer. */
export interface PageRendererOptions extends GuardOptions {
  dispatcher: Dispatcher;
  chromePath: string;
  userAgent: string;
  pageTimeoutMs: number;
  /** Largest sub-resource (script, JSON, stylesheet) fetched for the page. */
  maxResourceBytes: number;
  /** Quiet time (no request in flight) after `load` that ends the wait for scripts. */
  idleMs?: number;
  /** Longest wait for the network to go quiet after `load`. */
  maxIdleWaitMs?: number;
  /**
   * Longest wait after `load` while data the page's scripts asked for (fetch, XHR) is still coming
   * or was just received: a content loader's JSON on a busy machine outlasts `maxIdleWaitMs`.
   */
  maxDataWaitMs?: number;
  signal?: AbortSignal;
  /** Called for each request the guard refused (for the job log). */
  onRefused?: (url: string, reason: string) => void;
  /**
   * Load images and fonts too, and screenshot every rendered page at 1440 px and 375 px (the report's
   * "before" pictures) on the same load.
   */
  screenshots?: boolean;
}

/** What rendering a document gave. */
export interface RenderedDocument {
  /** The DOM's HTML once scripts settled. */
  html: string;
  /** At 1440 px and 375 px, when the renderer takes screenshots; undefined if they failed. */
  screenshots?: PageScreenshots;
  /** The identity probe's reading of the page (issue 12); undefined when it failed. */
  probe?: PageProbe;
}

/** A tab with its document loaded and settled. */
interface LoadedTab {
  page: Page;
  /** Sets the document's hash (a real hash navigation, as a click makes) and waits until it settled. */
  navigateHash(hash: string, isDomIgnored?: boolean): Promise<void>;
}

/** Renders pages in one Chromium (one per site run). */
export interface PageRenderer {
  /**
   * Loads `document` (fulfilled from its prefetched bytes), runs its scripts (and navigates to the
   * options' `route`), reads the page's identity (readPageProbe) and returns the DOM's HTML, then
   * (with the renderer's `screenshots`) screenshots the page at 1440 px and 375 px.
   */
  render(document: PrefetchedDocument): Promise<RenderedDocument>;
  /**
   * Renders a client-side route of `document` (issue 23): loads it as `render` does, navigates its
   * hash to `hash` (the router's `hashchange` runs, as on a click), lets it settle and reads it.
   */
  renderRoute(document: PrefetchedDocument, hash: string): Promise<RenderedDocument>;
  /**
   * The routes among `hashes` that are views of their own: `document` is loaded once, its whole
   * text read (hidden parts included), then each hash is navigated to in turn and `isView` given
   * that text and the visible text once the network went quiet.
   */
  findViews(
    document: PrefetchedDocument,
    hashes: string[],
    isView: (documentText: string, visibleText: string) => boolean,
  ): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts Chromium and returns a renderer whose every request goes through the SSRF guard. */
export async function startPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const browser: Browser = await launchChromium({
    executablePath: options.chromePath,
    args: RENDER_BROWSER_ARGS,
  });
  const prefetched = new Map<string, PrefetchedDocument>();
  let context: BrowserContext;
  try {
    context = await browser.newContext({
      serviceWorkers: 'block',
      javaScriptEnabled: true,
      userAgent: options.userAgent,
      viewport: DESKTOP_VIEWPORT,
      acceptDownloads: false,
    });
    await context.addInitScript({ content: RENDER_INIT_SCRIPT });
    await routeThroughGuard(context, {
      ...options,
      timeoutMs: options.pageTimeoutMs,
      blockedResourceTypes:
        options.screenshots === true
          ? UNSEEN_RESOURCE_TYPES
          : new Set([...UNSEEN_RESOURCE_TYPES, ...PICTURE_RESOURCE_TYPES]),
      findStoredDocument: (url) => prefetched.get(url),
    });
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
  // Popups opened by scripts (they have an opener; our own tabs do not) are closed straight away.
  context.on('page', (page) => {
    void page
      .opener()
      .then((opener) => (opener ? page.close() : undefined))
      .catch(() => undefined);
  });
  const idleMs = options.idleMs ?? 400;
  const idlePages: Page[] = [];
  const maxIdleWaitMs = options.maxIdleWaitMs ?? 3_000;
  const maxDataWaitMs = Math.max(maxIdleWaitMs, options.maxDataWaitMs ?? 10_000);

  /**
   * Loads `document` in a tab (reused: opening one costs more than the rest of a small page's
   * render), lets its scripts settle, and hands it to `use`; the tab is emptied and kept when `use`
   * succeeded, closed otherwise.
   */
  const withDocument = async <T>(
    document: PrefetchedDocument,
    use: (tab: LoadedTab) => Promise<T>,
  ): Promise<T> => {
    const page = idlePages.pop() ?? (await context.newPage());
    prefetched.set(document.url, document);
    const inFlight = new Set<Request>();
    // What the page's scripts asked for (fetch, XHR): content a loader inserts once it arrives.
    const dataInFlight = new Set<Request>();
    let lastNetworkActivity = Date.now();
    let lastDataActivity = 0;
    const onRequest = (request: Request): void => {
      inFlight.add(request);
      lastNetworkActivity = Date.now();
      if (DATA_RESOURCE_TYPES.has(request.resourceType())) {
        dataInFlight.add(request);
        lastDataActivity = lastNetworkActivity;
      }
    };
    const settle = (request: Request): void => {
      inFlight.delete(request);
      lastNetworkActivity = Date.now();
      if (dataInFlight.delete(request)) lastDataActivity = lastNetworkActivity;
    };
    page.on('request', onRequest);
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    const onAbort = (): void => void page.close().catch(() => undefined);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let isReusable = false;
    try {
      // Scripts often fetch and insert content after `load` (content loaders, SPAs): wait until
      // no request is in flight and the DOM has not changed for `idleMs`, at most `maxIdleWaitMs`.
      const waitUntilSettled = async ({ isDomIgnored = false } = {}): Promise<void> => {
        const start = Date.now();
        // Past maxIdleWaitMs only while the page's data is coming or was received too recently
        // for its script to have inserted it (issue 23: a loader's page read empty under load).
        const isDataPending = (now: number): boolean =>
          dataInFlight.size > 0 || now - lastDataActivity < idleMs * 2;
        for (;;) {
          const now = Date.now();
          if (now >= start + maxIdleWaitMs && !(now < start + maxDataWaitMs && isDataPending(now)))
            break;
          await new Promise((resolve) => setTimeout(resolve, 100));
          if (inFlight.size > 0) continue;
          const sinceMutation = isDomIgnored
            ? Number.POSITIVE_INFINITY
            : await page
                .evaluate<number>('performance.now() - (window.__siteliftLastMutation || 0)')
                .catch(() => Number.POSITIVE_INFINITY);
          if (
            Math.min(sinceMutation, Date.now() - lastNetworkActivity) >= idleMs &&
            !isDataPending(Date.now())
          )
            break;
        }
      };
      const navigateHash = async (hash: string, isDomIgnored = false): Promise<void> => {
        // The router answers `hashchange` a moment later: the wait starts from the navigation.
        lastNetworkActivity = Date.now();
        await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
        await waitUntilSettled({ isDomIgnored });
      };
      await page
        .goto(document.url, { waitUntil: 'load', timeout: options.pageTimeoutMs })
        .catch(async (error: unknown) => {
          // A picture or script that never answers (a stalled third-party host, a busy machine)
          // holds `load` back: once the document itself is parsed, stop what is still loading
          // and read what it shows rather than lose its look to the served HTML (issue 23).
          if (!(await isDocumentParsed(page, document.url))) throw error;
          await withTimeout(page.evaluate('window.stop()'), PARSED_CHECK_MS).catch(() => undefined);
        });
      await waitUntilSettled();
      const result = await use({ page, navigateHash });
      isReusable = true;
      return result;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      page.off('request', onRequest);
      page.off('requestfinished', settle);
      page.off('requestfailed', settle);
      prefetched.delete(document.url);
      // A page that failed (timeout, hung script) is closed; a good one is emptied and kept.
      if (isReusable && !options.signal?.aborted) {
        const isBlank = await page
          .goto('about:blank', { timeout: 5_000 })
          .then(() => page.setViewportSize(DESKTOP_VIEWPORT))
          .then(() => true)
          .catch(() => false);
        if (isBlank) idlePages.push(page);
        else await page.close().catch(() => undefined);
      } else {
        await page.close().catch(() => undefined);
      }
    }
  };

  /** Reads a settled tab: the probe's marks and reading, the HTML, the screenshots. */
  const readDocument = async (
    document: PrefetchedDocument,
    page: Page,
  ): Promise<RenderedDocument> => {
    // A script or <meta refresh> that navigated elsewhere leaves another document in the tab.
    if (page.url().replace(/#.*$/, '') !== document.url.replace(/#.*$/, '')) {
      throw new Error(`the page navigated to ${page.url()}`);
    }
    // The probe marks the DOM (brand, menu, buttons, columns) before its HTML is read; a page
    // whose probe fails, or answers what no probe writes (the page's scripts replaced a DOM
    // function it calls), is still read, and extract falls back to its CSS.
    const probe = await readPageProbe(page).catch(() => undefined);
    const html = await page.content();
    let screenshots: PageScreenshots | undefined;
    if (options.screenshots === true) {
      // Without its screenshots the page is still read; verify then loads it again for them.
      screenshots = await captureDesktopAndMobile(page).catch(() => undefined);
    }
    // Last, at the phone's width (the screenshots left the page there): the header a phone shows.
    const phoneHeader = probe?.typography
      ? await readPhoneHeader(page).catch(() => undefined)
      : undefined;
    return { html, screenshots, ...(probe ? { probe: withPhoneHeader(probe, phoneHeader) } : {}) };
  };

  return {
    render: (document) => withDocument(document, ({ page }) => readDocument(document, page)),
    renderRoute: (document, hash) =>
      withDocument(document, async ({ page, navigateHash }) => {
        await navigateHash(hash);
        return readDocument(document, page);
      }),
    findViews: (document, hashes, isView) =>
      withDocument(document, async ({ page, navigateHash }) => {
        const documentText = await page.evaluate<string>(DOCUMENT_TEXT_SCRIPT);
        const views: string[] = [];
        // One load for all of them, one after the other as a visitor clicks; a route's look waits
        // for the network only: a carousel's endless DOM changes would hold each for the whole wait.
        for (const hash of hashes) {
          await navigateHash(hash, true);
          const visibleText = await page.evaluate<string>(
            'document.body ? document.body.innerText : ""',
          );
          if (isView(documentText, visibleText)) views.push(hash);
        }
        return views;
      }),
    async close() {
      await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
    },
  };
}

/** How long the checks after a `load` that never came may take (a hung script answers none). */
const PARSED_CHECK_MS = 2_000;

/** `promise`, or a rejection after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Whether the tab holds `url`'s document, parsed to its end (`interactive` or `complete`): what
 * a timed-out `load` leaves when only sub-resources are missing. A page whose script hangs the
 * parser (or the tab) is not.
 */
async function isDocumentParsed(page: Page, url: string): Promise<boolean> {
  if (page.url().replace(/#.*$/, '') !== url.replace(/#.*$/, '')) return false;
  const state = await withTimeout(
    page.evaluate<string>('document.readyState'),
    PARSED_CHECK_MS,
  ).catch(() => 'loading');
  return state === 'interactive' || state === 'complete';
}
