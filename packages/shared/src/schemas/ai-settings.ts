/**
 * Settings → AI model (issue 25): a user's own model, the operator's default and this month's usage.
 * The API key goes in (PUT, test) and never comes back: GET says only whether one is saved and its
 * last four characters.
 */
import { z } from 'zod';
import { AI_PROVIDERS, aiPriceSchema, type AiPrice, type AiProvider } from './ai';

/** Providers whose API root must be given (the others have their own). */
export function needsBaseUrl(provider: AiProvider): boolean {
  return provider === 'openai-compatible';
}

const baseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: 'Enter the base URL as http:// or https://…' },
  );

const modelFields = {
  provider: z.enum(AI_PROVIDERS, { error: 'Choose a provider' }),
  model: z
    .string()
    .trim()
    .min(1, { message: 'Enter the model, e.g. gpt-4o-mini' })
    .max(200, { message: 'The model name is too long' }),
  /** Empty or absent: the provider's own API. */
  base_url: baseUrlSchema.optional(),
  /** A new key (absent: the saved one stays). */
  api_key: z.string().trim().max(500, { message: 'The API key is too long' }).optional(),
};

function requireBaseUrl(
  value: { provider: AiProvider; base_url?: string | undefined },
  context: z.RefinementCtx,
) {
  if (needsBaseUrl(value.provider) && !value.base_url) {
    context.addIssue({
      code: 'custom',
      path: ['base_url'],
      message: 'Enter the base URL of your model server, e.g. https://openrouter.ai/api/v1',
    });
  }
}

/** PUT /api/me/ai-settings. */
export const aiSettingsBodySchema = z
  .object({
    ...modelFields,
    /** Forget the saved key (a new `api_key` wins). */
    remove_key: z.boolean().optional(),
  })
  .superRefine(requireBaseUrl);
export type AiSettingsBody = z.infer<typeof aiSettingsBodySchema>;

/** POST /api/me/ai-settings/test: the form's values; without `api_key` the saved key is used. */
export const aiTestBodySchema = z.object(modelFields).superRefine(requireBaseUrl);
export type AiTestBody = z.infer<typeof aiTestBodySchema>;

/** The answer of a test call. */
export const aiTestResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), model: z.string(), ms: z.number() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type AiTestResult = z.infer<typeof aiTestResultSchema>;

/** GET /api/me/ai-settings (and the answer of PUT and DELETE). */
export const aiSettingsSchema = z.object({
  /** The user's own model, or null (the operator's default, if any, is used). */
  own: z
    .object({
      provider: z.enum(AI_PROVIDERS),
      model: z.string(),
      base_url: z.string().nullable(),
      has_key: z.boolean(),
      /** The saved key's last four characters, so the user can tell which one it is. */
      key_last4: z.string().nullable(),
      /** The model's price (AI_PRICES), or null when unknown. */
      price: aiPriceSchema.nullable(),
      updated_at: z.string(),
    })
    .nullable(),
  /** The operator's default model (AI_PROVIDER, AI_MODEL), or null. */
  default: z
    .object({ provider: z.enum(AI_PROVIDERS), model: z.string(), price: aiPriceSchema.nullable() })
    .nullable(),
  /** This calendar month's (UTC) tokens against the budget; past it jobs run offline. */
  usage: z.object({
    month: z.string(),
    tokens: z.number().int().min(0),
    budget: z.number().int().min(0),
    cost_usd: z.number().min(0).nullable(),
  }),
  /** Tokens one job may spend at most. */
  job_tokens: z.number().int().min(0),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** Which model a job of this user will call, as the create form shows it. */
export function toEffectiveModel(
  settings: Pick<AiSettings, 'own' | 'default' | 'usage'>,
):
  | { provider: AiProvider; model: string; price: AiPrice | null; source: 'own' | 'default' }
  | undefined {
  if (settings.usage.tokens >= settings.usage.budget) return undefined;
  const { own } = settings;
  if (own) return { provider: own.provider, model: own.model, price: own.price, source: 'own' };
  if (settings.default) return { ...settings.default, source: 'default' };
  return undefined;
}
