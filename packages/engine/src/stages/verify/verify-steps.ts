/**
 * verify's steps with plain inputs and outputs (issue 21 item 5), in the order verifyProject runs
 * them: build (write the project and build it with the engine's toolchain), serve (its dist/ on
 * loopback), render (every route in Chromium, then what the rendered routes show), and the
 * originals to screenshot. Each is tested alone; verifyProject walks them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '@sitelift/shared/error-codes';
import type { Browser } from 'playwright-core';
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import type { PageScreenshots } from '../../measure/fidelity';
import type { FileTree, LogLevel, VerifyExpectations, VerifyReport } from '../../types';
import { buildProject } from './build-project';
import {
  openFilteredContext,
  readRunningAnimations,
  renderRebuiltRoute,
  renderRoutesInApp,
  type RenderedRoute,
} from './render-routes';
import { startStaticServer, type StaticServer } from './serve-static';
import { checkRequiredSnippets, measureRouteCoverage, toTextCoverage } from './text-coverage';
import { writeProject, type WrittenProject } from './write-project';

/** A log line a step asks its caller to write. */
export interface StepLog {
  level: LogLevel;
  message: string;
}

/** Throws ENGINE_PIPELINE_CANCELLED once `signal` is aborted. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new AppError('ENGINE_PIPELINE_CANCELLED');
}

/** The routes verify renders: every page's, then those only required snippets name. */
export function toVerifyRoutes(
  expectations: Pick<VerifyExpectations, 'pages' | 'requiredSnippets'>,
): string[] {
  return [
    ...new Set([
      ...expectations.pages.map((page) => page.route),
      ...(expectations.requiredSnippets ?? []).flatMap((snippet) =>
        snippet.route === undefined ? [] : [snippet.route],
      ),
    ]),
  ];
}

/** A written and built project: dispose of `project` when done with it. */
export interface BuiltProject {
  project: WrittenProject;
  distDir: string;
  build: VerifyReport['build'];
}

/**
 * Build: writes the tree to a folder of its own and builds it (a failure is `build.ok: false`, with
 * the error, never thrown; so is a build that wrote no dist/index.html).
 */
export async function buildStep(
  tree: FileTree,
  options: {
    signal?: AbortSignal;
    timeoutMs?: number;
    log(line: StepLog): void;
    /** Called once while the build's process runs (buildProject's `whileBuilding`). */
    whileBuilding?: () => void;
  },
): Promise<BuiltProject> {
  const project = await writeProject(tree);
  try {
    // The job log is the customer's: no server paths in it (issue 22).
    options.log({
      level: 'DEBUG',
      message: `Project written (${Object.keys(tree.files).length} files)`,
    });
    throwIfCancelled(options.signal);
    options.log({ level: 'INFO', message: 'Building the generated project' });
    const build = await buildProject(project.dir, {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      whileBuilding: options.whileBuilding,
    });
    throwIfCancelled(options.signal);
    const distDir = path.join(project.dir, 'dist');
    if (build.ok && !existsSync(path.join(distDir, 'index.html'))) {
      build.ok = false;
      build.error = 'The build finished but wrote no dist/index.html';
    }
    return {
      project,
      distDir,
      build: build.ok
        ? { ok: true, ms: Math.round(build.ms) }
        : { ok: false, ms: Math.round(build.ms), error: build.error },
    };
  } catch (error) {
    await project.dispose();
    throw error;
  }
}

/** Serve: the built dist/ on loopback, as a host serves a single-page app. */
export function serveStep(distDir: string): Promise<StaticServer> {
  return startStaticServer(distDir, {
    fallback: 'spa',
    // Vite names the files of assets/ by their content's hash.
    immutable: /^\/assets\//,
  });
}

/**
 * Render: every route of the served rebuild in Chromium, `concurrency` at a time; the results in
 * route order. Those of `fullRoutes` (all when unset) are loaded by their URL and, with screenshots,
 * screenshotted and measured; the others are reached by the app's own navigation (issue 24).
 */
