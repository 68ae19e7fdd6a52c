import type { ReportSummary } from '@sitelift/shared/schemas/project';
import type { ReportLighthouseScores, SiteliftReport } from '@sitelift/shared/schemas/report';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../utils/cn';

const CATEGORIES: { label: string; key: keyof ReportLighthouseScores }[] = [
  { label: 'Performance', key: 'performance' },
  { label: 'Accessibility', key: 'accessibility' },
  { label: 'Best Practices', key: 'bestPractices' },
  { label: 'SEO', key: 'seo' },
];

/** A Lighthouse score out of 100 (a 0..1 one is scaled). */
function toScore(value: number): number {
  return Math.round(value <= 1 ? value * 100 : value);
}

/** Lighthouse's own bands: 90-100 good, 50-89 needs improvement, 0-49 poor. */
function toScoreTone(score: number): string {
  if (score >= 90) return 'text-emerald-700';
  if (score >= 50) return 'text-amber-700';
  return 'text-red-700';
}

/**
 * Lighthouse before/after of the start page; while it is measured (after delivery), that it is;
 * otherwise that it could not be or was not measured for this run.
 */
export function ReportLighthouse({
  lighthouse,
  status,
}: {
  lighthouse: SiteliftReport['lighthouse'];
  status?: ReportSummary['lighthouse_status'];
}) {
  if (!lighthouse) {
    if (status === 'measuring') {
      return (
        <p className="flex items-start gap-2 text-slate-600" role="status">
          <Spinner className="mt-0.5 size-4 shrink-0" />
          <span>
            Measuring… Lighthouse runs once the project is delivered; the scores appear here in a
            minute or two.
          </span>
        </p>
      );
    }
    return (
      <p className="text-slate-600">
        {status === 'failed'
          ? 'Lighthouse could not be measured for this run.'
          : 'Lighthouse was not measured for this run.'}
      </p>
    );
  }
  return (
    <table className="w-full max-w-sm text-left">
      <thead>
        <tr className="text-xs text-slate-500 uppercase">
          <th className="py-1 font-medium">Category</th>
          <th className="py-1 text-right font-medium">Before</th>
          <th className="py-1 text-right font-medium">After</th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {CATEGORIES.map((category) => {
          const before = toScore(lighthouse.before[category.key]);
          const after = toScore(lighthouse.after[category.key]);
          return (
            <tr key={category.key} className="border-t border-slate-100">
              <th scope="row" className="py-0.5 font-normal sm:py-1">
                {category.label}
              </th>
              <td className={cn('py-0.5 text-right sm:py-1', toScoreTone(before))}>{before}</td>
              <td className={cn('py-0.5 text-right font-semibold sm:py-1', toScoreTone(after))}>
                {after}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
