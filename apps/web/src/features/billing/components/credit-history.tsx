import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { findBillingProduct } from '@sitelift/shared/billing/plans';
import { CREDIT_REASON_LABELS } from '@sitelift/shared/schemas/credits';
import type { CreditEntry } from '@sitelift/shared/schemas/credits';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { cn } from '../../../utils/cn';
import { useAllCreditHistory, useCreditHistory } from '../api/get-credit-history';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** How many entries the dashboard shows before 'Show all'. */
const INITIAL_ENTRIES = 8;

/** What a ledger entry means to the user, with the plan name of purchases and subscriptions. */
export function toCreditEntryLabel(entry: Pick<CreditEntry, 'reason' | 'detail'>): string {
  const label = CREDIT_REASON_LABELS[entry.reason];
  if ((entry.reason === 'purchase' || entry.reason === 'subscription') && entry.detail) {
    const product = findBillingProduct(entry.detail);
    if (product && entry.reason === 'subscription') {
      return `${label}: ${product.planName} (${product.period})`;
    }
  }
  return label;
}

/**
 * The billing page's full credit history (issue 22): every movement with its project, newest first,
 * older ones page by page.
 */
export function FullCreditHistory() {
  const history = useAllCreditHistory();
  const entries = history.data?.pages.flatMap((page) => page.entries ?? []) ?? [];
  return (
    <section
      aria-labelledby="full-credit-history-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="full-credit-history-heading" className="text-base font-semibold text-slate-900">
        Credit history
      </h2>
      {history.isPending || history.isError ? (
        <HistoryLoadState isError={history.isError} />
      ) : entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No credit movements yet.</p>
      ) : (
        <>
          <CreditEntryItems entries={entries} />
          {history.hasNextPage && (
            <Button
              size="sm"
              variant="outline"
              className="mt-3"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? 'Loading...' : 'Show older movements'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** The dashboard's credit history (issue 13): every grant, spend, refund and referral credit. */
export function CreditHistory() {
  const history = useCreditHistory();
  const entries = history.data?.entries ?? [];
  return (
    <section
      aria-labelledby="credit-history-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="credit-history-heading" className="text-base font-semibold text-slate-900">
          Credit history
        </h2>
        <Link
          to={paths.billing.getHref()}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Billing
        </Link>
      </div>
      {history.isPending || history.isError ? (
        <HistoryLoadState isError={history.isError} />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Balance: <strong className="text-slate-900">{history.data.balance}</strong>{' '}
            {history.data.balance === 1 ? 'credit' : 'credits'}
          </p>
          {entries.length === 0 ? (
            <p className="mt-4 text-sm text-slate-500">No credit movements yet.</p>
          ) : (
            <CreditEntryList entries={entries} />
          )}
        </>
      )}
    </section>
  );
}

function CreditEntryList({ entries }: { entries: CreditEntry[] }) {
  const shown = entries.slice(0, INITIAL_ENTRIES);
  return (
    <>
      <CreditEntryItems entries={shown} />
      {entries.length > shown.length && (
        <p className="mt-2 text-xs text-slate-500">
          Showing the latest {shown.length} movements.{' '}
          <Link to={paths.billing.getHref()} className="font-medium text-brand-700 hover:underline">
            See all on the billing page
          </Link>
        </p>
      )}
    </>
  );
}

/** One row per movement: what it was, for which project, when, and how many credits. */
function CreditEntryItems({ entries }: { entries: CreditEntry[] }) {
  return (
    <ul className="mt-4 divide-y divide-slate-100" aria-label="Credit movements">
      {entries.map((entry) => {
        const isGain = entry.delta >= 0;
        const Icon = isGain ? ArrowUpRight : ArrowDownRight;
        return (
          <li key={entry.id} className="flex items-center gap-3 py-2.5 text-sm">
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full',
                isGain ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
              )}
            >
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-800">{toCreditEntryLabel(entry)}</p>
              <p className="text-xs break-words text-slate-500">
                {entry.project_name && (
                  <span className="font-medium text-slate-600">{entry.project_name} · </span>
                )}
                {dateFormat.format(new Date(entry.created_at))}
              </p>
            </div>
            <span
              className={cn(
                'font-semibold tabular-nums',
                isGain ? 'text-emerald-700' : 'text-slate-700',
              )}
            >
              {isGain ? `+${entry.delta}` : `−${Math.abs(entry.delta)}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** What a credit history shows while it loads, or when it could not be read. */
function HistoryLoadState({ isError }: { isError: boolean }) {
  return isError ? (
    <Alert tone="error" className="mt-4">
      Could not load your credit history.
    </Alert>
  ) : (
    <div className="flex items-center gap-2 py-6 text-sm text-slate-500" role="status">
      <Spinner className="text-brand-600" /> Loading...
    </div>
  );
}
