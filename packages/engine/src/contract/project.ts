/**
 * The generate, verify and package stages' contract: FileTree, VerifyReport and Archive, each a zod
 * schema tied to its type by {@link exactly}. generate.json and verify.json are checked with them
 * before a resumed run reuses them.
 */
import { siteliftReportSchema } from '@sitelift/shared/schemas/report';
import { z } from 'zod';
import type { Archive, FileTree, LighthouseScores, VerifyReport } from '../types';
import { exactly } from './exact';
import { NEVER_WORSE_CHECKS } from '../measure/fidelity';
import { bytesSchema } from './raw-site';

/** A generated project: every file a string or bytes. */
export const fileTreeSchema = exactly<FileTree>()(
  z.object({ files: z.record(z.string(), z.union([z.string(), bytesSchema])) }),
);

const lighthouseScoresSchema = exactly<LighthouseScores>()(
  z.object({
    performance: z.number(),
    accessibility: z.number(),
    bestPractices: z.number(),
    seo: z.number(),
  }),
);

const fidelityScores = {
  block: z.number(),
  text: z.number(),
  position: z.number(),
  color: z.number(),
  visual: z.number(),
};

/** The result of building and rendering a generated project (verify.json). */
export const verifyReportSchema = exactly<VerifyReport>()(
  z.object({
    build: z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() }),
    textCoverage: z.number(),
    requiredSnippets: z
      .object({ kept: z.number(), total: z.number(), missing: z.array(z.string()) })
      .optional(),
    overflow375: z.array(z.string()),
    consoleErrors: z.array(z.object({ route: z.string(), message: z.string() })),
    brokenImages: z.array(z.object({ route: z.string(), src: z.string() })),
    missingText: z.array(z.object({ route: z.string(), text: z.string() })),
    deadLinks: z
      .object({
        count: z.number(),
        links: z.array(z.object({ route: z.string(), href: z.string() })),
      })
      .optional(),
    rendered: z.object({ routes: z.number(), of: z.number(), sampled: z.boolean() }).optional(),
    motion: z
      .object({
        route: z.string(),
        animations: z.array(
          z.object({ name: z.string(), trigger: z.enum(['load', 'scroll']), count: z.number() }),
        ),
      })
      .optional(),
    screenshots: z.record(z.string(), bytesSchema),
    lighthouse: z
      .object({ before: lighthouseScoresSchema, after: lighthouseScoresSchema })
      .optional(),
    fidelity: z
      .object({
        overall: z.object(fidelityScores),
        routes: z.array(
          z.object({
            ...fidelityScores,
            route: z.string(),
            worstSections: z.array(
              z.object({
                selector: z.string(),
                score: z.number(),
                viewport: z.enum(['desktop', 'mobile']),
                crops: z.object({ before: z.string(), after: z.string() }).optional(),
              }),
            ),
          }),
        ),
        identity: z.array(
          z.object({
            check: z.enum([
              'brand_color',
              'logo',
              'hero_image',
              'navigation',
              'site_name',
              'fonts',
            ]),
            ok: z.boolean(),
            found: z.string(),
            expected: z.string().optional(),
          }),
        ),
        neverWorse: z
          .array(
            z.object({
              check: z.enum(NEVER_WORSE_CHECKS),
              ok: z.boolean(),
              found: z.string(),
              expected: z.string().optional(),
            }),
          )
          .optional(),
      })
      .optional(),
    dist: fileTreeSchema.optional(),
  }),
);

export const archiveSchema = exactly<Archive>()(
  z.object({ zip: bytesSchema, entries: z.array(z.string()) }),
);

/** What the package stage delivers (never saved as such; checked for stage doubles' sake). */
export const packageOutputSchema = z.object({
  archive: archiveSchema,
  report: siteliftReportSchema,
  preview: fileTreeSchema.optional(),
});
