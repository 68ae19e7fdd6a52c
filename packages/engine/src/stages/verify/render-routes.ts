import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  routeThroughGuard,
  UNREACHABLE_PROXY,
  type GuardedRoutingOptions,
} from '../../browser/guarded-routing';
import {
  capturePng,
  captureDesktopAndMobile,
  DESKTOP_VIEWPORT,
  measureLayout,
  MOBILE_VIEWPORT,
  resizeToMobile,
} from '../../browser/screenshots';
import type { PageLayouts, PageScreenshots } from '../../measure/fidelity';
import { toRouteSlug } from './text-coverage';

/** What one rendered route of the rebuild showed. */
export interface RenderedRoute {
  route: string;
  /**
   * `document.body.innerText` at 1440 px (screen-reader-only words left out), then the text of each
   * hidden tab panel; '' when the page did not load.
   */
  text: string;
  overflow375: boolean;
  consoleErrors: string[];
  brokenImages: string[];
  /**
   * The page's links to its own origin (issue 24): each `href` as written and what it resolves to
   * (path, query and fragment), once each; absent when the page did not load.
   */
  links?: RenderedLink[];
  /** The ids (and `<a name>`s) a fragment of a link can point at on the page. */
  ids?: string[];
  screenshots: Record<string, Uint8Array>;
  /** With screenshots: the layout at 1440 and 375 px, measured right after each screenshot (fidelity). */
  layout?: PageLayouts;
  /** Set when the route could not be rendered at all. */
  error?: string;
}

/** A link of a rendered page to its own origin: its `href` as written, and where it leads. */
export interface RenderedLink {
  href: string;
  /** Path, query and fragment it resolves to (`/about#team`). */
  path: string;
}

/** True for a URL on `origin`, or a data:/blob: URL. */
function isSameOriginOrLocal(url: string, origin: string): boolean {
  return url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:');
}

const NAVIGATION_TIMEOUT_MS = 20_000;
const IDLE_QUIET_MS = 150;
const IDLE_MAX_MS = 4_000;
const IMAGE_WAIT_MS = 4_000;

/**
 * A browser context whose every request passes a filter, with its pages kept open from one route to
 * the next: opening a tab costs about as much as loading a small page.
 */
