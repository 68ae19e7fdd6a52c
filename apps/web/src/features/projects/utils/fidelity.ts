import type { FidelityScores } from '@sitelift/shared/schemas/report';

/** The five fidelity scores in the order the report shows them (Design2Code's four, then visual). */
export const FIDELITY_METRICS: readonly {
  key: keyof FidelityScores;
  label: string;
  description: string;
}[] = [
  { key: 'block', label: 'Block', description: 'text blocks of the original found in the rebuild' },
  { key: 'text', label: 'Text', description: 'similarity of the matched blocks’ text' },
  { key: 'position', label: 'Position', description: 'where the matched blocks sit on the page' },
  { key: 'color', label: 'Colour', description: 'text and background colours (CIEDE2000)' },
  { key: 'visual', label: 'Visual', description: 'section-by-section look at 1440 and 375 px' },
];

/** One number for a set of fidelity scores: the mean of the five (0..1). */
export function toOverallFidelity(scores: FidelityScores): number {
  const sum = FIDELITY_METRICS.reduce((total, metric) => total + scores[metric.key], 0);
  return sum / FIDELITY_METRICS.length;
}

/** A 0..1 score as a whole percentage: `0.914` → `91 %`. */
export function toPercentLabel(score: number): string {
  return `${Math.round(score * 100)} %`;
}

/** How a score reads: good from 90 %, fair from 75 %, else poor. */
export type FidelityTone = 'good' | 'fair' | 'poor';

/** The tone of a 0..1 score. */
export function toFidelityTone(score: number): FidelityTone {
  if (score >= 0.9) return 'good';
  if (score >= 0.75) return 'fair';
  return 'poor';
}

/** Text colours per tone (AA on white). */
export const FIDELITY_TONE_TEXT: Record<FidelityTone, string> = {
  good: 'text-emerald-700',
  fair: 'text-amber-700',
  poor: 'text-red-700',
};
