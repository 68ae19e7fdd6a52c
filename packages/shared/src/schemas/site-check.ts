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
  /** The start page and the distinct same-site pages it links to (at most 100, one run's limit). */
  estimated_pages: z.number().int().nonnegative(),
  pages_capped: z.boolean(),
  needs_javascript: z.boolean(),
  warnings: z.array(z.object({ code: z.enum(SITE_CHECK_WARNING_CODES), message: z.string() })),
});

/** The answer of `POST /api/site-check`. */
export type SiteCheckResult = z.infer<typeof siteCheckSchema>;
