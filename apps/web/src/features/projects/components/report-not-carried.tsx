import { ChevronRight } from 'lucide-react';
import type { SiteliftReport } from '@sitelift/shared/schemas/report';
import { groupNotCarried, toCountLabel, toKindLabel } from '../utils/group-not-carried';
import { toReadablePageLabel, toReadableWhat } from '../utils/readable-path';

/**
 * What the rebuild does not carry, one expandable row per kind and reason with its counts; opened,
 * each thing with the pages it was on.
 */
export function ReportNotCarried({
  rows,
  sourceUrl,
}: {
  rows: SiteliftReport['not_carried'];
  sourceUrl: string;
}) {
  if (rows.length === 0) {
    return <p className="text-slate-600">Everything on the original pages was carried over.</p>;
  }
  const groups = groupNotCarried(rows);
  return (
    <ul className="space-y-2">
      {groups.map((group) => (
        <li key={`${group.kind}-${group.reason}`}>
          <details className="group rounded-lg border border-slate-200">
            <summary
              className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 select-none [&::-webkit-details-marker]:hidden"
              title={group.reason}
            >
              <ChevronRight
                className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
                aria-hidden
              />
              <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5 sm:flex-nowrap">
                <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                  {toKindLabel(group.kind)}
                </span>
                <span className="order-last w-full truncate text-slate-800 group-open:break-words group-open:whitespace-normal sm:order-none sm:w-auto sm:flex-1">
                  {group.reason}
                </span>
                <span className="shrink-0 text-xs text-slate-500">
                  {toCountLabel(group.items.length, 'item')}
                  {group.pages.length > 0 && ` on ${toCountLabel(group.pages.length, 'page')}`}
                </span>
              </span>
            </summary>
            <ul className="space-y-2 border-t border-slate-100 px-3 py-2">
              {group.items.map((item) => (
                <li key={item.what} className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    {toReadableWhat(item.what)}
                  </p>
                  {item.pages.length > 0 && (
                    <p className="mt-0.5 text-xs break-words text-slate-500">
                      {item.pages.length === 1 ? 'On ' : `On ${item.pages.length} pages: `}
                      {item.pages.map((page) => toReadablePageLabel(page, sourceUrl)).join(', ')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}