export async function renderStep(
  browser: Browser,
  origin: string,
  routes: string[],
  options: {
    concurrency: number;
    screenshots: boolean;
    /**
     * The routes loaded by their URL, each in a fresh page, and screenshotted when `screenshots` is
     * on (a sample, issue 24); the others are rendered for what they show only, reached by the app's
     * own navigation. Unset: every route is loaded by its URL.
     */
    fullRoutes?: ReadonlySet<string>;
    signal?: AbortSignal;
    log(line: StepLog): void;
    /** Called once per route rendered, with what it found (progress, early compression). */
    onRendered(result: RenderedRoute): void;
  },
): Promise<RenderedRoute[]> {
  // The rebuild at rest: its motion (a profile's motion.css) respects reduced motion, so what it
  // fades in on scrolling (scroll-driven animations) and on load is drawn where it settles, as a
  // visitor who scrolls to it sees it. The originals keep Chromium's default: measured as they show.
  const results = new Map<string, RenderedRoute>();
  const record = (result: RenderedRoute) => {
    options.log({
      level: 'DEBUG',
      message: `Rendered ${result.route}${result.error === undefined ? '' : ` (failed: ${result.error})`}`,
    });
    results.set(result.route, result);
    options.onRendered(result);
  };
  const isFull = (route: string) => options.fullRoutes?.has(route) ?? true;
  const context = await openFilteredContext(browser, { origin }, { reducedMotion: 'reduce' });
  try {
    await mapWithConcurrency(routes.filter(isFull), options.concurrency, async (route) => {
      throwIfCancelled(options.signal);
      record(
        await renderRebuiltRoute(context, origin, route, { screenshots: options.screenshots }),
      );
    });
    // The rest in lanes of one page each, every lane a spread of the routes.
    const rest = routes.filter((route) => !isFull(route));
    const laneCount = Math.min(Math.max(1, Math.floor(options.concurrency)), rest.length);
    const lanes = Array.from({ length: laneCount }, (_, lane) =>
      rest.filter((_route, index) => index % laneCount === lane),
    );
    await Promise.all(
      lanes.map((lane) =>
        renderRoutesInApp(context, origin, lane, (result) => {
          record(result);
          throwIfCancelled(options.signal);
        }),
      ),
    );
  } finally {
    await context.close();
  }
  return routes.map((route) => results.get(route)!);
}

/**
 * Motion: the animations `route` of the served rebuild runs for a visitor who has not asked for
 * reduced motion (decision record 092), loaded once more in a context of its own that allows motion
 * (the render step's screenshots and scores are taken with reduced motion). Undefined, with a
 * warning, when the route does not load.
 */
