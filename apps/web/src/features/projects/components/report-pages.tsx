import { useDeferredValue, useState } from 'react';
import { Search } from 'lucide-react';
import type { SiteliftReport } from '@sitelift/shared/schemas/report';
import { inputClasses } from '../../../components/ui/form-field';
import { cn } from '../../../utils/cn';
import { toReadablePath } from '../utils/readable-path';

/** Why a page found was not rebuilt, as the report says it (issue 24). */
export const NOT_REBUILT_LABELS: Record<NotRebuiltPage['reason'], string> = {
  over_limit: 'Over your plan’s page limit',
  excluded: 'Left out by your paths',
  robots: 'Disallowed by the site’s robots.txt',
  error: 'Could not be read',
};

type NotRebuiltPage = NonNullable<SiteliftReport['not_rebuilt']>[number];

/** One page found: rebuilt (with its route) or not (with why). */
type PageRow =
  | { state: 'rebuilt'; url: string; route: string; title: string; kind?: string }
  | { state: 'not-rebuilt'; url: string; reason: NotRebuiltPage['reason']; detail?: string };

const FILTERS = ['all', 'rebuilt', 'not-rebuilt'] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  rebuilt: 'Rebuilt',
  'not-rebuilt': 'Not rebuilt',
};

/** Rows shown before "Show all" (a run may list hundreds of pages). */
const FIRST_ROWS = 100;

/** Every page of the report as rows: those rebuilt, in their order, then those that were not. */
export function toPageRows(report: Pick<SiteliftReport, 'pages' | 'not_rebuilt'>): PageRow[] {
  return [
    ...report.pages.map((page): PageRow => ({ state: 'rebuilt', ...page })),
    ...(report.not_rebuilt ?? []).map((page): PageRow => ({ state: 'not-rebuilt', ...page })),
  ];
}

function matchesSearch(row: PageRow, needle: string): boolean {
  if (needle === '') return true;
  const haystack =
    row.state === 'rebuilt'
      ? [row.url, row.route, row.title, row.kind ?? '']
      : [row.url, NOT_REBUILT_LABELS[row.reason], row.detail ?? ''];
  return haystack.some((text) => toReadablePath(text).toLowerCase().includes(needle));
}

/**
 * The report's page list (issue 24 item 4): every page found with its state — rebuilt, with its new
 * route, or not rebuilt, with why — searchable and filtered by state.
 */
export function ReportPages({ report }: { report: Pick<SiteliftReport, 'pages' | 'not_rebuilt'> }) {
  const rows = toPageRows(report);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [isShowingAll, setIsShowingAll] = useState(false);
  const needle = useDeferredValue(query.trim().toLowerCase());
  const counts: Record<Filter, number> = {
    all: rows.length,
    rebuilt: report.pages.length,
    'not-rebuilt': rows.length - report.pages.length,
  };
  const matching = rows.filter(
    (row) => (filter === 'all' || row.state === filter) && matchesSearch(row, needle),
  );
  const shown = isShowingAll ? matching : matching.slice(0, FIRST_ROWS);

  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label className="relative block min-w-0 flex-1">
          <span className="sr-only">Search pages</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search by title, address or route"
            className={inputClasses(false, 'py-2 pl-9')}
          />
        </label>
        {counts['not-rebuilt'] > 0 && (
          <div role="group" aria-label="Show pages" className="flex shrink-0 gap-1">
            {FILTERS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={filter === option}
                onClick={() => setFilter(option)}
                className={cn(
                  'rounded-full border px-2.5 py-1 text-xs font-medium',
                  filter === option
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
                )}
              >
                {FILTER_LABELS[option]} ({counts[option]})
              </button>
            ))}
          </div>
        )}
      </div>
      {matching.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-3 py-4 text-center text-slate-500">
          No page matches “{query.trim()}”.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {shown.map((row) => (
            <li
              key={`${row.state}-${row.url}-${row.state === 'rebuilt' ? row.route : row.reason}`}
              className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">
                  {row.state === 'rebuilt'
                    ? row.title || toReadablePath(row.route)
                    : toReadablePath(new URL(row.url).pathname)}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {toReadablePath(row.url)}
                </span>
              </span>
              {row.state === 'rebuilt' ? (
                <code className="shrink-0 self-start rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 sm:self-auto">
                  {toReadablePath(row.route)}
                </code>
              ) : (
                <span
                  className="shrink-0 self-start rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 sm:self-auto"
                  title={row.detail}
                >
                  {NOT_REBUILT_LABELS[row.reason]}
                  {row.detail && row.reason === 'error' ? `: ${row.detail}` : ''}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {shown.length < matching.length && (
        <button
          type="button"
          onClick={() => setIsShowingAll(true)}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Show all {matching.length} pages
        </button>
      )}
    </div>
  );
}
