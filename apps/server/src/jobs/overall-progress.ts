import { REPORT_STAGES } from '@sitelift/shared/schemas/report';

type Stage = (typeof REPORT_STAGES)[number];

/**
 * How long each stage takes when no job has completed yet to learn from (seconds; the engine's
 * benchmark medians, verify with its browser checks the longest).
 */
export const DEFAULT_STAGE_SECONDS: Readonly<Record<Stage, number>> = {
  fetch: 8,
  extract: 2,
  plan: 1,
  optimize: 3,
  generate: 1,
  verify: 25,
  // Nothing to do without a model; with one, a build and a verify per patch.
  repair: 0,
  package: 4,
};

/**
 * Each stage's expected length from the timings (ms per stage) of recent completed jobs: the mean of
 * those that timed it, else the default. A stage a resumed job reused may be missing from a timing.
 */
export function toExpectedStageSeconds(
  recent: readonly Record<string, number>[],
): Record<Stage, number> {
  const expected = { ...DEFAULT_STAGE_SECONDS };
  for (const stage of REPORT_STAGES) {
    const values = recent
      .map((timings) => timings[stage])
      .filter((value): value is number => typeof value === 'number' && value >= 0);
    if (values.length > 0)
      expected[stage] = values.reduce((sum, value) => sum + value, 0) / values.length / 1000;
  }
  return expected;
}

/** The job as a whole: step k of n, one share for all stages, and roughly how long is left. */
export interface OverallProgress {
  step: number;
  steps: number;
  /** 0..1 of the whole job. */
  overall: number;
  /** Seconds left, from the stages' expected lengths at the pace the job has run so far. */
  remainingSeconds: number;
}

/**
 * Where a job stands as a whole from the stage it is in and how far that stage is (`done` of
 * `total`): finished stages count with their expected length, the current one with its share. The
 * estimate of the time left follows the job's own pace (a job running twice as slow as recent ones
 * is expected to take twice as long for the rest), once it has run a few seconds.
 */
export function toOverallProgress(
  event: { stage: string; done: number; total: number },
  expected: Record<Stage, number>,
  elapsedSeconds: number,
): OverallProgress | undefined {
  const index = REPORT_STAGES.indexOf(event.stage as Stage);
  if (index === -1) return undefined;
  const total = REPORT_STAGES.reduce((sum, stage) => sum + expected[stage], 0);
  const before = REPORT_STAGES.slice(0, index).reduce((sum, stage) => sum + expected[stage], 0);
  const share = event.total > 0 ? Math.min(1, Math.max(0, event.done / event.total)) : 0;
  const current = expected[REPORT_STAGES[index]!];
  const doneSeconds = before + current * share;
  const overall = total > 0 ? Math.min(1, doneSeconds / total) : 0;
  const pace = doneSeconds >= 3 && elapsedSeconds >= 3 ? elapsedSeconds / doneSeconds : 1;
  const remainingSeconds = Math.max(0, (total - doneSeconds) * Math.min(4, Math.max(0.25, pace)));
  return { step: index + 1, steps: REPORT_STAGES.length, overall, remainingSeconds };
}
