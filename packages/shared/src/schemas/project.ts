import { z } from 'zod';
import {
  createProjectFormSchema,
  isAbsoluteHttpUrl,
  MODERNIZATION_STRATEGIES,
  PROJECT_NAME_MIN_LENGTH,
  UNBUILT_LINKS_CHOICES,
} from '../validation/create-project';
import { VALIDATION_MESSAGES } from '../messages';
import { fidelityScoresSchema } from './report';
import { projectHostingSchema } from './hosting';

/**
 * Projects as the API sends and receives them (DESIGN.md §4; spec §3 Project, §4 Project status). Field
 * names keep the specification's snake_case. The web app imports these for its types and checks.
 */

/** Project statuses the server writes (spec §4). `pending` and `in-progress` are accepted on read. */
export const PROJECT_STATUSES = [
  'queued',
  'pending',
  'in-progress',
  'processing',
  'generating',
  'completed',
  'failed',
] as const;

/** One project status. */
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Statuses that end a run; every other status counts as "in progress" (DESIGN.md §3). */
export const TERMINAL_PROJECT_STATUSES = ['completed', 'failed'] as const;

/** Statuses counted by the 'In Progress' filter and 'Currently Transforming' (every non-terminal one). */
export const IN_PROGRESS_PROJECT_STATUSES = [
  'queued',
  'pending',
  'in-progress',
  'processing',
  'generating',
] as const;

/** The list filter (spec §5 Search and filter). */
export const PROJECT_LIST_FILTERS = ['all', 'completed', 'in-progress'] as const;

/** One list filter value. */
export type ProjectListFilter = (typeof PROJECT_LIST_FILTERS)[number];

/** Largest page of the list endpoint. */
export const PROJECT_LIST_MAX_LIMIT = 100;
/** Page size when `limit` is not given (the dashboard shows 5, then 5 more per click: spec §9). */
export const PROJECT_LIST_DEFAULT_LIMIT = 5;

/** A short summary of the run's report (sitelift-report.json), for the dashboard's 'View report'. */
export const reportSummarySchema = z.object({
  /** Pages rebuilt. */
  pages: z.number().int(),
  /**
   * Pages found on the site (issue 24): the rebuilt ones and those the report lists as not rebuilt
   * (over the plan's limit, left out by the user, robots.txt, errors). Absent in older runs.
   */
  pages_found: z.number().int().optional(),
  /** Routes of the rebuilt site, in order. */
  routes: z.array(z.string()),
  /** Share (0..1) of the original's text blocks found in the rebuild. */
  text_coverage: z.number(),
  build_ok: z.boolean(),
  /** How many things of the original were not carried over (the full list is in the report). */
  not_carried: z.number().int(),
  /** Lighthouse before/after when it was measured. */
  lighthouse: z
    .object({ before: z.record(z.string(), z.number()), after: z.record(z.string(), z.number()) })
    .optional(),
  /**
   * Lighthouse is measured after delivery: 'measuring' until its figures are in `lighthouse` ('done')
   * or it could not run ('failed'); absent when it was not measured.
   */
  lighthouse_status: z.enum(['measuring', 'done', 'failed']).optional(),
  /** The report's overall fidelity scores (`fidelity.overall`), when the run measured them. */
  fidelity: fidelityScoresSchema.optional(),
  /**
   * The run's screenshot names, `before|after/<route slug>-desktop|mobile.webp` (`.png` for runs before WebP), each served at
   * `/api/projects/<id>/screenshots/<name>` (the report's before/after comparisons).
   */
  screenshots: z.array(z.string()).optional(),
  /**
   * What the model did in the run (issue 25), when one was used: provider, model, tokens in and out,
   * the estimated cost in US dollars (null: unknown price) and the patches kept of those proposed.
   */
  ai: z
    .object({
      provider: z.string(),
      model: z.string(),
      tokens_in: z.number().int(),
      tokens_out: z.number().int(),
      cost_usd: z.number().nullable(),
      patches_kept: z.number().int(),
      patches_total: z.number().int(),
    })
    .optional(),
});

