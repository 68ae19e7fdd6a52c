import { z } from 'zod';
import {
  MODERNIZATION_STRATEGIES,
  DEFAULT_MODERNIZATION_STRATEGY,
} from '../validation/create-project';

/** Most URLs in one batch (issue 26). */
export const MAX_BATCH_URLS = 500;

const urlsSchema = z
  .array(z.string().max(2048, 'A URL is too long (2048 characters at most).'))
  .min(1, 'Add at least one URL.')
  .max(MAX_BATCH_URLS, `A batch holds at most ${MAX_BATCH_URLS} URLs.`);

/** `POST /api/batches/check`: the pre-check of every line, nothing charged. */
export const batchCheckBodySchema = z.strictObject({ urls: urlsSchema });

/** `POST /api/batches`: check every line again, take the credits of those accepted, start them. */
export const createBatchBodySchema = z.strictObject({
  urls: urlsSchema,
  name: z.string().trim().max(100, 'The name is too long (100 characters at most).').optional(),
  modernization_strategy: z.enum(MODERNIZATION_STRATEGIES).default(DEFAULT_MODERNIZATION_STRATEGY),
  /**
   * When the balance covers fewer sites than were accepted: start as many as it covers (in list
   * order) instead of refusing the batch.
   */
  allow_partial: z.boolean().default(false),
});

/** Body of `POST /api/batches`. */
export type CreateBatchBody = z.input<typeof createBatchBodySchema>;

/** One line of the list after the pre-check. */
export const batchLineSchema = z.object({
  line: z.number(),
  url: z.string(),
  ok: z.boolean(),
  /** Why the line is not started (a refused or unreachable site, a duplicate, no credit left). */
  reason: z.string().nullable(),
  /** The site's title when it could be read. */
  title: z.string().nullable(),
});

/** A checked line. */
export type BatchLine = z.infer<typeof batchLineSchema>;

/** The pre-check's answer: each line, and what starting them would take. */
export const batchCheckSchema = z.object({
  lines: z.array(batchLineSchema),
  accepted: z.number(),
  balance: z.number(),
});

/** `POST /api/batches/check` answer. */
export type BatchCheck = z.infer<typeof batchCheckSchema>;

/** A site of a batch: its project and where it is. */
export const batchSiteSchema = z.object({
  project_id: z.string(),
  name: z.string(),
  source_url: z.string(),
  status: z.string(),
  pages: z.number().nullable(),
  text_coverage: z.number().nullable(),
  error_message: z.string().nullable(),
});

/** A batch with its counts (list) and, for one batch, its sites and rejected lines. */
export const batchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['running', 'completed']),
  modernization_strategy: z.string(),
  line_count: z.number(),
  counts: z.object({
    total: z.number(),
    queued: z.number(),
    running: z.number(),
    completed: z.number(),
    failed: z.number(),
    rejected: z.number(),
  }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/** A batch in the list. */
export type BatchSummary = z.infer<typeof batchSummarySchema>;

/** `GET /api/batches/:id` (and the answer to create). */
export const batchSchema = batchSummarySchema.extend({
  sites: z.array(batchSiteSchema),
  rejected: z.array(z.object({ line: z.number(), url: z.string(), reason: z.string() })),
  /** Credits taken when it was created (one per site). */
  credits_reserved: z.number(),
});

/** One batch in full. */
export type Batch = z.infer<typeof batchSchema>;

/** `GET /api/batches`: newest first. */
export const batchListSchema = z.object({ items: z.array(batchSummarySchema) });
