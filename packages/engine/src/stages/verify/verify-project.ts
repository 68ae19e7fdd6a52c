import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@sitelift/shared/error-codes';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../browser/chromium';
import { UNSEEN_RESOURCE_TYPES, WEBRTC_PROXIED_ONLY_ARGS } from '../../browser/guarded-routing';
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import { formatReleasedMemory, releaseMemory } from '../../lib/release-memory';
import type { CapturedPage, Fidelity, PageScreenshots } from '../../measure/fidelity';
import { type GuardOptions, type HostResolver } from '../../net/assert-public-url';
import { buildGuardedAgent } from '../../net/guarded-agent';
import type { EnginePorts } from '../../ports';
import type { FileTree, VerifyExpectations, VerifyReport } from '../../types';
import { startCompressing } from './compress-screenshots';
import { findDeadLinks, listFiles } from './dead-links';
import { measureFidelity } from './fidelity/measure-fidelity';
import { findVerifyChromePath } from './open-browser';
import {
  openFilteredContext,
  screenshotOriginal,
  toBeforeScreenshots,
  type RenderedRoute,
} from './render-routes';
import { measureLighthouse } from './measure-lighthouse';
import { pickScreenshotRoutes } from './pick-screenshot-routes';
import type { StaticServer } from './serve-static';
import { toRouteSlug } from './text-coverage';
import {
  buildStep,
  planOriginals,
  motionStep,
  renderStep,
  serveStep,
  throwIfCancelled,
  toRenderFindings,
  toVerifyRoutes,
  type StepLog,
} from './verify-steps';
import { readFileTree, type WrittenProject } from './write-project';

