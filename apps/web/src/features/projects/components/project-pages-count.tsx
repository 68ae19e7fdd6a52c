import type { ReportSummary } from '@sitelift/shared/schemas/project';

/** "48 of 52 pages": pages rebuilt of those found (issue 24); the report lists the others and why. */
export function toPagesCountLabel(summary: Pick<ReportSummary, 'pages' | 'pages_found'>): string {
  const found = Math.max(summary.pages_found ?? summary.pages, summary.pages);
  const noun = found === 1 ? 'page' : 'pages';
  return found > summary.pages ? `${summary.pages} of ${found} ${noun}` : `${found} ${noun}`;
}

/** The dashboard card's page count, marked when some pages found were not rebuilt. */
export function ProjectPagesCount({ summary }: { summary: ReportSummary | null | undefined }) {
  if (!summary) return null;
  const isPartial = (summary.pages_found ?? summary.pages) > summary.pages;
  return (
    <span
      className={
        isPartial
          ? 'ml-2 inline-flex items-center rounded-full border border-amber-200 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800'
          : 'ml-2 inline-flex items-center rounded-full border border-slate-200 bg-slate-50 px-2 py-0.5 text-xs font-medium text-slate-600'
      }
      title={
        isPartial ? 'The report lists the pages that were not rebuilt and why.' : 'Pages rebuilt'
      }
    >
      {toPagesCountLabel(summary)}
    </span>
  );
}