export interface FilteredContext {
  context: BrowserContext;
  /** An open page, fresh or reused (blank, at 1440 px, with nothing recorded). */
  acquire(): Promise<TrackedPage>;
  /** A new page, never a reused one: a renderer that holds nothing from earlier routes. */
  acquireNew(): Promise<TrackedPage>;
  /** Returns a page for the next route, or closes it (`reusable: false`, e.g. after a failure). */
  release(tracked: TrackedPage, reusable: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a context's pages may load. `origin`: that origin only (and data:/blob:), loaded by Chromium
 * itself — the rebuild, on loopback. `guard`: what the SSRF guard lets through, every request made by
 * the guarded client and handed to Chromium (originals; Chromium itself reaches no network).
 */
export type RequestPolicy = { origin: string } | { guard: GuardedRoutingOptions };

/**
 * Makes Chromium itself block every network request of `page` but those to `origin` (CDP
 * Network.setBlockedURLs with URL patterns; the first match wins). A route handler would do the same
 * with a round trip to Node for every request, which cost verify about a second per 20 routes.
 * False when this Chromium does not know URL patterns.
 */
async function blockAllBut(page: Page, origin: string): Promise<boolean> {
  try {
    const session = await page.context().newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setBlockedURLs', {
      // Older protocol typings know only `urls`; Chromium 140 and later take `urlPatterns`.
      ...({
        urlPatterns: [
          { urlPattern: `${origin}/*`, block: false },
          { urlPattern: '*://*:*/*', block: true },
        ],
      } as unknown as { urls: string[] }),
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens a 1440 px context whose every request follows `policy`. Pages are first shown at 1440 px and
 * then resized to 375 px on the same load: one navigation per page instead of two. `reducedMotion`:
 * the pages' `prefers-reduced-motion` (Chromium's default, `no-preference`, unless set).
 */
export async function openFilteredContext(
  browser: Browser,
  policy: RequestPolicy,
  options: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<FilteredContext> {
  const context = await browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    serviceWorkers: 'block',
    acceptDownloads: false,
    ...(options.reducedMotion === undefined ? {} : { reducedMotion: options.reducedMotion }),
    // An original's requests are all answered by the guarded route handler; what it does not see (a
    // redirect hop Chromium follows itself, a WebSocket) goes to a proxy that is not there and fails.
    ...('guard' in policy ? { proxy: UNREACHABLE_PROXY } : {}),
  });
  const origin = 'origin' in policy ? policy.origin : undefined;
  let routing: Promise<unknown> | undefined =
    'guard' in policy ? routeThroughGuard(context, policy.guard) : undefined;
  await routing?.catch(async (error: unknown) => {
    await context.close().catch(() => undefined);
    throw error;
  });
  // The rebuild's pages block other requests themselves (CDP), unless this Chromium cannot: then a
  // route handler does it for the whole context, installed before any page goes on.
  const routeToOrigin = (only: string) =>
    context.route('**/*', async (route) => {
      if (isSameOriginOrLocal(route.request().url(), only)) await route.continue();
      else await route.abort('blockedbyclient');
    });
  const openPage = async (): Promise<TrackedPage> => {
    const tracked = await openTrackedPage(context);
    if (origin !== undefined && routing === undefined && !(await blockAllBut(tracked.page, origin)))
      routing ??= routeToOrigin(origin);
    await routing;
    return tracked;
  };
  const idle: TrackedPage[] = [];
  return {
    context,
    acquire: async () => idle.pop() ?? (await openPage()),
    acquireNew: openPage,
    async release(tracked, reusable) {
      if (reusable) {
        // The next route starts on a blank page: whatever the last one still had in flight ends
        // (and is reported) before the records are cleared.
        const isBlank = await tracked.page
          .goto('about:blank', { timeout: 5_000 })
          .then(() => tracked.page.setViewportSize(DESKTOP_VIEWPORT))
          .then(
            () => true,
            () => false,
          );
        if (isBlank) {
          tracked.reset();
          idle.push(tracked);
          return;
        }
      }
      await tracked.page.close().catch(() => undefined);
    },
    close: () => context.close(),
  };
}

/**
 * Waits until the page has had no request in flight for a short while (React renders after its
 * module loads; lazy chunks and images follow), capped so a chatty page cannot stall verify.
 */
async function waitForQuiet(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + IDLE_MAX_MS;
  let quietSince = inFlight() === 0 ? Date.now() : Number.POSITIVE_INFINITY;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (inFlight() > 0) quietSince = Number.POSITIVE_INFINITY;
    else if (quietSince === Number.POSITIVE_INFINITY) quietSince = Date.now();
    else if (Date.now() - quietSince >= IDLE_QUIET_MS) return;
  }
}

/** A page with what it requested, logged and failed to load since it was opened or last reset. */
export interface TrackedPage {
  page: Page;
  inFlight(): number;
  consoleErrors: string[];
  failedImages: string[];
  /** Forgets everything recorded so far (between routes). */
  reset(): void;
}

async function openTrackedPage(context: BrowserContext): Promise<TrackedPage> {
  const page = await context.newPage();
  let inFlight = 0;
  const consoleErrors: string[] = [];
  const failedImages: string[] = [];
  page.on('request', () => {
    inFlight += 1;
  });
  page.on('requestfinished', () => {
    inFlight = Math.max(0, inFlight - 1);
  });
  page.on('requestfailed', (request) => {
    inFlight = Math.max(0, inFlight - 1);
    if (request.resourceType() === 'image') failedImages.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() === 'image') {
      failedImages.push(response.url());
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return {
    page,
    inFlight: () => inFlight,
    consoleErrors,
    failedImages,
    reset() {
      inFlight = 0;
      consoleErrors.length = 0;
      failedImages.length = 0;
    },
  };
}

async function gotoAndSettle(tracked: TrackedPage, url: string): Promise<void> {
  const response = await tracked.page.goto(url, {
    waitUntil: 'load',
    timeout: NAVIGATION_TIMEOUT_MS,
  });
  if (response !== null && response.status() >= 400) {
    throw new Error(`HTTP ${response.status()} for ${url}`);
  }
  // A page whose content loads on first view shows an aria-busy placeholder until it is there (React
  // reveals it no sooner than 300 ms after the placeholder): wait for the content, then for the
  // requests it makes (images). Checked again after the quiet in case the app had not rendered yet.
  for (let round = 0; round < 2; round++) {
    const cleared = await waitUntilNotBusy(tracked.page);
    if (!cleared) return;
    await waitForQuiet(tracked.page, tracked.inFlight);
    if (!(await tracked.page.evaluate(() => document.querySelector('[aria-busy="true"]') !== null)))
      return;
  }
}

/** Waits (up to IDLE_MAX_MS) until no element is aria-busy; false when one still is. */
async function waitUntilNotBusy(page: Page): Promise<boolean> {
  return page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
      timeout: IDLE_MAX_MS,
      polling: 50,
    })
    .then(
      () => true,
      () => false,
    );
}

/** What one look into a loaded page reads: the images that did not decode, its own links, its ids. */
interface PageInspection {
  brokenImages: string[];
  links: RenderedLink[];
  ids: string[];
}

/**
 * Loads every image now (lazy ones included) and lists those that did not decode; in the same
 * round trip, the page's links to its own origin and the ids their fragments can point at.
 */
async function inspectPage(page: Page): Promise<PageInspection> {
  return page.evaluate(async (waitMs) => {
    const images = Array.from(document.images).filter(
      (image) => image.currentSrc !== '' || image.getAttribute('src'),
    );
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? undefined
          : new Promise<void>((resolve) => {
              image.addEventListener('load', () => resolve(), { once: true });
              image.addEventListener('error', () => resolve(), { once: true });
              setTimeout(resolve, waitMs);
            }),
      ),
    );
    const brokenImages = images
      .filter(
        (image) =>
          image.complete && image.naturalWidth === 0 && !/\.svg(?:[?#]|$)/iu.test(image.currentSrc),
      )
      .map((image) => image.currentSrc || image.src);
    // Links to the page's own origin (relative ones included), each href once; other sites, mail
    // and script links are not the rebuild's to answer for.
    const links = new Map<string, { href: string; path: string }>();
    for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
      const href = anchor.getAttribute('href') ?? '';
      let url: URL;
      try {
        url = new URL(href, document.baseURI);
      } catch {
        continue;
      }
      if (url.origin !== location.origin || links.has(href)) continue;
      links.set(href, { href, path: url.pathname + url.search + url.hash });
    }
    const ids = [
      ...Array.from(document.querySelectorAll('[id]'), (element) => element.id),
      ...Array.from(document.querySelectorAll('a[name]'), (anchor) => anchor.getAttribute('name')!),
    ];
    return { brokenImages, links: [...links.values()], ids: [...new Set(ids)] };
  }, IMAGE_WAIT_MS);
}

