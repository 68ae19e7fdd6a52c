import { ArrowLeft, Layers } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { BatchList, BatchView } from '../../features/batches/components/batch-view';
import { NewBatchForm } from '../../features/batches/components/new-batch-form';
import { STRATEGY_OPTIONS } from '../../features/projects/utils/strategy-options';
import { paths } from '../../config/paths';

const STRATEGY_LABELS = {
  STYLE_MODERNIZATION: STRATEGY_OPTIONS.STYLE_MODERNIZATION.title,
  INCREMENTAL_UPDATE: STRATEGY_OPTIONS.INCREMENTAL_UPDATE.title,
  FULL_REBUILD: STRATEGY_OPTIONS.FULL_REBUILD.title,
};

const PAGE = 'mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-12 lg:px-8';

/** /batches — a list of sites pasted or uploaded, pre-checked, then started as a batch (issue 26). */
export function BatchesRoute() {
  const navigate = useNavigate();
  return (
    <>
      <title>Batch of Sites — Sitelift</title>
      <div className={PAGE}>
        <header>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <Layers className="size-7 text-brand-600" aria-hidden /> Batch of sites
          </h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-600">
            Rebuild up to 500 sites at once. Every address is checked first; one credit is reserved
            per site that can be rebuilt, and you get one e-mail when the whole batch is done.
          </p>
        </header>
        <NewBatchForm
          strategyLabels={STRATEGY_LABELS}
          pricingHref={paths.billing.getHref()}
          onStarted={(batchId) => navigate(paths.batch.getHref(batchId))}
        />
        <BatchList getBatchHref={paths.batch.getHref} />
      </div>
    </>
  );
}

/** /batches/:id — a batch's progress and sites. */
export function BatchRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Batch — Sitelift</title>
      <div className={PAGE}>
        <Link
          to={paths.batches.getHref()}
          className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden /> All batches
        </Link>
        <BatchView batchId={id} getReportHref={paths.projectReport.getHref} />
      </div>
    </>
  );
}
