/**
 * The repair loop's judge (issue 25, decision record 058): a patch is kept only when the engine's own
 * measurements say the page got no worse — no fidelity score of its route drops, no identity or
 * "never worse" check that passed fails now, the site's text is all still there and the project
 * still builds. Pure: before and after measurements in, a verdict and its reason out.
 */
import type { FidelityScores } from '../../measure/fidelity';

/** Scores that count as unchanged when they differ by less (screenshot noise, rounding). */
export const SCORE_EPSILON = 0.005;

const SCORE_NAMES = ['block', 'text', 'position', 'color', 'visual'] as const;

/** What verify measured of one route, as the judge reads it. */
export interface RouteMeasurement {
  build: boolean;
  /** The site's own texts verify did not find on the route. */
  missingText: string[];
  /** The route's fidelity scores; absent when the route could not be measured. */
  scores?: FidelityScores;
  /** Every identity and "never worse" check by name (`identity:logo`, `never_worse:picture_twice`). */
  checks: Record<string, boolean>;
}

export interface Verdict {
  kept: boolean;
  /** Why, in words for the report (e.g. `visual 0.41 → 0.38 on /about`). */
  why: string;
  /** How much the patch raised the route's scores (their sum), when kept. */
  gain: number;
}

function format(score: number): string {
  return score.toFixed(2);
}

/**
 * Whether a patch is kept. `route` names the page for the reason. A patch that changes the measures
 * by less than SCORE_EPSILON is kept (the model saw something the scores do not: the issue's rule is
 * "no score drops", not "a score rises"); `gain` tells how much it raised them.
 */
export function judgePatch(
  route: string,
  before: RouteMeasurement,
  after: RouteMeasurement,
): Verdict {
  if (!after.build) return { kept: false, why: 'the project no longer builds', gain: 0 };
  const missing = new Set(before.missingText);
  const lost = after.missingText.find((text) => !missing.has(text));
  if (lost !== undefined)
    return {
      kept: false,
      why: `the site's text "${lost.length > 40 ? `${lost.slice(0, 39)}…` : lost}" is missing on ${route}`,
      gain: 0,
    };
  for (const [name, passed] of Object.entries(before.checks)) {
    if (passed && after.checks[name] !== true)
      return { kept: false, why: `${name.replace(':', ' check ')} fails now`, gain: 0 };
  }
  const fixed = Object.entries(after.checks)
    .filter(([name, passed]) => passed && before.checks[name] === false)
    .map(([name]) => name.replace(':', ' check '));
  if (before.scores === undefined)
    return {
      kept: true,
      why: fixed.length > 0 ? `${fixed.join(', ')} passes now` : `no check fails on ${route}`,
      gain: 0,
    };
  if (after.scores === undefined)
    return { kept: false, why: `${route} could no longer be measured`, gain: 0 };
  const scores = { before: before.scores, after: after.scores };
  for (const name of SCORE_NAMES) {
    const was = scores.before[name];
    const now = scores.after[name];
    if (now < was - SCORE_EPSILON)
      return { kept: false, why: `${name} ${format(was)} → ${format(now)} on ${route}`, gain: 0 };
  }
  const gains = SCORE_NAMES.map((name) => ({
    name,
    gain: scores.after[name] - scores.before[name],
  }));
  const gain = gains.reduce((sum, entry) => sum + entry.gain, 0);
  const best = [...gains].sort((a, b) => b.gain - a.gain)[0];
  const rose =
    best !== undefined && best.gain >= SCORE_EPSILON
      ? `${best.name} ${format(scores.before[best.name])} → ${format(scores.after[best.name])} on ${route}`
      : `no score lower on ${route}`;
  return {
    kept: true,
    why: fixed.length > 0 ? `${fixed.join(', ')} passes now; ${rose}` : rose,
    gain,
  };
}
