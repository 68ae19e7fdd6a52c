import { CheckCircle2, Sparkles, XCircle } from 'lucide-react';
import { formatAiCost } from '@sitelift/shared/billing/ai-estimate';
import { AI_PROVIDER_LABELS, type AiReport } from '@sitelift/shared/schemas/ai';
import { cn } from '../../../utils/cn';
import { FIDELITY_METRICS, toPercentLabel } from '../utils/fidelity';
import { toReadablePath } from '../utils/readable-path';
import { toScreenshotSrc } from '../utils/screenshot-names';
import { toSectionName } from '../utils/section-names';

type Patch = AiReport['patches'][number];

/** What each kind of model-written string is called. */
const WRITTEN_FIELDS: Record<AiReport['written'][number]['field'], string> = {
  description: 'Meta description',
  alt: 'Image alt text',
  json_ld: 'Structured data (JSON-LD)',
};

/** The badge every model-written string carries. */
export const WRITTEN_BY_MODEL = 'written by the model';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The five scores before and after a patch, a drop in red. */
function ScoreChanges({ before, after }: { before: Patch['before']; after: Patch['after'] }) {
  if (!before) return null;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-5">
      {FIDELITY_METRICS.map((metric) => {
        const from = before[metric.key];
        const to = after?.[metric.key];
        const dropped = to !== undefined && to < from - 1e-9;
        const rose = to !== undefined && to > from + 1e-9;
        return (
          <div key={metric.key} className="flex items-baseline gap-1.5 sm:block">
            <dt className="text-slate-500">{metric.label}</dt>
            <dd
              className={cn(
                'whitespace-nowrap tabular-nums',
                dropped
                  ? 'font-semibold text-red-700'
                  : rose
                    ? 'font-semibold text-emerald-700'
                    : 'text-slate-800',
              )}
            >
              {toPercentLabel(from)}
              {to !== undefined && ` → ${toPercentLabel(to)}`}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The crops a patch was judged on, where the run stored them (never a broken image). */
function Crops({
  projectId,
  crops,
  screenshots,
}: {
  projectId: string;
  crops: NonNullable<Patch['crops']>;
  screenshots: readonly string[];
}) {
  const candidates: { label: string; name: string | undefined }[] = [
    { label: 'Original', name: crops.original },
    { label: 'Before', name: crops.before },
    { label: 'After', name: crops.after },
  ];
  const shown = candidates.flatMap(({ label, name }) =>
    name !== undefined && screenshots.includes(name) ? [{ label, name }] : [],
  );
  if (shown.length === 0) return null;
  return (
    <div className="grid grid-cols-3 gap-2">
      {shown.map(({ label, name }) => (
        <figure key={label} className="min-w-0">
          <a href={toScreenshotSrc(projectId, name)} target="_blank" rel="noreferrer">
            <img
              src={toScreenshotSrc(projectId, name)}
              alt={`${label}: the section`}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-50 object-cover object-top"
            />
          </a>
          <figcaption className="mt-1 text-center text-xs text-slate-500">{label}</figcaption>
        </figure>
      ))}
    </div>
  );
}

function PatchItem({
  patch,
  projectId,
  screenshots,
}: {
  patch: Patch;
  projectId: string;
  screenshots: readonly string[];
}) {
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">
          {patch.change}
          <span className="block text-xs font-normal text-slate-500">
            {toSectionName(patch.section)} on {toReadablePath(patch.route)}
            {patch.viewport === 'mobile' ? ' (phone)' : ''}
          </span>
        </p>
        <span
          className={cn(
            'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
            patch.kept ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
          )}
        >
          {patch.kept ? (
            <CheckCircle2 className="size-3.5" aria-hidden />
          ) : (
            <XCircle className="size-3.5" aria-hidden />
          )}
          {patch.kept ? 'Kept' : 'Rejected'}
        </span>
      </div>
      <p className="text-xs text-slate-700">
        <span className="font-medium text-slate-900">{patch.kept ? 'Kept: ' : 'Rejected: '}</span>
        {patch.why}
      </p>
      {patch.reason && (
        <p className="text-xs text-slate-600">
          <span className="font-medium text-slate-800">The model’s reason: </span>
          {patch.reason}
        </p>
      )}
      <ScoreChanges before={patch.before} after={patch.after} />
      {patch.crops && <Crops projectId={projectId} crops={patch.crops} screenshots={screenshots} />}
    </li>
  );
}

/**
 * The report's "What the AI did" (issue 25): the model, its calls, tokens and cost, the notes, every
 * patch it proposed (kept or rejected, with why, the scores before → after and the crops), and each
 * string it wrote, marked as written by the model. Nothing when the run used no model.
 */
export function ReportAi({
  ai,
  projectId,
  screenshots,
}: {
  ai: AiReport | undefined;
  projectId: string;
  screenshots: readonly string[];
}) {
  if (!ai) return null;
  const kept = ai.patches.filter((patch) => patch.kept).length;
  const cost = formatAiCost(ai.cost_usd);
  const provider = AI_PROVIDER_LABELS[ai.provider].replace(/ \(.*\)$/, '');
  return (
    <section aria-labelledby="report-ai-heading" className="space-y-3">
      <h4
        id="report-ai-heading"
        className="flex flex-wrap items-baseline gap-x-2 font-semibold text-slate-900"
      >
        <Sparkles className="size-4 self-center text-brand-600" aria-hidden />
        What the AI did
        <span className="text-xs font-normal text-slate-500">
          {provider} · {ai.model}
        </span>
      </h4>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat
          label="Calls"
          value={`${ai.calls.total}${ai.calls.cached > 0 ? ` (${ai.calls.cached} cached)` : ''}`}
        />
        <Stat
          label="Tokens in / out"
          value={`${ai.tokens_in.toLocaleString('en-US')} / ${ai.tokens_out.toLocaleString('en-US')}`}
        />
        <Stat label="Cost" value={cost ?? 'price unknown'} />
        <Stat label="Patches kept" value={`${kept} of ${ai.patches.length}`} />
      </dl>
      {ai.notes.length > 0 && (
        <ul className="list-disc space-y-1 rounded-lg border border-amber-200 bg-amber-50 py-2 pr-3 pl-7 text-xs text-amber-900">
          {ai.notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
      {ai.patches.length > 0 && (
        <div className="space-y-2">
          <p className="text-xs text-slate-600">
            Each change the model proposed was built and measured; it was kept only when no score
            dropped and every check still passed.
          </p>
          <ul className="space-y-2" aria-label="Patches the model proposed">
            {ai.patches.map((patch, index) => (
              <PatchItem
                key={`${patch.route}-${patch.section}-${index}`}
                patch={patch}
                projectId={projectId}
                screenshots={screenshots}
              />
            ))}
          </ul>
        </div>
      )}
      {ai.written.length > 0 && (
        <div className="space-y-2">
          <p className="text-xs text-slate-600">
            Added only where the original had none; your site’s own words are unchanged.
          </p>
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            aria-label="Strings the model wrote"
          >
            {ai.written.map((entry, index) => (
              <li key={index} className="space-y-1 px-3 py-2 text-xs">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{WRITTEN_FIELDS[entry.field]}</span>
                  <span className="text-slate-500">
                    {toReadablePath(entry.route)}
                    {entry.target ? ` · ${entry.target}` : ''}
                  </span>
                  <span className="rounded-full bg-violet-50 px-2 py-0.5 font-medium text-violet-800">
                    {WRITTEN_BY_MODEL}
                  </span>
                </div>
                <p className="break-words text-slate-700">{entry.text}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
