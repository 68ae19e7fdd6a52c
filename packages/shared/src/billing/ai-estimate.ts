/**
 * What a job may spend on a model (issue 25), as the create form shows it before a credit is spent.
 * A rough upper bound from the page count: per page one look at the original's screenshot and region
 * map, up to two repair rounds with two crops each, and the descriptions and alt text the original
 * lacks. The job's own cap and what is left of the month bound it, as they bound the run.
 */
import type { AiPrice } from '../schemas/ai';

/** Tokens in and out one page may cost (screenshots count as input tokens). */
export const AI_TOKENS_PER_PAGE = { input: 12_000, output: 1_500 } as const;

export interface AiEstimate {
  /** Tokens in + out at most. */
  tokens: number;
  /** US dollars at most, or null when the model's price is unknown. */
  costUsd: number | null;
}

/**
 * The most a run over `pages` pages may spend: the per-page estimate, capped by `capTokens` (the
 * job's cap, or what is left of the month when that is less).
 */
export function estimateAiUsage(
  pages: number,
  capTokens: number,
  price: AiPrice | null,
): AiEstimate {
  const perPage = AI_TOKENS_PER_PAGE.input + AI_TOKENS_PER_PAGE.output;
  const wanted = Math.max(0, Math.ceil(pages)) * perPage;
  const tokens = Math.max(0, Math.min(wanted, capTokens));
  if (price === null) return { tokens, costUsd: null };
  // Split the capped total in the same proportion as one page's input and output.
  const share = AI_TOKENS_PER_PAGE.input / perPage;
  const costUsd =
    ((tokens * share) / 1e6) * price.input + ((tokens * (1 - share)) / 1e6) * price.output;
  return { tokens, costUsd };
}

/** "$0.42", "< $0.01", or null for an unknown price. */
export function formatAiCost(costUsd: number | null): string | null {
  if (costUsd === null) return null;
  if (costUsd > 0 && costUsd < 0.01) return '< $0.01';
  return `$${costUsd.toFixed(2)}`;
}

/** "12,345 tokens". */
export function formatTokens(tokens: number): string {
  return `${tokens.toLocaleString('en-US')} token${tokens === 1 ? '' : 's'}`;
}