/**
 * The page's visible text. Words added for screen readers only (.sr-only) are the rebuild's own and
 * left out. Inactive tab panels and closed dialogs are hidden (display: none, which innerText skips)
 * yet one click away, holding the original's content: each is shown just long enough to read its
 * innerText. The document's title comes first: it keeps the original's <title>. Words are read as
 * written, not as a text-transform draws them.
 */
export async function readRenderedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const extras = Array.from(document.querySelectorAll<HTMLElement>('.sr-only'));
    const displays = extras.map((element) => element.style.display);
    extras.forEach((element) => (element.style.display = 'none'));
    // The words as written: innerText applies text-transform (headings drawn in capitals, as the
    // original drew them, are the same words), so it is undone while reading.
    const asWritten = document.createElement('style');
    asWritten.textContent = '*, *::before, *::after { text-transform: none !important; }';
    document.head.append(asWritten);
    // The page's title keeps the original's <title> words (a page whose title was its only copy of them).
    const parts = [document.title, document.body.innerText];
    for (const panel of Array.from(
      document.querySelectorAll<HTMLElement>('[role="tabpanel"][hidden]'),
    )) {
      panel.hidden = false;
      parts.push(panel.innerText);
      panel.hidden = true;
    }
    // A closed dialog (a modal of the original) holds the original's words one click away too.
    for (const dialog of Array.from(document.querySelectorAll('dialog:not([open])'))) {
      dialog.setAttribute('open', '');
      parts.push((dialog as HTMLElement).innerText);
      dialog.removeAttribute('open');
    }
    // So do the header's closed dropdown menus (a menu item's children, one click away)...
    for (const menu of Array.from(
      document.querySelectorAll<HTMLElement>('header .dropdown-menu[hidden]'),
    )) {
      menu.hidden = false;
      parts.push(menu.innerText);
      menu.hidden = true;
    }
    // ...and a closed disclosure (a question of the original's FAQ, its answer one click away).
    for (const details of Array.from(document.querySelectorAll('details:not([open])'))) {
      details.setAttribute('open', '');
      parts.push((details as HTMLElement).innerText);
      details.removeAttribute('open');
    }
    extras.forEach((element, index) => (element.style.display = displays[index] ?? ''));
    asWritten.remove();
    return parts.join('\n');
  });
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Renders one route of the rebuild: at 1440 px its text, broken images and a screenshot; then at
 * 375 px whether it overflows horizontally and a screenshot.
 */
