/**
 * The fetch stage's contract: its options and its output (RawSite), each a zod schema tied to its
 * type in types.ts by {@link exactly}. fetch.json is checked with rawSiteSchema before a resumed run
 * reuses it.
 */
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '@sitelift/shared/error-codes';
import { z } from 'zod';
import type {
  Diagnostic,
  FetchOptions,
  NotReadPage,
  RawAsset,
  RawPage,
  RawSite,
  RawStylesheet,
} from '../types';
import { pageProbeSchema } from '../measure/page-probe';
import { probedTypographySchema } from '../model';
import { exactly } from './exact';

/** Bytes (saved as `{ "$bytes": base64 }`, read back as a Uint8Array by parseStageJson). */
export const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  message: 'expected bytes',
});

// Codes from the catalogue only: an output saved with a retired code is stale, and its stage runs again.
const diagnosticCodeSchema = z.enum(
  Object.keys(DIAGNOSTIC_CODES) as [DiagnosticCode, ...DiagnosticCode[]],
);

export const diagnosticSchema = exactly<Diagnostic>()(
  z.object({
    level: z.enum(['info', 'warning', 'error']),
    code: diagnosticCodeSchema,
    message: z.string(),
    url: z.string().optional(),
  }),
);

/** The fetch stage's options (defaults in DEFAULT_FETCH_OPTIONS). */
export const fetchOptionsSchema = exactly<FetchOptions>()(
  z.object({
    maxPages: z.number().int().min(1),
    allowPrivateUrls: z.boolean(),
    loopbackOnly: z.boolean().optional(),
    browser: z.enum(['auto', 'never', 'always']),
    chromePath: z.string().optional(),
    pageTimeoutMs: z.number().positive(),
    maxRedirects: z.number().int().min(0),
    maxHtmlBytes: z.number().int().positive(),
    maxAssetBytesTotal: z.number().int().min(0),
    maxAssetBytes: z.number().int().min(0),
    respectRobots: z.boolean(),
    screenshots: z.boolean(),
    userAgent: z.string().min(1),
    include: z.array(z.string()).optional(),
    exclude: z.array(z.string()).optional(),
  }),
);

const rawPageSchema = exactly<RawPage>()(
  z.object({
    requestedUrl: z.string(),
    url: z.string(),
    status: z.number(),
    contentType: z.string(),
    charset: z.string(),
    html: z.string(),
    renderedWith: z.enum(['browser', 'static']),
    screenshots: z.object({ desktop: bytesSchema, mobile: bytesSchema }).optional(),
    depth: z.number(),
    frames: z.array(z.string()),
    probe: pageProbeSchema.optional(),
    typography: probedTypographySchema.optional(),
    ground: z.object({ image: z.string(), imageColor: z.string().optional() }).optional(),
  }),
);

const rawStylesheetSchema = exactly<RawStylesheet>()(
  z.object({ url: z.string(), css: z.string() }),
);

const rawAssetSchema = exactly<RawAsset>()(
  z.object({
    url: z.string(),
    contentType: z.string(),
    body: bytesSchema,
    width: z.number().optional(),
    height: z.number().optional(),
  }),
);

/** A same-site page found and not read, and why (issue 24). */
export const notReadPageSchema = exactly<NotReadPage>()(
  z.object({
    url: z.string(),
    reason: z.enum(['over_limit', 'excluded', 'robots', 'error']),
    detail: z.string().optional(),
  }),
);

/** Everything the fetch stage read from a site (fetch.json). */
export const rawSiteSchema = exactly<RawSite>()(
  z.object({
    startUrl: z.string(),
    finalUrl: z.string(),
    pages: z.array(rawPageSchema),
    stylesheets: z.array(rawStylesheetSchema),
    assets: z.array(rawAssetSchema),
    diagnostics: z.array(diagnosticSchema),
    notRead: z.array(notReadPageSchema),
  }),
);
