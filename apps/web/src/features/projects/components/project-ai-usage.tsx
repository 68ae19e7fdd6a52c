import { Sparkles } from 'lucide-react';
import { formatAiCost } from '@sitelift/shared/billing/ai-estimate';
import type { ReportSummary } from '@sitelift/shared/schemas/project';

/** A compact token count: 1,234 → "1.2k", 2,500,000 → "2.5M". */
function toShortCount(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (count >= 1_000) return `${(count / 1_000).toFixed(1).replace(/\.0$/, '')}k`;
  return String(count);
}

/**
 * The dashboard card's AI badge (issue 25): tokens and cost of a run that used a model, with the
 * model and the exact figures in its title; nothing for an offline run.
 */
export function ProjectAiUsage({ ai }: { ai: ReportSummary['ai'] }) {
  if (!ai) return null;
  const tokens = ai.tokens_in + ai.tokens_out;
  const cost = formatAiCost(ai.cost_usd);
  return (
    <span
      className="ml-2 inline-flex items-center gap-1 rounded-full border border-violet-200 bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800"
      title={`AI: ${ai.model}, ${ai.tokens_in.toLocaleString('en-US')} tokens in, ${ai.tokens_out.toLocaleString('en-US')} out${cost ? `, ${cost}` : ''}; ${ai.patches_kept} of ${ai.patches_total} patches kept`}
    >
      <Sparkles className="size-3" aria-hidden />
      AI {toShortCount(tokens)} tokens{cost ? ` · ${cost}` : ''}
    </span>
  );
}