export async function renderRebuiltRoute(
  target: FilteredContext,
  origin: string,
  route: string,
  options: { screenshots: boolean },
): Promise<RenderedRoute> {
  const slug = toRouteSlug(route);
  const url = new URL(route, `${origin}/`).href;
  const result: RenderedRoute = {
    route,
    text: '',
    overflow375: false,
    consoleErrors: [],
    brokenImages: [],
    screenshots: {},
  };
  const tracked = await target.acquire();
  let reusable = false;
  try {
    await gotoAndSettle(tracked, url);
    result.text = await readRenderedText(tracked.page);
    const inspection = await inspectPage(tracked.page);
    result.brokenImages.push(...inspection.brokenImages);
    result.links = inspection.links;
    result.ids = inspection.ids;
    let desktopLayout;
    if (options.screenshots) {
      result.screenshots[`after/${slug}-desktop.png`] = await capturePng(tracked.page);
      desktopLayout = await measureLayout(tracked.page, 'desktop');
    }
    await resizeToMobile(tracked.page);
    const scrollWidth = await tracked.page.evaluate(
      () => (document.scrollingElement ?? document.documentElement).scrollWidth,
    );
    result.overflow375 = scrollWidth > MOBILE_VIEWPORT.width;
    if (options.screenshots) {
      result.screenshots[`after/${slug}-mobile.png`] = await capturePng(tracked.page);
      const mobileLayout = await measureLayout(tracked.page, 'mobile');
      if (desktopLayout !== undefined && mobileLayout !== undefined)
        result.layout = { desktop: desktopLayout, mobile: mobileLayout };
    }
    reusable = true;
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    result.consoleErrors.push(...tracked.consoleErrors);
    result.brokenImages.push(...tracked.failedImages);
    await target.release(tracked, reusable);
  }
  result.consoleErrors = unique(result.consoleErrors);
  // Report image addresses as site paths: the loopback port changes every run.
  result.brokenImages = unique(
    result.brokenImages.map((src) =>
      src.startsWith(`${origin}/`) ? src.slice(origin.length) : src,
    ),
  );
  return result;
}

