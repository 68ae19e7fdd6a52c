import { z } from 'zod';
import { aiReportSchema } from './ai';
import { MODERNIZATION_STRATEGIES } from '../validation/create-project';

/**
 * `sitelift-report.json`, the report in every zip and behind `GET /api/projects/:id/report`
 * (DESIGN.md §4). Keys are snake_case on purpose: it is a public file format. The engine writes it
 * (its `SiteliftReport` type is checked against this schema at compile time) and the web reads it
 * with this schema.
 */

/** The strategies a report can name: the product's three (one list, in validation/create-project). */
export const REPORT_STRATEGIES = MODERNIZATION_STRATEGIES;

/**
 * The engine's pipeline stages, in the order it runs them, which the report times: defined here once
 * (the report is the public contract), the engine's STAGES is this list (`optimize` since issue 11, `repair`, the
 * AI's repair loop after verify, since issue 25).
 */
export const REPORT_STAGES = [
  'fetch',
  'extract',
  'plan',
  'optimize',
  'generate',
  'verify',
  'repair',
  'package',
] as const;

/** Kinds of things of the original that a rebuild may not carry. */
export const NOT_CARRIED_KINDS = [
  'script',
  'tracker',
  'embed',
  'form',
  'image',
  'link',
  'heading',
  'style',
  'font',
  'page',
  'other',
] as const;

