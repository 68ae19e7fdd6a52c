/**
 * What the fidelity measures speak about (issue 12, decision records 022 and 028): the screenshots
 * and layouts of a page, the scores, the identity checks. Types only: browser/ takes the screenshots,
 * stages/verify/fidelity computes the scores, types.ts and the report carry them.
 */
import type { LayoutSnapshot } from './layout-snapshot';

/**
 * A page's desktop (1440 px) and phone (375 px) screenshots, PNG, and what the page showed when each
 * was taken (text blocks, sections, header; verify's fidelity measures compare them, issue 12).
 */
export interface PageScreenshots {
  desktop: Uint8Array;
  mobile: Uint8Array;
  /** Absent when the page could not be measured (or for screenshots taken before issue 12). */
  layout?: PageLayouts;
}

/** A page's layout at 1440 px (text blocks, sections, identity probe) and 375 px (sections). */
export interface PageLayouts {
  desktop: LayoutSnapshot;
  mobile: LayoutSnapshot;
}

/** One side of a route: its 1440 and 375 px screenshots (PNG) and their layouts. */
export interface CapturedPage {
  desktop: Uint8Array;
  mobile: Uint8Array;
  layout?: PageLayouts;
}

/** Design2Code's four block scores, each 0..1. */
export interface BlockScores {
  block: number;
  text: number;
  position: number;
  color: number;
}

/** Fidelity scores, each 0..1. */
export interface FidelityScores extends BlockScores {
  /** Height-weighted section similarity (SSIM), mean of 1440 and 375 px. */
  visual: number;
}

/** A section of the original that the rebuild resembles least. */
export interface WorstSection {
  selector: string;
  score: number;
  viewport: 'desktop' | 'mobile';
  /**
   * Names of the crops among the report's screenshots: `before/<route>-desktop-section-1.png` and
   * `after/…` (the before/after folders the server already stores and serves).
   */
  crops?: { before: string; after: string };
}

/** What verify reports as fidelity (the report's `fidelity`, in the engine's spelling). */
export interface Fidelity {
  overall: FidelityScores;
  routes: (FidelityScores & { route: string; worstSections: WorstSection[] })[];
  identity: IdentityCheck[];
  /**
   * The "never worse" checks (issue 23): what the rebuild must not do worse than the original.
   * Absent in reports made before them.
   */
  neverWorse?: NeverWorseCheck[];
}

/** One identity check as the report lists it. */
export interface IdentityCheck {
  check: 'brand_color' | 'logo' | 'hero_image' | 'navigation' | 'site_name' | 'fonts';
  ok: boolean;
  found: string;
  expected?: string;
}

/** The "never worse" checks (issue 23), one name each. */
export const NEVER_WORSE_CHECKS = [
  'picture_twice',
  'menu_twice',
  'menu_as_pictures',
  'logo_size',
  'hidden_text_shown',
  'language_menu',
  'hover_marks',
  'first_screen',
  'text_over_picture',
  'width_used',
  'broken_image_alt',
  'site_name',
] as const;

/** One "never worse" check as the report lists it: passed or not, with what was found. */
export interface NeverWorseCheck {
  check: (typeof NEVER_WORSE_CHECKS)[number];
  ok: boolean;
  found: string;
  expected?: string;
}
