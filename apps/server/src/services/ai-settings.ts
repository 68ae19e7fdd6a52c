import type { AiPrice, AiProvider } from '@sitelift/shared/schemas/ai';
import type { AiSettings, AiSettingsBody } from '@sitelift/shared/schemas/ai-settings';
import type { AiConfig, AiModelSettings } from '../config';
import {
  findUserAiSettings,
  startOfUtcMonth,
  sumAiUsageSince,
  upsertUserAiSettings,
  type UserAiSettingsRow,
} from '../db/ai-settings.repository';
import type { AppDb } from '../db/database';
import type { TokenCipher } from '../github/token-crypto';

/** The price of a model: AI_PRICES first, then the engine's table (`fallback`), else unknown. */
export function priceOfModel(
  ai: Pick<AiConfig, 'prices'>,
  provider: AiProvider,
  model: string,
  fallback?: (provider: AiProvider, model: string) => AiPrice | undefined,
): AiPrice | null {
  return ai.prices[model] ?? fallback?.(provider, model) ?? null;
}

/** `2026-11` for a date in November 2026 (UTC). */
function toMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** GET /api/me/ai-settings: the user's own model (never its key), the default and the month's usage. */
export async function getAiSettings(
  db: AppDb,
  ai: AiConfig,
  userId: string,
  now: Date,
  priceFallback?: (provider: AiProvider, model: string) => AiPrice | undefined,
): Promise<AiSettings> {
  const [row, usage] = await Promise.all([
    findUserAiSettings(db, userId),
    sumAiUsageSince(db, userId, startOfUtcMonth(now)),
  ]);
  const fallback = ai.default;
  return {
    own: row ? toOwnJson(row, ai, priceFallback) : null,
    default: fallback
      ? {
          provider: fallback.provider,
          model: fallback.model,
          price: priceOfModel(ai, fallback.provider, fallback.model, priceFallback),
        }
      : null,
    usage: {
      month: toMonth(now),
      tokens: usage.tokens,
      budget: ai.monthlyTokens,
      cost_usd: usage.costUsd,
    },
    job_tokens: ai.jobTokens,
  };
}

function toOwnJson(
  row: UserAiSettingsRow,
  ai: AiConfig,
  priceFallback?: (provider: AiProvider, model: string) => AiPrice | undefined,
): NonNullable<AiSettings['own']> {
  const provider = row.provider as AiProvider;
  return {
    provider,
    model: row.model,
    base_url: row.baseUrl,
    has_key: row.apiKey !== null,
    key_last4: row.apiKey === null ? null : row.apiKeyLast4,
    price: priceOfModel(ai, provider, row.model, priceFallback),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The last four characters of a key, or null for a key too short to show any of it safely. */
function lastFour(key: string): string | null {
  return key.length >= 12 ? key.slice(-4) : null;
}

/**
 * PUT /api/me/ai-settings: saves the user's model. A new key is encrypted before it is stored; no
 * key keeps the saved one, `remove_key` forgets it.
 */
export async function saveAiSettings(
  db: AppDb,
  cipher: TokenCipher,
  userId: string,
  body: AiSettingsBody,
): Promise<void> {
  const existing = await findUserAiSettings(db, userId);
  const newKey = body.api_key ? body.api_key : undefined;
  const keyFields = newKey
    ? { apiKey: cipher.encrypt(newKey), apiKeyLast4: lastFour(newKey) }
    : body.remove_key
      ? { apiKey: null, apiKeyLast4: null }
      : { apiKey: existing?.apiKey ?? null, apiKeyLast4: existing?.apiKeyLast4 ?? null };
  await upsertUserAiSettings(db, {
    userId,
    provider: body.provider,
    model: body.model,
    baseUrl: body.base_url ? body.base_url.replace(/\/+$/, '') : null,
    ...keyFields,
  });
}

/** The saved key in plain text, or undefined; a key the cipher cannot read counts as none. */
export function readSavedKey(
  row: UserAiSettingsRow | undefined,
  cipher: TokenCipher,
): string | undefined {
  if (!row?.apiKey) return undefined;
  try {
    return cipher.decrypt(row.apiKey);
  } catch {
    return undefined;
  }
}

/** The model a job uses, or why it runs offline. */
export type JobModel =
  | {
      kind: 'model';
      settings: AiModelSettings;
      source: 'own' | 'default';
      /** Tokens this job may spend: the job's cap or what is left of the month, the lesser. */
      maxTokens: number;
      price: AiPrice | null;
    }
  | { kind: 'offline'; reason: string | undefined };

/** Fewer tokens than this left in the month: the job runs offline (the engine's least budget). */
export const LEAST_JOB_TOKENS = 1000;

/**
 * Which model a job of `userId` calls: the user's own, else the operator's default, else none; and
 * none when the month's budget is spent (the reason then says so, for the job log).
 */
export async function resolveJobModel(
  db: AppDb,
  cipher: TokenCipher,
  ai: AiConfig,
  userId: string,
  now: Date,
  priceFallback?: (provider: AiProvider, model: string) => AiPrice | undefined,
): Promise<JobModel> {
  const row = await findUserAiSettings(db, userId);
  const settings: AiModelSettings | undefined = row
    ? {
        provider: row.provider as AiProvider,
        model: row.model,
        apiKey: readSavedKey(row, cipher),
        baseUrl: row.baseUrl ?? undefined,
      }
    : ai.default;
  if (!settings) return { kind: 'offline', reason: undefined };
  const { tokens } = await sumAiUsageSince(db, userId, startOfUtcMonth(now));
  const left = ai.monthlyTokens - tokens;
  if (left < LEAST_JOB_TOKENS) {
    return {
      kind: 'offline',
      reason: `This month's AI budget is spent (${tokens.toLocaleString('en-US')} of ${ai.monthlyTokens.toLocaleString('en-US')} tokens): the rebuild runs without the model.`,
    };
  }
  return {
    kind: 'model',
    settings,
    source: row ? 'own' : 'default',
    maxTokens: Math.min(ai.jobTokens, left),
    price: priceOfModel(ai, settings.provider, settings.model, priceFallback),
  };
}