const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?)(?:[?#]|$)/iu;
const FONT_FILE = /\.(?:woff2?|ttf|otf|eot)(?:[?#]|$)/iu;

/** The not-carried kind of a file that did not download, by its name: image, font, else other. */
export function toFileKind(url: string): 'image' | 'font' | 'other' {
  if (IMAGE_FILE.test(url)) return 'image';
  if (FONT_FILE.test(url)) return 'font';
  return 'other';
}

/**
 * Why a page of the site found was not rebuilt (issue 24): `over_limit` (past the run's page
 * limit), `excluded` (the user's include/exclude filter), `robots` (robots.txt disallows it),
 * `error` (it could not be read: an HTTP error, not HTML, too large, a timeout).
 */
export const NOT_REBUILT_REASONS = ['over_limit', 'excluded', 'robots', 'error'] as const;

/** A same-site page found and not rebuilt, and why (`detail`: what went wrong, for `error`). */
export const notRebuiltSchema = z.object({
  url: z.string(),
  reason: z.enum(NOT_REBUILT_REASONS),
  detail: z.string().optional(),
});

/** Lighthouse category scores, 0–100. */
export const lighthouseScoresSchema = z.object({
  performance: z.number(),
  accessibility: z.number(),
  bestPractices: z.number(),
  seo: z.number(),
});

/** Lighthouse category scores of one side of the report. */
export type ReportLighthouseScores = z.infer<typeof lighthouseScoresSchema>;

/** One thing of the original that the rebuild does not carry, and why. */
export const notCarriedSchema = z.object({
  kind: z.enum(NOT_CARRIED_KINDS),
  what: z.string(),
  page: z.string(),
  reason: z.string(),
});

const unitScore = z.number().min(0).max(1);

/** The five fidelity scores (0..1) of a route or of the whole site (DESIGN.md §4 `fidelity`). */
export const fidelityScoresSchema = z.object({
  block: unitScore,
  text: unitScore,
  position: unitScore,
  color: unitScore,
  visual: unitScore,
});

/** Fidelity scores of a route or of the whole site. */
export type FidelityScores = z.infer<typeof fidelityScoresSchema>;

/** How closely the rebuild resembles the original (DESIGN.md §4 `fidelity`); scores in 0..1. */
export const fidelitySchema = z.object({
  overall: fidelityScoresSchema,
  routes: z.array(
    fidelityScoresSchema.extend({
      route: z.string(),
      worst_sections: z.array(
        z.object({
          selector: z.string(),
          score: unitScore,
          /** The viewport the section was compared at (1440 or 375 px). */
          viewport: z.enum(['desktop', 'mobile']).optional(),
          /** Crops of both sides, paths under the zip's `sitelift-report/screenshots/`. */
          crops: z.object({ before: z.string(), after: z.string() }).optional(),
        }),
      ),
    }),
  ),
  identity: z.array(
    z.object({
      check: z.string(),
      ok: z.boolean(),
      found: z.string(),
      expected: z.string().optional(),
    }),
  ),
  /**
   * The "never worse" checks (issue 23): what the rebuild must not do worse than the original (a
   * picture shown twice, a menu shown twice…), each passed or not with what was found.
   */
  never_worse: z
    .array(
      z.object({
        check: z.string(),
        ok: z.boolean(),
        found: z.string(),
        expected: z.string().optional(),
      }),
    )
    .optional(),
});

/** The whole report. */
export const siteliftReportSchema = z.object({
  version: z.literal(1),
  source_url: z.string(),
  strategy: z.enum(REPORT_STRATEGIES),
  /** Every rebuilt page; `kind` names the kind of page it is (`post`, `product`), when it has one. */
  pages: z.array(
    z.object({
      url: z.string(),
      route: z.string(),
      title: z.string(),
      kind: z.string().optional(),
    }),
  ),
  verification: z.object({
    build: z.object({ ok: z.boolean(), ms: z.number() }),
    text_coverage: z.number(),
    required_snippets: z.object({ kept: z.number(), total: z.number() }).optional(),
    overflow_375: z.array(z.string()),
    console_errors: z.array(z.object({ route: z.string(), message: z.string() })),
    broken_images: z.array(z.object({ route: z.string(), src: z.string() })),
    /**
     * Links of the rendered rebuild to its own site that lead to no route, file or anchor of it
     * (issue 24): `count` of them (each route and href once), the first ones listed. Must be 0.
     * Absent in reports written before.
     */
    dead_links: z
      .object({
        count: z.number().int().min(0),
        links: z.array(z.object({ route: z.string(), href: z.string() })),
      })
      .optional(),
    /**
     * Routes verify loaded by their URL, screenshotted and measured for fidelity, of the site's
     * routes: every route up to a bound (40), past it a spread sample (`sampled: true`, issue 24).
     * Text coverage, overflow, console errors and broken images cover every route.
     */
    rendered: z.object({ routes: z.number(), of: z.number(), sampled: z.boolean() }).optional(),
    /**
     * The animations the start route runs for a visitor who allows motion (decision record 092):
     * each CSS animation's name, `load` or `scroll` for what drives it, and on how many elements.
     * Screenshots and scores are taken with reduced motion and never show them. Absent when not
     * measured and in reports written before.
     */
    motion: z
      .object({
        route: z.string(),
        animations: z.array(
          z.object({
            name: z.string(),
            trigger: z.enum(['load', 'scroll']),
            count: z.number().int().min(0),
          }),
        ),
      })
      .optional(),
  }),
  not_carried: z.array(notCarriedSchema),
  /**
   * Every same-site page found (by links, frames or sitemaps) and not rebuilt, each once (issue 24);
   * `not_carried` does not list them again. Absent in reports written before it.
   */
  not_rebuilt: z.array(notRebuiltSchema).optional(),
  /**
   * Links kept pointing at a page of the original site that was not rebuilt (issue 24, links to
   * such pages kept): the route whose page shows the link (`/` for the header, menu and footer every
   * page shows) and the original page's address, each pair once. They stop working when the
   * original site goes. Absent in reports written before.
   */
  links_to_original: z.array(z.object({ route: z.string(), url: z.string() })).optional(),
  timings: z.partialRecord(z.enum(REPORT_STAGES), z.number()),
  lighthouse: z
    .object({ before: lighthouseScoresSchema, after: lighthouseScoresSchema })
    .optional(),
  fidelity: fidelitySchema.optional(),
  /** What the model did (issue 25); absent when no model was configured. */
  ai: aiReportSchema.optional(),
});

/** sitelift-report.json. */
export type SiteliftReport = z.infer<typeof siteliftReportSchema>;
