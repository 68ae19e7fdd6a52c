import { z } from 'zod';

/**
 * A project as the API sends it (DESIGN.md §4: the spec's snake_case fields, plus the preview URL,
 * the thumbnails and a report summary). Loose, so fields the server adds later do not break the list.
 */
export const projectSchema = z.looseObject({
  id: z.string(),
  user_id: z.string().optional(),
  name: z.string(),
  description: z.string().nullish(),
  source_url: z.string(),
  modernization_strategy: z.string().nullish(),
  status: z.string(),
  job_id: z.string().nullish(),
  generated_code_url: z.string().nullish(),
  github_repo_url: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  /** Why the last run failed (user-facing), when it failed. */
  error_message: z.string().nullish(),
  preview_url: z.string().nullish(),
  /** Before/after screenshots: `{ before, after }` paths (or a list of names) once completed. */
  thumbnails: z.unknown().optional(),
  report_summary: z.unknown().optional(),
});

/** One project. */
export type Project = z.infer<typeof projectSchema>;

/** The totals of the three stat cards. */
export const projectCountsSchema = z.object({
  total: z.number(),
  completed: z.number(),
  in_progress: z.number(),
});

/** Totals of the stat cards. */
export type ProjectCounts = z.infer<typeof projectCountsSchema>;

/** One page of `GET /api/projects`. */
export const projectPageSchema = z.looseObject({
  items: z.array(projectSchema),
  total: z.number(),
  nextCursor: z.string().nullish(),
  counts: projectCountsSchema.optional(),
});

/** One page of the project list. */
export type ProjectPage = z.infer<typeof projectPageSchema>;

const lighthouseScoresSchema = z.looseObject({
  performance: z.number().nullish(),
  accessibility: z.number().nullish(),
  'best-practices': z.number().nullish(),
  bestPractices: z.number().nullish(),
  seo: z.number().nullish(),
});

/** The Sitelift report of a finished project (`sitelift-report.json`, DESIGN.md §4). */
export const projectReportSchema = z.looseObject({
  source_url: z.string().optional(),
  strategy: z.string().optional(),
  pages: z.array(
    z.looseObject({ url: z.string(), route: z.string(), title: z.string().nullish() }),
  ),
  verification: z.looseObject({
    build: z.looseObject({ ok: z.boolean(), ms: z.number().optional() }).optional(),
    text_coverage: z.number().nullish(),
    required_snippets: z.looseObject({ kept: z.number(), total: z.number() }).nullish(),
    overflow_375: z.unknown().optional(),
    console_errors: z.unknown().optional(),
    broken_images: z.unknown().optional(),
  }),
  not_carried: z
    .array(
      z.looseObject({
        kind: z.string(),
        what: z.string(),
        page: z.string().nullish(),
        reason: z.string(),
      }),
    )
    .default([]),
  timings: z.record(z.string(), z.number()).optional(),
  lighthouse: z
    .looseObject({
      before: lighthouseScoresSchema.nullish(),
      after: lighthouseScoresSchema.nullish(),
    })
    .nullish(),
});

/** The before/after report of a project. */
export type ProjectReport = z.infer<typeof projectReportSchema>;

/** Lighthouse category scores of one side of the report. */
export type LighthouseScores = z.infer<typeof lighthouseScoresSchema>;
