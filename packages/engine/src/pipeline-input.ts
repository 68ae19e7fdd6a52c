/**
 * The pipeline's input, in a file of its own: the stage table (pipeline-stages.ts) and the runner
 * (pipeline.ts) both read it, and neither imports the other for it.
 */
import { UNBUILT_LINKS_CHOICES } from '@sitelift/shared/validation/create-project';
import { aiRunConfigSchema } from '@sitelift/shared/schemas/ai';
import { z } from 'zod';
import { fetchOptionsSchema } from './contract/raw-site';
import type { Designer } from './design/designer';
import { DEFAULT_STRATEGY, STRATEGIES } from './model';
import { MAX_PAGES_LIMIT } from './stages/fetch/fetch-site';
import { BASE_PATH_PATTERN } from './stages/verify/build-preview';

/** What a modernization run is asked to do; validated with zod at the pipeline's edge. */
export const pipelineInputSchema = z.object({
  url: z.string().trim().min(1),
  strategy: z.enum(STRATEGIES).default(DEFAULT_STRATEGY),
  maxPages: z.number().int().min(1).max(MAX_PAGES_LIMIT).default(20),
  /**
   * Path patterns of the pages to read (issue 24, `@sitelift/shared/path-filter`): a prefix
   * (`/blog/`) or a glob (`*` within a path segment, `**` at any depth); none: every page found.
   * The start page is always read.
   */
  include: z.array(z.string()).optional(),
  /** Path patterns of the pages not to read; they win over `include`. */
  exclude: z.array(z.string()).optional(),
  lighthouse: z.boolean().default(false),
  /**
   * A link to a page of the site that was not rebuilt (over the page limit, excluded, failed):
   * `keep` it as a link to the original page (listed in the report's `links_to_original`) or
   * `remove` it and keep its words (issue 24).
   */
  unbuiltLinks: z.enum(UNBUILT_LINKS_CHOICES).default('keep'),
  allowPrivateUrls: z.boolean().default(false),
  /** Take before/after screenshots (default true). */
  screenshots: z.boolean().default(true),
  /** Exact strings the rebuild must contain (e.g. a corpus manifest's mustKeep). */
  requiredSnippets: z
    .array(z.object({ route: z.string().optional(), text: z.string().min(1) }))
    .optional(),
  /** Save every stage's output as JSON in this folder. */
  workDir: z.string().min(1).optional(),
  /** With workDir: reuse the saved outputs of the stages that already finished. */
  resume: z.boolean().default(false),
  /**
   * Fetch stage options beyond those set above (tests: respectRobots, browser...); a key the fetch
   * stage does not know is refused.
   */
  fetchOptions: fetchOptionsSchema
    .omit({
      maxPages: true,
      allowPrivateUrls: true,
      loopbackOnly: true,
      screenshots: true,
      include: true,
      exclude: true,
    })
    .partial()
    .strict()
    .optional(),
  /**
   * Contact only loopback addresses: host names other than localhost do not resolve, and verify's
   * browsers reach nothing else. For tests and the bench, whose sites are served on 127.0.0.1, so
   * that their CDN links and trackers never leave the machine. Implies allowPrivateUrls.
   */
  loopbackOnly: z.boolean().default(false),
  /** Chromium binary for fetch and verify (default: CHROME_PATH, an installed one, the npm one). */
  chromePath: z.string().optional(),
  /**
   * Also build the project for this base path (e.g. '/preview/<projectId>/', starting and ending
   * with '/') after verify's '/' build, and return that dist as `result.preview` (the live preview).
   * The zip stays built for '/'.
   */
  previewBase: z
    .string()
    .regex(BASE_PATH_PATTERN, 'must start and end with "/" and hold plain path segments')
    .optional(),
  /**
   * Put every file of the zip in this folder (e.g. the project's name), so that it unpacks into one
   * folder; made safe for file systems by the package stage. Without it, files sit at the root.
   */
  archiveFolder: z.string().max(200).optional(),
  /**
   * The project's name as the user gave it (decision record 040): the generated package.json's name
   * (slugified) and the README's title; og:site_name when the original names itself nowhere but in
   * its <title> or host.
   */
  projectName: z.string().max(200).optional(),
  /**
   * The model to use (issue 25): absent, no model is called and every stage runs offline. Its
   * `apiKey` is never logged nor saved with the stage outputs.
   */
  ai: aiRunConfigSchema.optional(),
});

/**
 * The pipeline's input (before defaults); `designer` replaces the offline designer (the one place a
 * Designer is injected: the plan stage runs it over the planned site).
 */
export type PipelineInput = z.input<typeof pipelineInputSchema> & {
  designer?: Designer;
};

/** The pipeline's input after validation (defaults applied), as the stages see it. */
export type PipelineOptions = z.output<typeof pipelineInputSchema>;
