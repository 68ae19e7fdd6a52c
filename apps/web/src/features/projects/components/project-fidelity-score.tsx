import type { FidelityScores } from '@sitelift/shared/schemas/report';
import { cn } from '../../../utils/cn';
import {
  FIDELITY_METRICS,
  FIDELITY_TONE_TEXT,
  toFidelityTone,
  toOverallFidelity,
  toPercentLabel,
} from '../utils/fidelity';

/**
 * The dashboard card's overall fidelity score (the mean of the report's five overall scores), with
 * the five in its title; nothing when the run did not measure fidelity.
 */
export function ProjectFidelityScore({ scores }: { scores: FidelityScores | undefined }) {
  if (!scores) return null;
  const overall = toOverallFidelity(scores);
  const details = FIDELITY_METRICS.map(
    (metric) => `${metric.label} ${toPercentLabel(scores[metric.key])}`,
  ).join(', ');
  return (
    <span
      className="ml-2 inline-flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 px-2 py-0.5 text-xs font-medium text-slate-600"
      title={`Overall fidelity: ${details}`}
    >
      Fidelity{' '}
      <span
        className={cn('font-semibold tabular-nums', FIDELITY_TONE_TEXT[toFidelityTone(overall)])}
      >
        {toPercentLabel(overall)}
      </span>
    </span>
  );
}
