import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAGE_SECONDS,
  toExpectedStageSeconds,
  toOverallProgress,
} from '../src/jobs/overall-progress';

describe('overall progress of a job', () => {
  const expected = toExpectedStageSeconds([]);

  it('counts steps of the whole job and never drops when a stage ends and the next begins', () => {
    const end = toOverallProgress({ stage: 'fetch', done: 8, total: 8 }, expected, 8)!;
    const next = toOverallProgress({ stage: 'extract', done: 0, total: 1 }, expected, 8)!;
    expect(end).toMatchObject({ step: 1, steps: 8 });
    expect(next).toMatchObject({ step: 2, steps: 8 });
    // Today's stage bar went from 100 % to 3 %; the whole job's share goes on from where it was.
    expect(next.overall).toBeCloseTo(end.overall, 5);
    expect(end.overall).toBeGreaterThan(0.1);
    expect(end.overall).toBeLessThan(0.3);
    const last = toOverallProgress({ stage: 'package', done: 1, total: 1 }, expected, 44)!;
    expect(last).toMatchObject({ step: 8, overall: 1, remainingSeconds: 0 });
  });

  it('estimates the time left from recent jobs, at the pace of this one', () => {
    const learned = toExpectedStageSeconds([
      { fetch: 10_000, verify: 40_000 },
      { fetch: 20_000, verify: 60_000, package: 2_000 },
    ]);
    expect(learned.fetch).toBe(15);
    expect(learned.verify).toBe(50);
    expect(learned.package).toBe(2);
    expect(learned.plan).toBe(DEFAULT_STAGE_SECONDS.plan);
    const onPace = toOverallProgress({ stage: 'verify', done: 0, total: 4 }, learned, 24)!;
    const slow = toOverallProgress({ stage: 'verify', done: 0, total: 4 }, learned, 48)!;
    // 15 + 2 + 1 + 3 + 1 = 22 s done of 74: 52 s left at the recent pace, here 24/22 of it.
    expect(onPace.remainingSeconds).toBeCloseTo(52 * (24 / 22), 0);
    expect(slow.remainingSeconds).toBeCloseTo(2 * onPace.remainingSeconds, 0);
  });

  it('knows no step for a stage it does not know', () => {
    expect(toOverallProgress({ stage: 'dream', done: 1, total: 2 }, expected, 1)).toBeUndefined();
  });
});
