import { assertPublicUrl, type GuardOptions } from '../../net/assert-public-url';
import type { LighthouseScores } from '../../types';
import { runLighthouse } from './run-lighthouse';
import { throwIfCancelled } from './verify-steps';

/** What {@link measureLighthouse} compares. */
export interface LighthouseComparison {
  /** The original's start page (public, or what `originalGuard` allows). */
  originalUrl: string;
  /** The rebuild's start page, served on loopback for the measurement. */
  rebuildUrl: string;
  /** How the log names the rebuild (its loopback address means nothing to the customer). */
  rebuildLabel: string;
  /** What the original's page may reach: the SSRF guard of everything an original loads. */
  originalGuard: GuardOptions;
  chromePath?: string;
  signal?: AbortSignal;
  log(level: 'DEBUG' | 'INFO' | 'WARNING', message: string): void;
  /** Called after each of the two runs (progress). */
  onStep?(): void;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

/**
 * Lighthouse of the original's start page, then of the rebuild's, one after the other (two Lighthouse
 * runs at once break each other: "performance mark has not been set"). The scores of both, or
 * undefined when either run failed (each failure is logged as a warning). Cancelled through `signal`
 * with ENGINE_PIPELINE_CANCELLED.
 */
export async function measureLighthouse(
  comparison: LighthouseComparison,
): Promise<{ before: LighthouseScores; after: LighthouseScores } | undefined> {
  const { log, signal } = comparison;
  const scores: { before?: LighthouseScores; after?: LighthouseScores } = {};
  for (const [which, url] of [
    ['before', comparison.originalUrl],
    ['after', comparison.rebuildUrl],
  ] as const) {
    throwIfCancelled(signal);
    try {
      // The rebuild is on loopback and self-contained; an original reaches only what the guard allows.
      const guard = which === 'before' ? comparison.originalGuard : { loopbackOnly: true };
      await assertPublicUrl(url, guard);
      log(
        'INFO',
        which === 'before'
          ? `Lighthouse before: ${url}`
          : `Lighthouse after: ${comparison.rebuildLabel}`,
      );
      scores[which] = await runLighthouse(url, {
        chromePath: comparison.chromePath,
        guard,
        signal,
        onRefused: (target, reason) =>
          log('DEBUG', `Lighthouse ${which}: blocked a connection to ${target}: ${reason}`),
      });
    } catch (error) {
      throwIfCancelled(signal);
      log('WARNING', `Lighthouse ${which} did not run: ${firstLine(error)}`);
    }
    comparison.onStep?.();
  }
  if (scores.before === undefined || scores.after === undefined) return undefined;
  return { before: scores.before, after: scores.after };
}
