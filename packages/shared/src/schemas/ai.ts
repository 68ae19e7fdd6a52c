/**
 * The model seam's shared shapes (issue 25, decision record 058): which providers a user or the
 * operator can configure, the engine's AI settings for one run, and the report's "What the AI did".
 * Engine, server and web all read them from here.
 */
import { z } from 'zod';

/** The providers the engine can call, each through its Vercel AI SDK client. */
export const AI_PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** What each provider is called on screens. */
export const AI_PROVIDER_LABELS: Record<AiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter)',
};

/** A model's price in US dollars per million tokens, in and out. */
export const aiPriceSchema = z.object({
  input: z.number().min(0),
  output: z.number().min(0),
});
export type AiPrice = z.infer<typeof aiPriceSchema>;

/** Where the model acts; each can be turned off. */
export const AI_TASKS = ['understand', 'design', 'repair', 'describe', 'alt'] as const;
export type AiTask = (typeof AI_TASKS)[number];

/**
 * The engine's AI settings for one run. Without them (the embedded default) no model is called and
 * every stage runs offline. `apiKey` never leaves the worker: it is not logged, not saved with the
 * stage outputs and not written into the report.
 */
export const aiRunConfigSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string().trim().min(1).max(200),
  apiKey: z.string().optional(),
  /** The provider's API root (required for openai-compatible; optional for the others). */
  baseUrl: z.string().url().optional(),
  /** Tokens (in + out) the run may spend; past it every further call is skipped with a note. */
  maxTokens: z.number().int().min(1000).default(200_000),
  /** Repair rounds per page. */
  maxRounds: z.number().int().min(0).max(5).default(2),
  /** A call's time limit, retries included. */
  timeoutMs: z.number().int().min(1000).default(60_000),
  /** Calls in flight at once. */
  concurrency: z.number().int().min(1).max(8).default(2),
  /** The model's price; unknown models are costed from the built-in price table or not at all. */
  price: aiPriceSchema.optional(),
  /**
   * Model-written strings the original lacks (meta descriptions, image alt text): off per project.
   * The model's patches and labels never add words and stay on.
   */
  additions: z.boolean().default(true),
  /** Tasks turned off (all on by default). */
  disabled: z.array(z.enum(AI_TASKS)).default([]),
  /**
   * The base URL is the user's own: every connection to it passes the SSRF guard at connect time
   * (decision record 060), so a name that re-resolves to a private address is refused. The
   * operator's own endpoint (a local Ollama) is trusted.
   */
  guarded: z.boolean().default(false),
  /** A folder for the answer cache (by input hash): a re-run of an unchanged site calls nothing. */
  cacheDir: z.string().optional(),
});
export type AiRunConfig = z.output<typeof aiRunConfigSchema>;
export type AiRunConfigInput = z.input<typeof aiRunConfigSchema>;

const unit = z.number().min(0).max(1);
/** The fidelity scores a repair is judged by (a subset of the report's). */
export const aiScoresSchema = z.object({
  block: unit,
  text: unit,
  position: unit,
  color: unit,
  visual: unit,
});

/** The report's "What the AI did" (sitelift-report.json `ai`). */
export const aiReportSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string(),
  calls: z.object({
    total: z.number().int().min(0),
    /** Answered from the cache (no tokens spent). */
    cached: z.number().int().min(0),
    /** Timed out, refused, invalid twice or skipped over the budget: the offline result stayed. */
    failed: z.number().int().min(0),
  }),
  tokens_in: z.number().int().min(0),
  tokens_out: z.number().int().min(0),
  /** Estimated cost in US dollars; null when the model's price is unknown. */
  cost_usd: z.number().min(0).nullable(),
  seconds: z.number().min(0),
  /** What went wrong and what was kept instead, one sentence each (a timeout, the budget…). */
  notes: z.array(z.string()),
  /** Every patch the model proposed, kept or rejected, with the scores that decided it. */
  patches: z.array(
    z.object({
      route: z.string(),
      /** The section's id or selector in the rebuild. */
      section: z.string(),
      viewport: z.enum(['desktop', 'mobile']).optional(),
      /** What the patch changes, in words (e.g. "variant: cards → gallery"). */
      change: z.string(),
      /** The model's own reason. */
      reason: z.string(),
      kept: z.boolean(),
      /** Why it was kept or rejected (e.g. "visual 0.41 → 0.38 on /about"). */
      why: z.string(),
      before: aiScoresSchema.optional(),
      after: aiScoresSchema.optional(),
      /** Crops under the zip's `sitelift-report/screenshots/`: the original, before and after. */
      crops: z
        .object({ original: z.string(), before: z.string(), after: z.string().optional() })
        .optional(),
    }),
  ),
  /** Every string the model wrote (only where the original had none). */
  written: z.array(
    z.object({
      route: z.string(),
      field: z.enum(['description', 'alt', 'json_ld']),
      /** The image's path for `alt`. */
      target: z.string().optional(),
      text: z.string(),
    }),
  ),
  /** What the model labelled (logo, menu…) and whether the rules took it. */
  labels: z
    .array(
      z.object({
        route: z.string(),
        selector: z.string(),
        label: z.string(),
        taken: z.boolean(),
      }),
    )
    .optional(),
});
export type AiReport = z.infer<typeof aiReportSchema>;
