import { describe, expect, it } from 'vitest';
import { judgePatch, type RouteMeasurement } from './decide';

const scores = { block: 0.8, text: 0.9, position: 0.7, color: 0.6, visual: 0.5 };

function measurement(overrides: Partial<RouteMeasurement> = {}): RouteMeasurement {
  return {
    build: true,
    missingText: [],
    scores,
    checks: { 'identity:logo': true, 'never_worse:picture_twice': false },
    ...overrides,
  };
}

describe('judgePatch', () => {
  it('keeps a patch that raises a score and lowers none, saying which rose', () => {
    const verdict = judgePatch(
      '/about',
      measurement(),
      measurement({ scores: { ...scores, visual: 0.62 } }),
    );
    expect(verdict).toMatchObject({ kept: true, why: 'visual 0.50 → 0.62 on /about' });
    expect(verdict.gain).toBeCloseTo(0.12);
  });

  it('keeps a patch that changes the scores by less than the noise', () => {
    expect(
      judgePatch('/', measurement(), measurement({ scores: { ...scores, color: 0.598 } })).kept,
    ).toBe(true);
  });

  it('rejects a patch that lowers any one score, naming it', () => {
    const verdict = judgePatch(
      '/about',
      measurement(),
      measurement({ scores: { ...scores, visual: 0.7, color: 0.41 } }),
    );
    expect(verdict).toMatchObject({ kept: false, why: 'color 0.60 → 0.41 on /about' });
  });

  it('rejects a patch after which a check that passed fails', () => {
    const verdict = judgePatch(
      '/',
      measurement(),
      measurement({
        scores: { ...scores, visual: 0.9 },
        checks: { 'identity:logo': false, 'never_worse:picture_twice': false },
      }),
    );
    expect(verdict).toMatchObject({ kept: false, why: 'identity check logo fails now' });
  });

  it('keeps a patch that makes a failing check pass', () => {
    const verdict = judgePatch(
      '/',
      measurement(),
      measurement({ checks: { 'identity:logo': true, 'never_worse:picture_twice': true } }),
    );
    expect(verdict).toMatchObject({
      kept: true,
      why: 'never_worse check picture_twice passes now; no score lower on /',
    });
  });

  it("rejects a patch that loses the site's text or the build", () => {
    expect(
      judgePatch(
        '/',
        measurement({ missingText: ['Old note'] }),
        measurement({ missingText: ['Old note', 'Open every day.'] }),
      ),
    ).toMatchObject({ kept: false, why: 'the site\'s text "Open every day." is missing on /' });
    expect(judgePatch('/', measurement(), measurement({ build: false }))).toMatchObject({
      kept: false,
      why: 'the project no longer builds',
    });
  });

  it('rejects a patch after which the route could not be measured', () => {
    expect(judgePatch('/', measurement(), measurement({ scores: undefined }))).toMatchObject({
      kept: false,
      why: '/ could no longer be measured',
    });
  });
});
