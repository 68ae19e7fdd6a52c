/**
 * The data that flows between the engine's stages. Every stage output is plain data so that a job can
 * save it, resume from it and show it. This file is the contract between the stage owners: change a
 * shape here only together with every stage that reads it.
 *
 *   fetchSite(url, options, ports)        -> RawSite        (stages/fetch)
 *   extractSite(raw, ports)               -> SiteModel      (stages/extract; SiteModel in model/)
 *   planSite(model, strategy, designer)   -> SitePlan       (stages/plan + design; SitePlan in model/)
 *   optimizeImages(plan, options)         -> SitePlan       (stages/optimize: images as WebP)
 *   generateProject(plan, ports)          -> FileTree       (stages/generate)
 *   verifyProject(tree, expectations, ports) -> VerifyReport (stages/verify)
 *   packageProject(tree, report)          -> Archive        (stages/package)
 */

import {
  REPORT_STAGES,
  type notCarriedSchema,
  type SiteliftReport as SharedSiteliftReport,
} from '@sitelift/shared/schemas/report';
import type { z } from 'zod';
import type { Fidelity, PageScreenshots } from './measure/fidelity';
import type { PageProbe } from './measure/page-probe';
import type { Diagnostic, ProbedTypography, SiteIdentity } from './model';

// Declared in the model (model/), which the stage contract builds on; named here too, as ever.
export type { Diagnostic, ProbedTypography } from './model';
export { DEFAULT_STRATEGY, STRATEGIES, type Strategy } from './model';
/** The identity probe's reading of a page (measure/page-probe.ts: its schema and types). */
export type { PageProbe, ProbedColor } from './measure/page-probe';

/**
 * The pipeline's stage names, in the order runPipeline walks them (DEFAULT_PIPELINE in
 * pipeline-stages.ts has one stage per name); used for timings, progress and saved outputs. Defined
 * once, as the report's REPORT_STAGES (@sitelift/shared/schemas/report), whose `timings` name them.
 */
export const STAGES = REPORT_STAGES;
/** One pipeline stage. */
export type StageName = (typeof STAGES)[number];

/** Log levels of the job log. */
export type LogLevel = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';

// ---------------------------------------------------------------------------------------------
// fetch

/** Options of the fetch stage. */
export interface FetchOptions {
  /** Same-origin pages to read, breadth-first from the start URL. Default 20, at most 500. */
  maxPages: number;
  /** Lift the SSRF guard (tests and local development only). */
  allowPrivateUrls: boolean;
  /**
   * Reach loopback addresses only, by IP literal or `localhost` (tests and the bench serve sites on
   * 127.0.0.1; an internet address written in a page must not be fetched). Wins over allowPrivateUrls.
   */
  loopbackOnly?: boolean;
  /** 'auto' uses Chromium when one is found, else a plain HTTP read. */
  browser: 'auto' | 'never' | 'always';
  /** Chromium binary; default CHROME_PATH or /usr/bin/chromium. */
  chromePath?: string;
  pageTimeoutMs: number; // 30_000
  maxRedirects: number; // 5
  maxHtmlBytes: number; // 5 MB
  maxAssetBytesTotal: number; // 50 MB for the whole site
  maxAssetBytes: number; // per asset
  /** Respect robots.txt (always true in the product; tests may turn it off). */
  respectRobots: boolean;
  /**
   * Screenshot every page in Chromium at 1440 px and 375 px as it is read (the report's "before"
   * pictures; verify would otherwise load every original again for them). Default false.
   */
  screenshots: boolean;
  userAgent: string;
  /**
   * Path patterns of the pages to read (issue 24; `@sitelift/shared/path-filter`): a prefix
   * (`/blog/`) or a glob (`*` within a segment, `**` at any depth). Empty or absent: every page.
   * The start page is always read.
   */
  include?: string[];
  /** Path patterns of pages not to read, the same kind as `include`; they win over it. */
  exclude?: string[];
}

