import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';

/**
 * `POST /api/site-check`: the quick look at a site the create form shows before a credit is spent
 * (issue 15 item 2). Keys are snake_case like the project API's.
 */
export const siteCheckBodySchema = z.strictObject({
  source_url: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.websiteUrlRequired)
    .max(2048, VALIDATION_MESSAGES.websiteUrlInvalid),
});

/** Why a warning is shown; the site can still be modernized. */
export const SITE_CHECK_WARNING_CODES = [
  'robots_disallowed',
  'login_wall',
  'app_like',
  'needs_javascript',
  'many_pages',
] as const;

/** What the check found. */
export const siteCheckSchema = z.object({
  /** The address as checked: a bare host gets https://. */
  url: z.string(),
  /** Where the start page is after redirects. */
  final_url: z.string(),
  title: z.string(),
  robots_allowed: z.boolean(),
  /** Pages a run may read: those found less those robots.txt disallows (the card's "about N pages"). */
  estimated_pages: z.number().int().nonnegative(),
  /** More pages were found than the check counts (it stops at a few thousand). */
  pages_capped: z.boolean(),
  /** Pages found from the start page's links and the site's sitemaps (issue 24). */
  pages_found: z.number().int().nonnegative(),
  /** The found pages' paths, start page first, then by how close they are (at most a few thousand). */
  paths: z.array(z.string()),
  /** Of `paths`, those the site's robots.txt keeps Sitelift from reading. */
  robots_excluded: z.array(z.string()),
  /** The most pages one run rebuilds for the signed-in user (their plan's limit). */
  page_limit: z.number().int().positive(),
  needs_javascript: z.boolean(),
  warnings: z.array(z.object({ code: z.enum(SITE_CHECK_WARNING_CODES), message: z.string() })),
});

/** The answer of `POST /api/site-check`. */
export type SiteCheckResult = z.infer<typeof siteCheckSchema>;