/**
 * Routes a page reaches by the app's navigation before the lane goes on in a new page: a page kept
 * through a long visit keeps what it loaded (pictures, modules, the routes' content), and a load by
 * URL in the same page does not give all of it back — its renderer grew to 120 MB over a lane of
 * ant-site-2004, four lanes at once. A new page has a renderer of its own; closing the old one ends
 * its renderer (issue 24: peak memory).
 */
export const IN_APP_ROUTES_PER_LOAD = 12;
/** Longest wait for the app to show a route it went to by its own navigation. */
const IN_APP_SETTLE_MAX_MS = 4_000;
/** Without a change of its DOM by then, the app did not go to the route. */
const IN_APP_UNCHANGED_MS = 1_000;

/**
 * Takes the app loaded in `tracked`'s page to `route` by its own navigation (history.pushState and a
 * popstate event, which React Router follows, as when a visitor follows a link), then waits until
 * the route is shown: the location is the route's, nothing is aria-busy, no request is in flight and
 * the DOM, changed by the navigation, has not changed for IDLE_QUIET_MS. False when the app did
 * not go there (its location is another, or its DOM did not change within IN_APP_UNCHANGED_MS).
 */
async function navigateInApp(tracked: TrackedPage, url: string): Promise<boolean> {
  const { page } = tracked;
  const pathname = new URL(url).pathname;
  // No named functions inside: the function is sent to the page as text (see browser/in-page-script.ts).
  await page.evaluate((target) => {
    const marks = window as unknown as {
      siteliftChangedAt?: number;
      siteliftNavigatedAt?: number;
      siteliftObserver?: MutationObserver;
    };
    marks.siteliftNavigatedAt = performance.now();
    marks.siteliftChangedAt = marks.siteliftNavigatedAt;
    if (marks.siteliftObserver === undefined) {
      marks.siteliftObserver = new MutationObserver(() => {
        marks.siteliftChangedAt = performance.now();
      });
      marks.siteliftObserver.observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }
    window.scrollTo(0, 0);
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, pathname);
  const deadline = Date.now() + IN_APP_SETTLE_MAX_MS;
  let onRoute = false;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    const state = await page.evaluate(() => {
      const marks = window as unknown as {
        siteliftChangedAt?: number;
        siteliftNavigatedAt?: number;
      };
      const now = performance.now();
      return {
        pathname: window.location.pathname,
        busy: document.querySelector('[aria-busy="true"]') !== null,
        changed: (marks.siteliftChangedAt ?? 0) > (marks.siteliftNavigatedAt ?? 0),
        quietMs: now - (marks.siteliftChangedAt ?? 0),
        sinceMs: now - (marks.siteliftNavigatedAt ?? 0),
      };
    });
    onRoute = state.pathname === pathname;
    if (!onRoute) return false;
    if (state.busy || tracked.inFlight() > 0 || state.quietMs < IDLE_QUIET_MS) continue;
    if (state.changed) return true;
    // Nothing changed: the app did not follow (or drew the same page); loaded by its URL instead.
    if (state.sinceMs >= IN_APP_UNCHANGED_MS) return false;
  }
  return onRoute;
}

/**
 * Resizes the page and waits until its window has the new width, without waiting for frames: pages
 * of one context share a window in headless Chromium, and after a resize one page's next frames
 * waited up to a second for the others' (1.7 s per route with four lanes; 50 ms this way). Reading
 * the layout then lays the page out at that width.
 */
async function resizeWithoutFrames(
  page: Page,
  viewport: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width, {
    polling: 20,
    timeout: 5_000,
  });
}

/**
 * What the route shown in `tracked`'s page shows: its text, broken images, and whether it overflows
 * at 375 px (the page is then set back to 1440 px), with what it logged since `tracked` was cleared.
 */
