import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { estimateAiUsage, formatAiCost, formatTokens } from '@sitelift/shared/billing/ai-estimate';
import { AI_PROVIDER_LABELS } from '@sitelift/shared/schemas/ai';
import { toEffectiveModel, type AiSettings } from '@sitelift/shared/schemas/ai-settings';
import { paths } from '../../../config/paths';

/** What the create form says when no model will be called. */
export const AI_OFFLINE_TEXT = 'No model configured — the rebuild runs offline.';

/** The project's switch for model-written strings (each is listed in the report). */
export const AI_ADDITIONS_LABEL =
  'Let the model write the meta descriptions and image alt text the site lacks (listed in the report as written by the model)';

/**
 * The create form's AI line (issue 25): which model this rebuild will call (the user's own, else
 * the server's default) with an estimate of its tokens and cost from the page count, or that it
 * runs offline (none configured, or this month's budget spent).
 */
export function AiRunNotice({
  settings,
  pages,
  additions,
}: {
  settings: AiSettings | undefined;
  /** Pages the site check expects to rebuild, or null before the check. */
  pages: number | null;
  /** The project's choice of letting the model write what the site lacks; absent: not offered. */
  additions?: { checked: boolean; onChange: (checked: boolean) => void };
}) {
  if (!settings) return null;
  const model = toEffectiveModel(settings);
  const spent = settings.usage.tokens >= settings.usage.budget;
  const settingsLink = (
    <Link to={paths.editProfile.getHref()} className="font-medium text-brand-700 underline">
      AI model settings
    </Link>
  );
  if (!model) {
    return (
      <div className="flex gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
        <p>
          {spent ? "This month's AI budget is spent — the rebuild runs offline." : AI_OFFLINE_TEXT}{' '}
          {settingsLink}
        </p>
      </div>
    );
  }
  const left = Math.max(0, settings.usage.budget - settings.usage.tokens);
  const estimate =
    pages === null
      ? null
      : estimateAiUsage(pages, Math.min(settings.job_tokens, left), model.price);
  const cost = estimate ? formatAiCost(estimate.costUsd) : null;
  const provider = AI_PROVIDER_LABELS[model.provider].replace(/ \(.*\)$/, '');
  return (
    <div className="flex gap-2 rounded-xl border border-violet-200 bg-violet-50 p-3 text-sm text-violet-900">
      <Sparkles className="mt-0.5 size-4 shrink-0 text-violet-600" aria-hidden />
      <div className="min-w-0">
        <p>
          AI will review this rebuild with{' '}
          <strong>
            {provider} · {model.model}
          </strong>{' '}
          ({model.source === 'own' ? 'your own model' : 'the server default'}). It only keeps
          changes that measure better.
        </p>
        <p className="mt-1 text-violet-800">
          {estimate
            ? `Estimate for ${pages} page${pages === 1 ? '' : 's'}: up to ${formatTokens(estimate.tokens)}${cost ? `, about ${cost}` : ''}.`
            : `Up to ${formatTokens(Math.min(settings.job_tokens, left))} per rebuild.`}{' '}
          {settingsLink}
        </p>
        {additions && (
          <label className="mt-2 flex items-start gap-2 text-violet-900">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-violet-600"
              checked={additions.checked}
              onChange={(event) => additions.onChange(event.target.checked)}
            />
            <span>{AI_ADDITIONS_LABEL}</span>
          </label>
        )}
      </div>
    </div>
  );
}
