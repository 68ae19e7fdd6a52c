/**
 * What each modernization strategy is, as features (issue 21 item 2). Generate, the designer, the
 * README template and the bench read these features and never a strategy's name: a new strategy is
 * its name in the shared list (MODERNIZATION_STRATEGIES) and its profile here, nothing else
 * (strategy-profiles.test.ts holds every other engine source to that).
 */
import type { Strategy } from './strategy';

/** The features of a strategy: what the rebuild it produces has and how it is written. */
export interface StrategyProfile {
  /**
   * The language of the project's sources: the template's TypeScript as it is (with `tsconfig.json`,
   * the content types and `npm run typecheck`), or JavaScript with the types stripped.
   */
  language: 'typescript' | 'javascript';
  /**
   * How the pages are written: `content-modules` keeps each page's content as data in
   * `src/content/pages/` rendered by the template's components (rows of columns may restructure);
   * `page-components` writes each page as literal JSX in `src/pages/`, in the original's order and
   * layout.
   */
  pages: 'content-modules' | 'page-components';
  /**
   * Every route prerendered to static HTML at build time and hydrated in the browser
   * (`src/entry-server.tsx`, `scripts/prerender.mjs`). The server entry renders the content modules:
   * only with `pages: 'content-modules'`.
   */
  prerender: boolean;
  /** Installable: a web manifest, its link in index.html and a service worker (`public/sw.js`). */
  pwa: boolean;
  /** The page-view analytics hook, off until `VITE_ANALYTICS_ENDPOINT` is set. */
  analytics: boolean;
  /** Motion styles (the template's motion.css) that respect reduced-motion settings. */
  motion: boolean;
  /** The performance budget (`scripts/check-size.mjs`), checked by every build and `npm run size`. */
  sizeBudget: boolean;
  /** A JSON-LD description of the organisation in index.html, for search engines. */
  jsonLd: boolean;
  /**
   * The rebuild keeps the original's look: the designer takes the original's measured type scale
   * and content column (decision record 029) instead of the template's, and the bench holds the
   * rebuild to the visual-similarity threshold (VISUAL_SIMILARITY_THRESHOLD).
   */
  keepsOriginalLayout: boolean;
  /** What the generated README says the project is (its first paragraph). */
  readmeSummary: string;
}

/** Every strategy's profile. */
export const STRATEGY_PROFILES: Readonly<Record<Strategy, Readonly<StrategyProfile>>> = {
  STYLE_MODERNIZATION: {
    language: 'javascript',
    pages: 'page-components',
    prerender: false,
    pwa: false,
    analytics: false,
    motion: false,
    sizeBudget: false,
    jsonLd: false,
    keepsOriginalLayout: true,
    readmeSummary:
      'Style modernization: the original pages, in their original order, as React components written in JavaScript (`src/pages/`), with a modern responsive design and basic SEO.',
  },
  INCREMENTAL_UPDATE: {
    language: 'typescript',
    pages: 'content-modules',
    prerender: false,
    pwa: false,
    analytics: false,
    motion: false,
    sizeBudget: false,
    jsonLd: true,
    keepsOriginalLayout: false,
    readmeSummary:
      'Incremental update: a TypeScript component architecture. The content lives in `src/content/` (one module per page) and the components in `src/components/` render it; the menu and the image gallery keep their own state; JSON-LD describes the organisation for search engines.',
  },
  FULL_REBUILD: {
    language: 'typescript',
    pages: 'content-modules',
    prerender: true,
    pwa: true,
    analytics: true,
    motion: true,
    sizeBudget: true,
    jsonLd: true,
    keepsOriginalLayout: false,
    readmeSummary:
      'Full rebuild: TypeScript, every route prerendered to static HTML at build time and hydrated in the browser, installable as a PWA (manifest + service worker), motion that respects reduced-motion settings, an analytics hook that stays off until configured, and a performance budget checked on every build.',
  },
};

/** The profile of a strategy. */
export function strategyProfile(strategy: Strategy): Readonly<StrategyProfile> {
  return STRATEGY_PROFILES[strategy];
}