async function readShownRoute(
  tracked: TrackedPage,
  origin: string,
  route: string,
): Promise<RenderedRoute> {
  const text = await readRenderedText(tracked.page);
  const { brokenImages: broken, links, ids } = await inspectPage(tracked.page);
  await resizeWithoutFrames(tracked.page, MOBILE_VIEWPORT);
  const scrollWidth = await tracked.page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth,
  );
  await resizeWithoutFrames(tracked.page, DESKTOP_VIEWPORT);
  return {
    route,
    text,
    overflow375: scrollWidth > MOBILE_VIEWPORT.width,
    consoleErrors: unique(tracked.consoleErrors),
    brokenImages: unique(
      [...broken, ...tracked.failedImages].map((src) =>
        src.startsWith(`${origin}/`) ? src.slice(origin.length) : src,
      ),
    ),
    links,
    ids,
    screenshots: {},
  };
}

/**
 * Renders `routes` of the rebuild for what they show, without screenshots (issue 24: the routes past
 * the screenshot sample), in one page: the first is loaded by its URL, each next one reached by the
 * app's own navigation, which costs a fraction of loading the app again (every IN_APP_ROUTES_PER_LOAD
 * routes the page is closed and the next route loaded by its URL in a new page, which lets go of
 * all the old one kept). A route the app does not go to, or that fails, is loaded by its URL in a
 * page of its own ({@link renderRebuiltRoute}). `onRendered` gets each route's result, in the given
 * order.
 */
export async function renderRoutesInApp(
  target: FilteredContext,
  origin: string,
  routes: readonly string[],
  onRendered: (result: RenderedRoute) => void,
): Promise<void> {
  let tracked = await target.acquire();
  let loaded = false;
  let sinceLoad = 0;
  let healthy = true;
  try {
    for (const route of routes) {
      const url = new URL(route, `${origin}/`).href;
      let result: RenderedRoute | undefined;
      if (healthy) {
        try {
          const inApp = loaded && sinceLoad < IN_APP_ROUTES_PER_LOAD;
          if (loaded && !inApp) {
            // The lane goes on in a new page: closing this one ends its renderer and all it kept.
            await target.release(tracked, false);
            tracked = await target.acquireNew();
          }
          tracked.consoleErrors.length = 0;
          tracked.failedImages.length = 0;
          const shown = inApp
            ? await navigateInApp(tracked, url)
            : await gotoAndSettle(tracked, url).then(() => true);
          if (shown) {
            result = await readShownRoute(tracked, origin, route);
            loaded = true;
            sinceLoad = inApp ? sinceLoad + 1 : 0;
          }
        } catch {
          // The page is in an unknown state: this route and the next are loaded by their URLs.
          healthy = false;
        }
      }
      result ??= await renderRebuiltRoute(target, origin, route, { screenshots: false });
      onRendered(result);
    }
  } finally {
    await target.release(tracked, healthy);
  }
}

/** An original's screenshots under their report names: `before/<slug>-desktop.png`, `-mobile.png`. */
export function toBeforeScreenshots(
  route: string,
  shots: PageScreenshots,
): Record<string, Uint8Array> {
  const slug = toRouteSlug(route);
  return {
    [`before/${slug}-desktop.png`]: shots.desktop,
    [`before/${slug}-mobile.png`]: shots.mobile,
  };
}

/** Longest wait for an entered site to stop changing (its panels slide or fade in). */
const ENTER_SETTLE_MAX_MS = 4_000;
const ENTER_STABLE_MS = 400;

/**
 * Follows an entry screen's link ("Lets begin") the way a visitor does: clicks the visible link or
 * button with that label, then waits until the page stops changing (requests done, text and height
 * the same for a while) and scrolls back to the top. Rejects when no such control is shown.
 */