/** Options of {@link verifyProject}. */
export interface VerifyOptions {
  /** Lets the original-page screenshots and Lighthouse reach private addresses (tests, local development). */
  allowPrivateUrls?: boolean;
  /**
   * Let the browsers reach loopback addresses only (tests and the bench serve originals on 127.0.0.1;
   * their CDN links and trackers must not leave the machine). Wins over allowPrivateUrls.
   */
  loopbackOnly?: boolean;
  /** Chromium binary; default CHROME_PATH or the system's. */
  chromePath?: string;
  /**
   * Pages rendered at the same time (default 4). Most of a page's time is waiting (for the network to
   * go quiet, for React to reveal a lazy page), so 4 lanes beat 2 on a 2-core machine: ant-site-2004's
   * verify took 19–22 s instead of 23–42 s in alternating runs.
   */
  concurrency?: number;
  /** Include the built dist/ in the report (default true). */
  includeDist?: boolean;
  /** Build time limit (default 180 s). */
  buildTimeoutMs?: number;
  /**
   * Routes screenshotted and measured for fidelity before verify samples them (default
   * SCREENSHOT_ROUTES_BOUND, 40); every route is rendered for its text either way.
   */
  screenshotRoutesBound?: number;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

/** Test seams of {@link verifyProject} that are not product options. */
export interface VerifyInternals {
  /** A resolver instead of the system's DNS (tests simulate names that resolve to private addresses). */
  resolve?: HostResolver;
  /** An address policy instead of the product's (tests treat one loopback address as public). */
  addressRefusal?: (address: string) => string | undefined;
}

/** One request of an original (its redirects included); the page itself has 20 s. */
const ORIGINAL_REQUEST_TIMEOUT_MS = 15_000;
/** Largest response of an original loaded for its screenshots (the fetch stage's asset limit). */
const ORIGINAL_MAX_RESOURCE_BYTES = 10 * 1024 * 1024;

/**
 * Launches verify's Chromium (undefined when there is none). WebRTC may only use proxied UDP: the
 * originals' context has an unreachable proxy, so an original's script cannot send STUN/TURN packets
 * to an internal address, which no route handler would see.
 */
async function openGuardedVerifyBrowser(chromePath?: string): Promise<Browser | undefined> {
  const executablePath = await findVerifyChromePath(chromePath);
  if (executablePath === undefined) return undefined;
  // /dev/shm is small in containers; without this flag large screenshots can crash the renderer.
  return launchChromium({
    executablePath,
    args: ['--disable-dev-shm-usage', ...WEBRTC_PROXIED_ONLY_ARGS],
  });
}

/** The SSRF guard for everything an original makes a browser request (screenshots, Lighthouse). */
function toOriginalGuard(options: VerifyOptions, internals: VerifyInternals): GuardOptions {
  return {
    ...internals,
    allowPrivateUrls: options.allowPrivateUrls === true,
    loopbackOnly: options.loopbackOnly === true,
  };
}

/**
 * With `SITELIFT_FIDELITY_DUMP=<dir>` (a developer's switch, read by `bench/explain-fidelity.ts`):
 * each route's desktop layouts of both sides as `<dir>/<route slug>.json`.
 */
async function dumpLayouts(
  pages: VerifyExpectations['pages'],
  byRoute: Map<string, RenderedRoute>,
  originals: Map<string, PageScreenshots>,
): Promise<void> {
  const dir = process.env.SITELIFT_FIDELITY_DUMP;
  if (dir === undefined || dir === '') return;
  await mkdir(dir, { recursive: true });
  for (const page of pages) {
    const original = originals.get(page.url)?.layout?.desktop;
    const rebuilt = byRoute.get(page.route)?.layout?.desktop;
    if (original === undefined || rebuilt === undefined) continue;
    await writeFile(
      path.join(dir, `${toRouteSlug(page.route)}.json`),
      JSON.stringify({ route: page.route, original, rebuilt }),
    );
  }
}

/** Each route's rebuild and original as screenshotted and measured, compared by measureFidelity. */
async function measureRebuildFidelity(
  expectations: VerifyExpectations,
  pages: VerifyExpectations['pages'],
  rendered: RenderedRoute[],
  originals: Map<string, PageScreenshots>,
): Promise<{ fidelity?: Fidelity; crops: Record<string, Uint8Array> }> {
  const byRoute = new Map(rendered.map((result) => [result.route, result]));
  await dumpLayouts(pages, byRoute, originals);
  return measureFidelity({
    identity: expectations.identity,
    routes: pages.map((page) => {
      const result = byRoute.get(page.route);
      const slug = toRouteSlug(page.route);
      const desktop = result?.screenshots[`after/${slug}-desktop.png`];
      const mobile = result?.screenshots[`after/${slug}-mobile.png`];
      const rebuilt: CapturedPage | undefined =
        desktop === undefined || mobile === undefined || result?.layout === undefined
          ? undefined
          : { desktop, mobile, layout: result.layout };
      return { route: page.route, original: originals.get(page.url), rebuilt };
    }),
  });
}

/** Starts compressing a page's two screenshots (see startCompressing). */
function startCompressingShots(shots: PageScreenshots): void {
  startCompressing(shots.desktop);
  startCompressing(shots.mobile);
}

/** One line for the dead links: none, or how many and the first few. */
function logDeadLinks(
  deadLinks: NonNullable<VerifyReport['deadLinks']>,
  log: (level: 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR', message: string) => void,
): void {
  if (deadLinks.count === 0) {
    log('INFO', 'Every internal link leads to a page, file or anchor of the rebuild');
    return;
  }
  const examples = deadLinks.links
    .slice(0, 3)
    .map(({ route, href }) => `${href} on ${route}`)
    .join(', ');
  log(
    'WARNING',
    `${deadLinks.count} internal link${deadLinks.count === 1 ? ' leads' : 's lead'} nowhere in the rebuild: ${examples}${deadLinks.count > 3 ? ', …' : ''}`,
  );
}

function formatScore(score: number): string {
  return score.toFixed(2);
}

function logFidelity(
  fidelity: Fidelity,
  log: (level: 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR', message: string) => void,
): void {
  const { overall, routes, identity } = fidelity;
  const failed = identity.filter((check) => !check.ok);
  log(
    'INFO',
    `Fidelity over ${routes.length} route${routes.length === 1 ? '' : 's'}: block ${formatScore(overall.block)}, text ${formatScore(overall.text)}, position ${formatScore(overall.position)}, colour ${formatScore(overall.color)}, visual ${formatScore(overall.visual)}; identity checks ${identity.length - failed.length}/${identity.length} passed`,
  );
  for (const check of failed)
    log(
      'WARNING',
      `Identity check ${check.check} failed: found ${check.found}${check.expected === undefined ? '' : `, expected ${check.expected}`}`,
    );
}

/**
 * Builds a generated project with the engine's own toolchain, serves its dist/ on loopback and renders
 * every route in Chromium: text coverage, required snippets, overflow at 375 px, console errors,
 * broken images, before/after screenshots and (optionally) Lighthouse before and after. A build failure
 * is reported as `build.ok: false`, never thrown; the pipeline refuses to deliver such a project.
 * The steps build → serve → render → measure are functions of their own (verify-steps.ts); this
 * walks them, then the originals' screenshots, fidelity and Lighthouse.
 */
export async function verifyProject(
  tree: FileTree,
  expectations: VerifyExpectations,
  ports: EnginePorts,
  options: VerifyOptions = {},
  internals: VerifyInternals = {},
): Promise<VerifyReport> {
  const { logger, signal } = ports;
  const originalGuard = toOriginalGuard(options, internals);
  const log = (level: 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR', message: string) =>
    logger.log({ level, message });
  const writeLog = ({ level, message }: StepLog) => logger.log({ level, message });
  const routes = toVerifyRoutes(expectations);
  // Every route is rendered for its text; screenshots and fidelity go to all of them up to a bound,
  // beyond it to a spread sample (issue 24: a 200-page site in minutes, not a quarter of an hour).
  const picked = pickScreenshotRoutes(
    expectations.pages.map((page) => page.route),
    options.screenshotRoutesBound,
  );
  const screenshotRoutes = new Set(picked.routes);
  const screenshotPages = expectations.screenshots
    ? expectations.pages.filter((page) => screenshotRoutes.has(page.route))
    : [];
  const total = 1 + routes.length + screenshotPages.length + (expectations.lighthouse ? 2 : 0);
  let done = 0;
  const step = () => {
    done += 1;
    logger.progress?.({ stage: 'verify', done, total });
  };
  logger.progress?.({ stage: 'verify', done, total });

  const report: VerifyReport = {
    build: { ok: false, ms: 0 },
    textCoverage: 0,
    overflow375: [],
    consoleErrors: [],
    brokenImages: [],
    missingText: [],
    screenshots: {},
  };

  // Originals the fetch stage already screenshotted are not loaded again (planOriginals); their
  // screenshots are compressed for the report while the project builds, one at a time.
  const originalsPlan = planOriginals(screenshotPages, expectations.originalScreenshots ?? {});
  for (const { shots } of originalsPlan.reused) startCompressingShots(shots);

  let project: WrittenProject | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  // Chromium starts while the project builds (both take a moment; neither needs the other).
  const launching = openGuardedVerifyBrowser(options.chromePath).then(
    (launched) => ({ launched, error: undefined }),
    (error: unknown) => ({ launched: undefined, error }),
  );
  try {
    const built = await buildStep(tree, {
      signal,
      timeoutMs: options.buildTimeoutMs,
      log: writeLog,
      // The build runs in processes of its own: meanwhile the heap the earlier stages no longer use
      // (generate's Prettier passes) goes back to the system, not to sit next to Chromium and the
      // rendered routes at the run's peak (issue 24).
      whileBuilding: () => {
        const released = releaseMemory();
        if (released !== undefined) log('DEBUG', formatReleasedMemory(released));
      },
    });
    project = built.project;
    const { build, distDir } = built;
    report.build = build;
    step();
    if (!build.ok) {
      log(
        'ERROR',
        `The generated project does not build: ${(build.error ?? '').split('\n').slice(0, 3).join(' ')}`,
      );
      return report;
    }
    log('INFO', `Build succeeded in ${(build.ms / 1000).toFixed(1)} s`);
    if (options.includeDist !== false) report.dist = await readFileTree(distDir);

    server = await serveStep(distDir);
    const launch = await launching;
    if (launch.error !== undefined) throw launch.error;
    browser = launch.launched;
    if (browser === undefined) {
      log(
        'WARNING',
        'Chromium was not found (set CHROME_PATH): routes were not rendered, so text coverage, snippets, overflow and screenshots are unmeasured',
      );
      report.requiredSnippets = expectations.requiredSnippets
        ? {
            kept: 0,
            total: expectations.requiredSnippets.length,
            missing: expectations.requiredSnippets.map((snippet) => snippet.text),
          }
        : undefined;
      return report;
    }

    const origin = server.origin;
    const concurrency = options.concurrency ?? 4;
    const rendered = await renderStep(browser, origin, routes, {
      concurrency,
      screenshots: expectations.screenshots,
      // Up to the bound every route is loaded by its URL, those only required snippets name too.
      fullRoutes: picked.sampled ? screenshotRoutes : undefined,
      signal,
      log: writeLog,
      onRendered: (result) => {
        step();
        // Compressed while the other routes render (compressScreenshots then finds them done).
        Object.values(result.screenshots).forEach(startCompressing);
      },
    });
    const startRoute = routes[0];
    if (startRoute !== undefined) {
      throwIfCancelled(signal);
      const motion = await motionStep(browser, origin, startRoute, writeLog);
      if (motion !== undefined) report.motion = motion;
    }
    const findings = toRenderFindings(expectations, rendered);
    Object.assign(report, findings.findings);
    findings.log.forEach(writeLog);
    report.deadLinks = findDeadLinks(rendered, { routes, files: await listFiles(distDir) });
    logDeadLinks(report.deadLinks, log);
    // Routes loaded by their URL (and screenshotted, with screenshots), of the site's routes.
    report.rendered = {
      routes: picked.routes.length,
      of: expectations.pages.length,
      sampled: picked.sampled,
    };
    if (picked.sampled)
      log(
        'INFO',
        `${expectations.screenshots ? 'Screenshotted and measured' : 'Loaded by their address'} ${picked.routes.length} of ${expectations.pages.length} routes (every kind of page, spread over the site); text, overflow, console errors and images were checked on every route`,
      );

    const { toLoad, shots: originalShots } = originalsPlan;
    for (const { route, shots } of originalsPlan.reused) {
      Object.assign(report.screenshots, toBeforeScreenshots(route, shots));
      step();
    }
    if (toLoad.length > 0) {
      throwIfCancelled(signal);
      // Every request of an original — the page, each redirect hop, each picture, frame or stylesheet —
      // is made by the guarded client and handed to Chromium, which reaches no network itself.
      const dispatcher = buildGuardedAgent(originalGuard);
      const refusals = new Map<string, string>();
      const originals = await openFilteredContext(browser, {
        guard: {
          ...originalGuard,
          dispatcher,
          signal,
          timeoutMs: ORIGINAL_REQUEST_TIMEOUT_MS,
          maxResourceBytes: ORIGINAL_MAX_RESOURCE_BYTES,
          blockedResourceTypes: UNSEEN_RESOURCE_TYPES,
          onRefused: (url, reason) => {
            refusals.set(url, reason);
            log('DEBUG', `Blocked a request of an original to ${url}: ${reason}`);
          },
        },
      }).catch(async (error: unknown) => {
        await dispatcher.destroy().catch(() => undefined);
        throw error;
      });
      try {
        await mapWithConcurrency(toLoad, concurrency, async (page) => {
          throwIfCancelled(signal);
          try {
            const shots = await screenshotOriginal(
              originals,
              page.url,
              page.enter === undefined ? {} : { enter: page.enter },
            );
            originalShots.set(page.url, shots);
            startCompressingShots(shots);
            Object.assign(report.screenshots, toBeforeScreenshots(page.route, shots));
            if (page.enter !== undefined)
              log(
                'INFO',
                `The original ${page.url} opens on an entry screen: screenshotted and measured after following its link "${page.enter}", as a visitor sees the site`,
              );
          } catch (error) {
            const refusal = refusals.get(page.url);
            const fetched = originalShots.get(page.url);
            if (fetched !== undefined) {
              // The entry screen as fetch saw it is still the original's first view.
              Object.assign(report.screenshots, toBeforeScreenshots(page.route, fetched));
              log(
                'WARNING',
                `The original ${page.url} was measured at its entry screen: following "${page.enter}" failed (${firstLine(error)})`,
              );
            } else
              log(
                'WARNING',
                `No screenshot of the original ${page.url}: ${refusal === undefined ? firstLine(error) : `refused by the SSRF guard (${refusal})`}`,
              );
          }
          step();
        });
      } finally {
        await originals.close();
        await dispatcher.destroy().catch(() => undefined);
      }
    }

    if (screenshotPages.length > 0) {
      throwIfCancelled(signal);
      const measuring = performance.now();
      const cpu = process.cpuUsage();
      const measured = await measureRebuildFidelity(
        expectations,
        screenshotPages,
        rendered,
        originalShots,
      ).catch((error: unknown) => {
        log('WARNING', `Fidelity was not measured: ${firstLine(error)}`);
        return undefined;
      });
      const { user, system } = process.cpuUsage(cpu);
      log(
        'DEBUG',
        `Fidelity measured in ${Math.round(performance.now() - measuring)} ms (${Math.round((user + system) / 1000)} ms of CPU)`,
      );
      if (measured?.fidelity !== undefined) {
        report.fidelity = measured.fidelity;
        Object.assign(report.screenshots, measured.crops);
        logFidelity(measured.fidelity, log);
      }
    }

    const start = expectations.pages[0];
    if (expectations.lighthouse && start !== undefined) {
      await browser.close();
      browser = undefined;
      const measured = await measureLighthouse({
        originalUrl: start.url,
        rebuildUrl: new URL(start.route, `${origin}/`).href,
        rebuildLabel: start.route,
        originalGuard,
        chromePath: options.chromePath,
        signal,
        log,
        onStep: step,
      });
      if (measured !== undefined) report.lighthouse = measured;
    }
    return report;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ENGINE_VERIFY_FAILED', {
      cause: error,
      message: `The generated project could not be verified: ${firstLine(error)}`,
    });
  } finally {
    // Also closes a browser that finished launching after an early return or error.
    const launch = await launching;
    await launch.launched?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.close();
    await project?.dispose();
  }
}
