/**
 * The engine's one way to a model (issue 25, decision record 058). Every use of a model — labels,
 * design, repair, descriptions, alt text — goes through an AiClient: one structured call at a time,
 * checked with zod, bounded by the run's token budget and time limit, answered from the cache when
 * the same request was made before. A call never throws: a model that fails leaves the offline
 * result in place, and the client keeps a note saying so for the report.
 */
import type { AiProvider, AiReport, AiRunConfig, AiTask } from '@sitelift/shared/schemas/ai';
import type { z } from 'zod';

/** A picture the model is shown (a screenshot or a crop). */
export interface AiImage {
  data: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
}

/** One structured request. */
export interface AiCallRequest<T> {
  task: AiTask;
  /** The answer's shape; the answer is parsed with it (invalid: asked once more with the error). */
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  images?: AiImage[];
  maxOutputTokens?: number;
}

export interface AiUsage {
  input: number;
  output: number;
}

/** Why a call gave no answer. */
export type AiFailure =
  'disabled' | 'over_budget' | 'timeout' | 'rate_limited' | 'server_error' | 'invalid' | 'error';

export type AiCallResult<T> =
  | { ok: true; value: T; usage: AiUsage; cached: boolean; ms: number }
  | { ok: false; reason: AiFailure; message: string; ms: number };

/** The run's model client (createAiClient in ./client). */
export interface AiClient {
  readonly provider: AiProvider;
  readonly model: string;
  readonly config: AiRunConfig;
  /** Whether a task may call the model (not turned off, budget left). */
  allows(task: AiTask): boolean;
  call<T>(request: AiCallRequest<T>): Promise<AiCallResult<T>>;
  /** Adds a sentence to the report's notes (e.g. why a patch loop stopped). */
  note(message: string): void;
  /** The report's `ai` section so far, without `patches`, `written` and `labels` (the stages add them). */
  summary(): Omit<AiReport, 'patches' | 'written' | 'labels'>;
}

/**
 * What the stages tell the report about the model's work besides the client's counts: the
 * pipeline puts one on the StageContext (`ctx.aiRecord`) when a model is configured, and the
 * package stage writes it into the report's `ai` with `summary()`.
 *
 * - `patches` and `labels`: pushed by the stages that propose or take them. The extract stage's
 *   labels (task `understand`) and the words it read ride in the site model (`SiteModel.aiUnderstood`)
 *   instead, so that a resumed run still lists them; the package stage adds them.
 * - `written`: strings a model wrote where the original had none. The plan stage's (descriptions,
 *   alt texts) ride in the plan itself (`SitePlan.aiWritten`) so that a resumed run still lists
 *   them; the package stage adds the plan's to the ones pushed here.
 *
 * A stage whose output is saved and reused on resume should keep its records in that output too;
 * the record only lives as long as the run.
 */
export interface AiRecord {
  patches: AiReport['patches'];
  written: AiReport['written'];
  labels: NonNullable<AiReport['labels']>;
}