async function enterSite(tracked: TrackedPage, label: string): Promise<void> {
  const { page } = tracked;
  // No named functions inside: the function is sent to the page as text (see browser/in-page-script.ts).
  const clicked = await page.evaluate((wanted) => {
    const control = Array.from(document.querySelectorAll<HTMLElement>('a[href], button')).find(
      (element) =>
        (element.innerText || element.getAttribute('aria-label') || '')
          .replace(/\s+/g, ' ')
          .trim()
          .toLowerCase() === wanted && element.getClientRects().length > 0,
    );
    control?.click();
    return control !== undefined;
  }, label.replace(/\s+/g, ' ').trim().toLowerCase());
  if (!clicked) throw new Error(`no link "${label}" to enter the site`);
  await waitForQuiet(page, tracked.inFlight);
  const deadline = Date.now() + ENTER_SETTLE_MAX_MS;
  let last = '';
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    // The text, the page's height and where its first blocks stand: a panel that slides in (jQuery's
    // animate) keeps the text and height but moves every frame until it is in place.
    const state = await page.evaluate(() =>
      [
        document.body.innerText.length,
        document.documentElement.scrollHeight,
        ...Array.from(document.body.querySelectorAll('body > *, body > * > *, body > * > * > *'))
          .slice(0, 60)
          .map((element) => {
            const box = element.getBoundingClientRect();
            return `${Math.round(box.left)},${Math.round(box.top)}`;
          }),
      ].join(':'),
    );
    if (state !== last) {
      last = state;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= ENTER_STABLE_MS) break;
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Screenshots one original page at 1440 px and 375 px (name them with {@link toBeforeScreenshots}),
 * with the layout of each view. With `enter` (an entry screen's link label, see LayoutSnapshot's
 * `splash`), the page is shown as a visitor sees the site: after following that link.
 */
export async function screenshotOriginal(
  target: FilteredContext,
  url: string,
  options: { enter?: string } = {},
): Promise<PageScreenshots> {
  const tracked = await target.acquire();
  let reusable = false;
  try {
    await gotoAndSettle(tracked, url);
    if (options.enter !== undefined) await enterSite(tracked, options.enter);
    const shots = await captureDesktopAndMobile(tracked.page);
    reusable = true;
    return shots;
  } finally {
    await target.release(tracked, reusable);
  }
}

/** An animation a page runs as a visitor sees it (motion allowed): its name, what starts it, how many. */
export interface RunningAnimation {
  /** The CSS animation's name (`motion-rise`), or `transition` / `script` for the other kinds. */
  name: string;
  /** `load`: runs on the document's clock (on load, or looping); `scroll`: driven by scrolling. */
  trigger: 'load' | 'scroll';
  /** How many elements run it. */
  count: number;
}

/**
 * The animations `route` runs when the visitor has not asked for reduced motion (decision record
 * 092): loaded once in `target` (a context opened with `reducedMotion: 'no-preference'`), read from
 * `document.getAnimations()` right after the load settles — those on load, looping, or driven by
 * scrolling (a scroll or view timeline) — each name and trigger once with how many elements run it,
 * by name. Verify's screenshots and scores are taken with reduced motion; this says what they leave
 * out. Throws when the route does not load.
 */
export async function readRunningAnimations(
  target: FilteredContext,
  origin: string,
  route: string,
): Promise<RunningAnimation[]> {
  const tracked = await target.acquireNew();
  let reusable = false;
  try {
    await gotoAndSettle(tracked, new URL(route, `${origin}/`).href);
    const found = await tracked.page.evaluate(() =>
      document.getAnimations().map((animation) => ({
        name:
          animation instanceof CSSAnimation
            ? animation.animationName
            : animation instanceof CSSTransition
              ? 'transition'
              : 'script',
        trigger:
          animation.timeline === null || animation.timeline instanceof DocumentTimeline
            ? ('load' as const)
            : ('scroll' as const),
      })),
    );
    reusable = true;
    const counted = new Map<string, RunningAnimation>();
    for (const { name, trigger } of found) {
      const key = `${name}\n${trigger}`;
      const known = counted.get(key);
      if (known === undefined) counted.set(key, { name, trigger, count: 1 });
      else known.count += 1;
    }
    return [...counted.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.trigger.localeCompare(b.trigger),
    );
  } finally {
    await target.release(tracked, reusable);
  }
}