export async function motionStep(
  browser: Browser,
  origin: string,
  route: string,
  log: (line: StepLog) => void,
): Promise<VerifyReport['motion']> {
  const context = await openFilteredContext(
    browser,
    { origin },
    { reducedMotion: 'no-preference' },
  );
  try {
    const animations = await readRunningAnimations(context, origin, route);
    const total = animations.reduce((sum, animation) => sum + animation.count, 0);
    log({
      level: 'INFO',
      message:
        total === 0
          ? `Motion: ${route} runs no animation`
          : `Motion: ${route} runs ${animations.map((animation) => `${animation.name} (${animation.trigger}, ×${animation.count})`).join(', ')}; screenshots and scores are taken with reduced motion`,
    });
    return { route, animations };
  } catch (error) {
    log({
      level: 'WARNING',
      message: `Motion was not read on ${route}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    });
    return undefined;
  } finally {
    await context.close();
  }
}

/** What the rendered routes show, as the report has it. */
export type RenderFindings = Pick<
  VerifyReport,
  | 'textCoverage'
  | 'missingText'
  | 'requiredSnippets'
  | 'overflow375'
  | 'consoleErrors'
  | 'brokenImages'
  | 'screenshots'
>;

/**
 * Measure: text coverage and missing text per page, required snippets, overflow at 375 px, console
 * errors (a route that did not load is one), broken images and the rebuild's screenshots; with the
 * log lines that say so, in order.
 */
export function toRenderFindings(
  expectations: Pick<VerifyExpectations, 'pages' | 'requiredSnippets'>,
  rendered: RenderedRoute[],
): { findings: RenderFindings; log: StepLog[] } {
  const log: StepLog[] = [];
  const textByRoute = new Map(rendered.map((result) => [result.route, result.text]));
  const coverage = expectations.pages.map((page) =>
    measureRouteCoverage(page.route, page.textBlocks, textByRoute.get(page.route) ?? ''),
  );
  const findings: RenderFindings = {
    textCoverage: toTextCoverage(coverage),
    missingText: coverage.flatMap((route) =>
      route.missing.map((text) => ({ route: route.route, text })),
    ),
    overflow375: [],
    consoleErrors: [],
    brokenImages: [],
    screenshots: {},
  };
  if (expectations.requiredSnippets !== undefined) {
    findings.requiredSnippets = checkRequiredSnippets(expectations.requiredSnippets, textByRoute);
  }
  for (const result of rendered) {
    if (result.error !== undefined) {
      log.push({
        level: 'WARNING',
        message: `Route ${result.route} did not render: ${result.error}`,
      });
      findings.consoleErrors.push({
        route: result.route,
        message: `The page did not load: ${result.error}`,
      });
    }
    if (result.overflow375) findings.overflow375.push(result.route);
    findings.consoleErrors.push(
      ...result.consoleErrors.map((message) => ({ route: result.route, message })),
    );
    findings.brokenImages.push(...result.brokenImages.map((src) => ({ route: result.route, src })));
    Object.assign(findings.screenshots, result.screenshots);
  }
  log.push({
    level: 'INFO',
    message:
      `Rendered ${rendered.length} route${rendered.length === 1 ? '' : 's'}: text coverage ${(findings.textCoverage * 100).toFixed(1)} %` +
      (findings.requiredSnippets
        ? `, required snippets ${findings.requiredSnippets.kept}/${findings.requiredSnippets.total}`
        : '') +
      `, ${findings.overflow375.length} overflowing at 375 px, ${findings.consoleErrors.length} console errors, ${findings.brokenImages.length} broken images`,
  });
  for (const missing of findings.requiredSnippets?.missing ?? [])
    log.push({ level: 'WARNING', message: `Required snippet missing: "${missing}"` });
  return { findings, log };
}

/** An original page to load in verify's browser; `enter`: the label of its entry screen's link. */
export type OriginalToLoad = VerifyExpectations['pages'][number] & { enter?: string };

/**
 * The originals to screenshot: those the fetch stage already screenshotted are reused (in page
 * order), unless they show an entry screen ("Lets begin" over the site, marked by the identity
 * probe): those are loaded again and measured past it, as a visitor sees the site (their fetched
 * screenshots kept as a fallback).
 */
export function planOriginals(
  pages: VerifyExpectations['pages'],
  taken: Record<string, PageScreenshots>,
): {
  reused: { route: string; shots: PageScreenshots }[];
  toLoad: OriginalToLoad[];
  shots: Map<string, PageScreenshots>;
} {
  const reused: { route: string; shots: PageScreenshots }[] = [];
  const toLoad: OriginalToLoad[] = [];
  const shots = new Map<string, PageScreenshots>();
  for (const page of pages) {
    const fetched = taken[page.url];
    const splash = fetched?.layout?.desktop.splash;
    if (fetched !== undefined) shots.set(page.url, fetched);
    if (fetched === undefined || splash !== undefined) {
      toLoad.push({ ...page, ...(splash === undefined ? {} : { enter: splash }) });
      continue;
    }
    reused.push({ route: page.route, shots: fetched });
  }
  return { reused, toLoad, shots };
}
