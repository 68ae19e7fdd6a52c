import { Download, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { Batch, BatchSummary } from '@sitelift/shared/schemas/batches';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../utils/cn';
import { getBatchDownloadUrl, useBatch, useBatches } from '../api/batches';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

const SITE_STATUS: Record<string, { label: string; className: string }> = {
  completed: { label: 'Ready', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800 ring-red-200' },
  queued: { label: 'Queued', className: 'bg-slate-100 text-slate-700 ring-slate-200' },
};
const RUNNING = { label: 'In progress', className: 'bg-sky-50 text-sky-800 ring-sky-200' };

function StatusBadge({ status, label }: { status: string; label?: string }) {
  const style = SITE_STATUS[status] ?? RUNNING;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        style.className,
      )}
    >
      {label ?? style.label}
    </span>
  );
}

/** The share of a batch's sites that have ended, as a bar with its counts. */
function BatchProgress({ counts }: { counts: BatchSummary['counts'] }) {
  const ended = counts.completed + counts.failed;
  const share = counts.total === 0 ? 1 : ended / counts.total;
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Sites finished"
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={ended}
        className="flex h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="bg-emerald-500 transition-all"
          style={{ width: `${(counts.completed / Math.max(counts.total, 1)) * 100}%` }}
        />
        <div
          className="bg-red-400 transition-all"
          style={{ width: `${(counts.failed / Math.max(counts.total, 1)) * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-semibold text-slate-900">
          {ended} of {counts.total}
        </span>{' '}
        sites finished ({Math.round(share * 100)} %) · {counts.completed} ready · {counts.failed}{' '}
        failed · {counts.queued + counts.running} to go
      </p>
    </div>
  );
}

/** /batches/:id: progress, each site's state with its report, rejected lines, the combined zip. */
export function BatchView({
  batchId,
  getReportHref,
}: {
  batchId: string;
  getReportHref: (projectId: string) => string;
}) {
  const batch = useBatch(batchId);
  if (batch.isPending) return <Spinner className="text-brand-600" label="Loading the batch" />;
  if (batch.isError) {
    return (
      <Alert tone="error">{getErrorMessage(batch.error, 'The batch could not be loaded.')}</Alert>
    );
  }
  const data: Batch = batch.data;
  const hasDownload = data.counts.completed > 0;
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">
            {data.status === 'completed' ? 'Batch finished' : 'Batch running'}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {data.name}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {data.credits_reserved} credit{data.credits_reserved === 1 ? '' : 's'} reserved ·{' '}
            {data.line_count} line{data.line_count === 1 ? '' : 's'} submitted
          </p>
        </div>
        {hasDownload && (
          <a
            href={getBatchDownloadUrl(data.id)}
            download
            className={buttonClasses('primary', 'md', 'w-full shrink-0 sm:w-auto')}
          >
            <Download className="size-4" aria-hidden /> Download all (zip)
          </a>
        )}
      </header>
      <section aria-label="Progress" className={CARD}>
        <BatchProgress counts={data.counts} />
        {data.status === 'completed' && (
          <p className="mt-3 text-sm text-slate-600">
            The download holds one zip per ready site and a CSV summary of scores and page counts.
            Failed sites got their credits back.
          </p>
        )}
      </section>
      <section aria-labelledby="batch-sites-title" className={CARD}>
        <h2 id="batch-sites-title" className="text-base font-semibold text-slate-900">
          Sites
        </h2>
        <ul className="mt-4 divide-y divide-slate-100">
          {data.sites.map((site) => (
            <li
              key={site.project_id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{site.name}</p>
                <p className="truncate font-mono text-xs text-slate-500">{site.source_url}</p>
                {site.error_message && (
                  <p className="mt-0.5 text-xs text-red-700">{site.error_message}</p>
                )}
              </div>
              <div className="flex items-center gap-3">
                {site.pages !== null && (
                  <span className="text-xs text-slate-600">
                    {site.pages} page{site.pages === 1 ? '' : 's'}
                    {site.text_coverage !== null &&
                      ` · ${Math.round(site.text_coverage * 100)} % text kept`}
                  </span>
                )}
                <StatusBadge status={site.status} />
                {(site.status === 'completed' || site.status === 'failed') && (
                  <Link
                    to={getReportHref(site.project_id)}
                    className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
                  >
                    Report <ExternalLink className="size-3" aria-hidden />
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      {data.rejected.length > 0 && (
        <section aria-labelledby="batch-rejected-title" className={CARD}>
          <h2 id="batch-rejected-title" className="text-base font-semibold text-slate-900">
            Not started ({data.rejected.length})
          </h2>
          <p className="mt-1 text-sm text-slate-600">These lines cost nothing.</p>
          <ul className="mt-3 divide-y divide-slate-100">
            {data.rejected.map((line) => (
              <li key={line.line} className="py-2.5 text-sm">
                <p className="font-mono text-xs break-all text-slate-900">
                  <span className="mr-2 text-slate-400">{line.line}</span>
                  {line.url}
                </p>
                <p className="text-xs text-red-700">{line.reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The user's batches with their progress, linking to each. */
export function BatchList({ getBatchHref }: { getBatchHref: (batchId: string) => string }) {
  const batches = useBatches();
  if (batches.isPending) return <Spinner className="text-brand-600" label="Loading batches" />;
  if (batches.isError || batches.data.length === 0) return null;
  return (
    <section aria-labelledby="batch-history-title">
      <h2 id="batch-history-title" className="text-lg font-semibold text-slate-900">
        Your batches
      </h2>
      <ul className="mt-3 space-y-3">
        {batches.data.map((item) => (
          <li key={item.id}>
            <Link
              to={getBatchHref(item.id)}
              className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300"
            >
              <div className="mb-3 flex items-center justify-between gap-3">
                <p className="truncate text-sm font-semibold text-slate-900">{item.name}</p>
                <StatusBadge
                  status={item.status === 'completed' ? 'completed' : 'running'}
                  label={item.status === 'completed' ? 'Finished' : 'In progress'}
                />
              </div>
              <BatchProgress counts={item.counts} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
