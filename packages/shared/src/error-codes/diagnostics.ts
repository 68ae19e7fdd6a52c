/** One entry of the diagnostics catalogue: the level it is emitted at and what it means. */
export interface DiagnosticCodeEntry {
  /** The level the engine emits it at; an emitter may lower it (e.g. a page skipped on purpose is `info`). */
  level: 'info' | 'warning' | 'error';
  /** What the diagnostic means; the emitted diagnostic carries its own message with the URL and detail. */
  message: string;
}

/**
 * Codes of the engine's diagnostics: things a run noticed and carried on past (a page skipped, an asset
 * that could not be downloaded), not errors that stop it. Every code is `ENGINE_<STAGE>_<WHAT>`, STAGE the
 * pipeline stage that emits it (decision 020). Codes are stable: a retired code is never reused.
 */
export const DIAGNOSTIC_CODES = {
  ENGINE_FETCH_NO_BROWSER: {
    level: 'warning',
    message: 'No Chromium could be used: pages were read without a browser.',
  },
  ENGINE_FETCH_RENDER_FAILED: {
    level: 'warning',
    message: 'A page could not be rendered in Chromium; its HTML as served was used.',
  },
  ENGINE_FETCH_INVALID_ENCODING: {
    level: 'warning',
    message: 'Some characters of a page were not valid in its encoding; they were replaced.',
  },
  ENGINE_FETCH_PAGE_SKIPPED: { level: 'warning', message: 'A page of the site was not read.' },
  ENGINE_FETCH_STYLESHEET_SKIPPED: {
    level: 'warning',
    message: 'A stylesheet could not be downloaded.',
  },
  ENGINE_FETCH_ASSET_SKIPPED: { level: 'warning', message: 'An asset could not be downloaded.' },
  ENGINE_FETCH_ASSET_BUDGET_EXCEEDED: {
    level: 'warning',
    message: 'The site’s assets exceed the download budget; the rest were not downloaded.',
  },
  ENGINE_FETCH_INLINE_IMAGE_TOO_LARGE: {
    level: 'warning',
    message: 'An inline (data:) image was too large and was skipped.',
  },
  ENGINE_EXTRACT_EMPTY_PAGE: { level: 'warning', message: 'The page has no visible text.' },
  ENGINE_PLAN_IMAGE_MISSING: { level: 'info', message: 'An image was not downloaded.' },
  ENGINE_PLAN_DESIGN_REJECTED: {
    level: 'warning',
    message: 'The designer’s design was rejected; the offline design was kept.',
  },
  ENGINE_PLAN_DESIGN_FAILED: {
    level: 'warning',
    message: 'The designer failed; the offline design was kept.',
  },
} as const satisfies Record<string, DiagnosticCodeEntry>;

/** A stable diagnostic code. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/**
 * Codes that were emitted once and were renamed to the convention (decision 020). Never reuse one, in
 * this catalogue or in the error catalogue.
 */
export const RETIRED_DIAGNOSTIC_CODES = [
  'FETCH_NO_BROWSER',
  'FETCH_RENDER_FAILED',
  'FETCH_INVALID_ENCODING',
  'FETCH_PAGE_SKIPPED',
  'FETCH_STYLESHEET_SKIPPED',
  'FETCH_ASSET_SKIPPED',
  'FETCH_ASSET_BUDGET_EXCEEDED',
  'FETCH_INLINE_IMAGE_TOO_LARGE',
  'ENGINE_DESIGN_REJECTED',
  'ENGINE_DESIGN_FAILED',
] as const;
