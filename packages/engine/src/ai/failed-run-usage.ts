import type { AiClient } from './types';

/** What a model run spent before it failed: the report's `ai` counts, without the stages' records. */
export type FailedRunAiUsage = ReturnType<AiClient['summary']>;

const USAGE = Symbol.for('sitelift.engine.aiUsage');

/**
 * Marks a run's failure with what its model calls cost so far, so that the caller can count the
 * tokens against the user's budget: a failed run spends the provider's tokens as much as one that
 * completes. Only objects can carry it (a thrown string cannot); a run that spent nothing adds nothing.
 */
export function attachAiUsage(error: unknown, client: AiClient | undefined): void {
  if (client === undefined || typeof error !== 'object' || error === null) return;
  const summary = client.summary();
  if (summary.tokens_in + summary.tokens_out === 0) return;
  Object.defineProperty(error, USAGE, { value: summary, enumerable: false, configurable: true });
}

/** The model usage a failed run was marked with (attachAiUsage), if any. */
export function aiUsageOfFailure(error: unknown): FailedRunAiUsage | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as { [USAGE]?: FailedRunAiUsage })[USAGE];
}