/** The report summary. */
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** A project as GET/POST/PATCH /api/projects... send it. */
export const projectSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  source_url: z.string(),
  modernization_strategy: z.enum(MODERNIZATION_STRATEGIES),
  target_framework: z.literal('React'),
  status: z.string(),
  job_id: z.string().nullable(),
  /** The job's status (QUEUED|RUNNING|COMPLETED|FAILED) when there is a job. */
  job_status: z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']).nullable(),
  /** Where the zip is downloaded: `/api/projects/<id>/download`, once completed. */
  generated_code_url: z.string().nullable(),
  github_repo_url: z.string().nullable(),
  /** The pages to rebuild (issue 24): path patterns included (empty: all) and left out. */
  include_paths: z.array(z.string()),
  exclude_paths: z.array(z.string()),
  /** Links to pages that were not rebuilt: kept to the original, or removed with their words kept. */
  unbuilt_links: z.enum(UNBUILT_LINKS_CHOICES),
  /** Whether a model may write what the original lacks: meta descriptions, alt text (issue 25). */
  ai_additions: z.boolean(),
  /** Why the last run failed (the user-facing message), when it failed. */
  error_message: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  report_summary: reportSummarySchema.nullable(),
  /** The full SiteliftReport JSON: `/api/projects/<id>/report`, once completed. */
  report_url: z.string().nullable(),
  /** The live preview of the rebuilt site (open in a new tab), once completed. */
  preview_url: z.string().nullable(),
  /** The hosted site (issue 27): live URL, claim link and expiry, the last deploy's state. */
  hosting: projectHostingSchema.nullable().optional(),
  /** Desktop screenshots of the original start page and of its rebuild, once completed. */
  thumbnails: z.object({ before: z.string().nullable(), after: z.string().nullable() }).nullable(),
  /**
   * While the job runs: the stage it is in ('Reading the site') and how far that stage is; and the
   * job as a whole (issue 22): step k of n, its share 0..1 (it never goes back) and about how many
   * seconds are left. The whole-job fields are missing from jobs that started before them.
   */
  progress: z
    .object({
      stage: z.string(),
      label: z.string(),
      done: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      step: z.number().int().positive().optional(),
      steps: z.number().int().positive().optional(),
      overall: z.number().min(0).max(1).optional(),
      estimated_remaining_seconds: z.number().int().nonnegative().optional(),
    })
    .nullable()
    .optional(),
  /**
   * While the job waits: its place among all waiting jobs (1 = next) and roughly how long until it
   * starts, from how long recent jobs took and how many run at once.
   */
  queue: z
    .object({
      position: z.number().int().positive(),
      estimated_wait_seconds: z.number().int().nonnegative(),
    })
    .nullable()
    .optional(),
});

/** A project as the API sends it. */
export type Project = z.infer<typeof projectSchema>;

/** GET /api/projects query. */
export const projectListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(PROJECT_LIST_FILTERS).default('all'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PROJECT_LIST_MAX_LIMIT)
    .default(PROJECT_LIST_DEFAULT_LIMIT),
  /** Opaque; the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});

/** GET /api/projects query (before defaults). */
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

/** Counts for the dashboard's three stat cards (over every project of the user, whatever the filter). */
export const projectCountsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  in_progress: z.number().int(),
});

/** Counts of the three stat cards. */
export type ProjectCounts = z.infer<typeof projectCountsSchema>;

/** GET /api/projects answer: `total` counts the matches of search + filter. */
export const projectListResponseSchema = z.object({
  items: z.array(projectSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
  counts: projectCountsSchema,
});

/** GET /api/projects answer. */
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** POST /api/projects body (spec §3 Create-project payload; spec §5 Create project rules). */
export const createProjectBodySchema = createProjectFormSchema.extend({
  targetFramework: z.literal('React').default('React'),
  sourceUrl: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.websiteUrlRequired)
    .max(2048, VALIDATION_MESSAGES.websiteUrlInvalid)
    .refine(isAbsoluteHttpUrl, VALIDATION_MESSAGES.websiteUrlInvalid),
});

/** POST /api/projects body (before defaults). */
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

/** PATCH /api/projects/:id body: name and description only (spec §2 Edit project). */
export const updateProjectBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, VALIDATION_MESSAGES.projectNameRequired)
      .min(PROJECT_NAME_MIN_LENGTH, VALIDATION_MESSAGES.projectNameMin3)
      .max(100, VALIDATION_MESSAGES.projectNameMax)
      .optional(),
    description: z
      .string()
      .trim()
      .max(1000, VALIDATION_MESSAGES.descriptionMax)
      .nullable()
      .optional(),
  })
  .strict();

/** PATCH /api/projects/:id body. */
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

/** Texts of the projects flows the server sends (spec §8 Projects, DESIGN.md §3). */
export const PROJECT_MESSAGES = {
  noCredits: 'You have no credits left. Buy a plan or a Single Refresh to modernize another site.',
  emailNotVerified:
    'Please verify your e-mail address before creating a project. We can send the verification e-mail again.',
  logsUnauthenticated: 'Authentication error: User is not logged in.',
} as const;

/** Where the 402 answer points users to buy credits. */
export const PRICING_URL = '/#pricing';