/** One page as read from the original site. */
export interface RawPage {
  /** The URL that was requested (normalised, no fragment but a client-side route's, `#/guide`). */
  requestedUrl: string;
  /**
   * The final URL after redirects; the page's identity from here on. A client-side route's page
   * (issue 23) is its document's final URL with the route's fragment (`https://site/#/guide`).
   */
  url: string;
  status: number;
  contentType: string;
  /** The character set the bytes were decoded with (e.g. 'utf-8', 'windows-1252'). */
  charset: string;
  /** The document's HTML: rendered by Chromium when one was used, else the decoded response. */
  html: string;
  renderedWith: 'browser' | 'static';
  /** The page as shown in Chromium at 1440 px and 375 px (PNG), when screenshots were asked for. */
  screenshots?: { desktop: Uint8Array; mobile: Uint8Array };
  /** Crawl depth from the start page (0 for the start page). */
  depth: number;
  /** Frames of a frameset page, resolved to absolute URLs (they are crawled as pages too). */
  frames: string[];
  /**
   * What the page looks like, read in Chromium from computed styles (issue 12): absent when no
   * browser rendered the page (extract then falls back to scanning the CSS).
   */
  probe?: PageProbe;
  /**
   * A start page read as served (no scripts) is still measured in Chromium for its type scale
   * alone (decision record 029); a rendered page has it in `probe`.
   */
  typography?: ProbedTypography;
  /**
   * The picture a page read as served without a probe was drawn on (its `<body background>`), with
   * its mean colour once downloaded (issue 23: a 1998 site's per-page ground).
   */
  ground?: { image: string; imageColor?: string };
}

/** A stylesheet the site uses (linked or inline), for brand colours and fonts. */
export interface RawStylesheet {
  /** Absolute URL, or `inline:<page url>#<n>` for a <style> element. */
  url: string;
  css: string;
}

/** A downloaded asset (image, icon, font). */
export interface RawAsset {
  url: string;
  contentType: string;
  /** The bytes. Serialised as base64 when a RawSite is written to JSON. */
  body: Uint8Array;
  /** Pixel size when known (from the image header). */
  width?: number;
  height?: number;
}

/** Everything the fetch stage read from a site. */
export interface RawSite {
  startUrl: string;
  /** The final URL of the start page. */
  finalUrl: string;
  pages: RawPage[];
  stylesheets: RawStylesheet[];
  assets: RawAsset[];
  /** Pages and assets that were skipped, refused or failed, and why. */
  diagnostics: Diagnostic[];
  /**
   * Every same-site page found (by a link, a frame or a sitemap) and not read, each once, with why
   * (issue 24: no page is dropped silently). A duplicate of a page read is no page not read.
   */
  notRead: NotReadPage[];
}

/** Why a page found was not read (issue 24). */
export type NotReadReason = 'over_limit' | 'excluded' | 'robots' | 'error';

/** A same-site page found and not read (RawSite.notRead). */
export interface NotReadPage {
  url: string;
  /**
   * `over_limit`: found past `maxPages`; `excluded`: the user's include/exclude filter; `robots`:
   * robots.txt disallows it; `error`: an HTTP error, not HTML, too large, a timeout...
   */
  reason: NotReadReason;
  /** For `error`, what went wrong (the message the log has). */
  detail?: string;
}

// ---------------------------------------------------------------------------------------------
// generate / verify / package

/** A generated project: path (POSIX, relative, no leading slash) -> file contents. Sorted by path. */
export interface FileTree {
  files: Record<string, string | Uint8Array>;
}

/** What verify checks the rebuild against. */
export interface VerifyExpectations {
  /** Per original page: its URL, its new route and the text blocks it had. */
  pages: { url: string; route: string; title: string; textBlocks: string[] }[];
  /** Exact strings (whitespace-collapsed) the rebuild must contain, e.g. from the corpus manifest. */
  requiredSnippets?: { route?: string; text: string }[];
  /** Take before/after screenshots of these original URLs (same order as pages). */
  screenshots: boolean;
  /**
   * Screenshots of originals already taken (by the fetch stage), by page URL: verify loads only the
   * originals missing here.
   */
  originalScreenshots?: Record<string, PageScreenshots>;
  lighthouse: boolean;
  /** The original's identity (the model's), for the identity checks of the fidelity measures. */
  identity?: SiteIdentity;
}

/** Lighthouse scores (0-100) for the four categories. */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** The result of building and rendering a generated project. */
export interface VerifyReport {
  build: { ok: boolean; ms: number; error?: string };
  /** Share (0..1) of the original's text blocks found in the rebuild's rendered text. */
  textCoverage: number;
  requiredSnippets?: { kept: number; total: number; missing: string[] };
  /** Routes whose page is wider than the 375 px viewport. */
  overflow375: string[];
  consoleErrors: { route: string; message: string }[];
  brokenImages: { route: string; src: string }[];
  /** Text blocks of the original that were not found, per route (for the report). */
  missingText: { route: string; text: string }[];
  /**
   * Links of the rendered routes to the rebuild itself that lead to no route, file or anchor of it
   * (issue 24): how many (each route and href once) and the first ones. Absent: not checked (no
   * browser, or a report saved before).
   */
  deadLinks?: { count: number; links: { route: string; href: string }[] };
  /**
   * Routes loaded by their URL (and, with screenshots, screenshotted and measured for fidelity) of
   * the site's routes; `sampled` when that was a sample (a site over the bound, issue 24). The others
   * were reached by the app's own navigation for their text, overflow, console errors and images.
   * Unset when nothing was rendered (no build, no Chromium).
   */
  rendered?: { routes: number; of: number; sampled: boolean };
  /**
   * The animations the start route runs for a visitor who has not asked for reduced motion (decision
   * record 092): each CSS animation's name, whether load or scrolling drives it, and on how many
   * elements. The screenshots and scores are taken with reduced motion, so they never show these.
   * Unset when not measured (no Chromium, the route did not load, a report saved before).
   */
  motion?: {
    route: string;
    animations: { name: string; trigger: 'load' | 'scroll'; count: number }[];
  };
  /**
   * Screenshots: `before/<route>-desktop.png`, `after/<route>-mobile.png`... as taken (PNG); the
   * verify stage hands them on as WebP (`.webp`, decision record 039).
   */
  screenshots: Record<string, Uint8Array>;
  lighthouse?: { before: LighthouseScores; after: LighthouseScores };
  /**
   * How closely the rebuild resembles the original (issue 12, decision record 022): measured when
   * the originals' and the rebuild's screenshots were taken; crops of its worst sections are among
   * `screenshots` (`before/<route>-<viewport>-section-<n>.png`, `after/…`).
   */
  fidelity?: Fidelity;
  /** The built static site (dist/), for the live preview. */
  dist?: FileTree;
}

/** Something of the original that the rebuild does not carry, and why (DESIGN.md §4 not_carried). */
export type NotCarried = z.infer<typeof notCarriedSchema>;

/**
 * sitelift-report.json (DESIGN.md §4), defined once in @sitelift/shared: the web reads it with the
 * same schema. `toSiteliftReport` assigns the engine's own types to it, so they cannot drift apart.
 */
export type SiteliftReport = SharedSiteliftReport;

/** A packaged project. */
export interface Archive {
  /** The zip's bytes. */
  zip: Uint8Array;
  /** File names in the zip, in their (stable) order. */
  entries: string[];
}

// ---------------------------------------------------------------------------------------------
// events

/** A line for the job log. */
export interface LogEvent {
  level: LogLevel;
  message: string;
}

/** Progress of a stage, for progress bars. */
export interface ProgressEvent {
  stage: StageName;
  /** The stage's label from the pipeline table ('Reading the site'); set by runPipeline. */
  label?: string;
  done: number;
  total: number;
}
