import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { useProjectReport } from '../api/get-project-report';
import type {
  ReportLighthouseScores as LighthouseScores,
  SiteliftReport as ProjectReport,
} from '@sitelift/shared/schemas/report';

function toPercent(value: number): string {
  const percent = value <= 1 ? value * 100 : value;
  return `${Math.round(percent * 10) / 10} %`;
}

function countOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return 0;
}

const LIGHTHOUSE_CATEGORIES: { label: string; read: (scores: LighthouseScores) => unknown }[] = [
  { label: 'Performance', read: (s) => s.performance },
  { label: 'Accessibility', read: (s) => s.accessibility },
  { label: 'Best Practices', read: (s) => s.bestPractices },
  { label: 'SEO', read: (s) => s.seo },
];

function toScore(value: unknown): string {
  if (typeof value !== 'number') return '–';
  return String(Math.round(value <= 1 ? value * 100 : value));
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <li className="flex items-start gap-2">
      {ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
      ) : (
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
      )}
      <span>{label}</span>
    </li>
  );
}

/** The report's contents: pages and routes, verification, what was not carried, Lighthouse. */
export function ProjectReportView({ report }: { report: ProjectReport }) {
  const { verification } = report;
  const overflow = countOf(verification.overflow_375);
  const consoleErrors = countOf(verification.console_errors);
  const brokenImages = countOf(verification.broken_images);
  const before = report.lighthouse?.before;
  const after = report.lighthouse?.after;
  return (
    <div className="space-y-5 text-sm text-slate-700">
      <section>
        <h4 className="font-semibold text-slate-900">Pages and new routes</h4>
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {report.pages.map((page) => (
            <li
              key={`${page.url}-${page.route}`}
              className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">
                  {page.title || page.route}
                </span>
                <span className="block truncate text-xs text-slate-500">{page.url}</span>
              </span>
              <code className="shrink-0 self-start rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 sm:self-auto">
                {page.route}
              </code>
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h4 className="font-semibold text-slate-900">Verification</h4>
        <ul className="mt-2 space-y-1.5">
          {typeof verification.text_coverage === 'number' && (
            <Check
              ok={verification.text_coverage >= 0.9 || verification.text_coverage > 1}
              label={`Text coverage: ${toPercent(verification.text_coverage)} of the original text kept`}
            />
          )}
          {verification.required_snippets && (
            <Check
              ok={verification.required_snippets.kept === verification.required_snippets.total}
              label={`Required snippets kept: ${verification.required_snippets.kept} of ${verification.required_snippets.total}`}
            />
          )}
          {verification.build && (
            <Check
              ok={verification.build.ok}
              label={verification.build.ok ? 'The project builds' : 'The build failed'}
            />
          )}
          <Check
            ok={overflow === 0}
            label={
              overflow === 0
                ? 'No horizontal overflow at 375 px'
                : `Horizontal overflow at 375 px on ${overflow} page${overflow === 1 ? '' : 's'}`
            }
          />
          <Check
            ok={consoleErrors === 0}
            label={
              consoleErrors === 0
                ? 'No console errors'
                : `${consoleErrors} console error${consoleErrors === 1 ? '' : 's'}`
            }
          />
          <Check
            ok={brokenImages === 0}
            label={
              brokenImages === 0
                ? 'No broken images'
                : `${brokenImages} broken image${brokenImages === 1 ? '' : 's'}`
            }
          />
        </ul>
      </section>

      <section>
        <h4 className="font-semibold text-slate-900">Not carried over</h4>
        {report.not_carried.length === 0 ? (
          <p className="mt-2 text-slate-600">Everything on the original pages was carried over.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {report.not_carried.map((item, index) => (
              <li
                key={`${item.kind}-${item.what}-${index}`}
                className="rounded-lg border border-slate-200 px-3 py-2"
              >
                <p className="flex flex-wrap items-center gap-2">
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 uppercase">
                    {item.kind}
                  </span>
                  <span className="min-w-0 font-medium break-words text-slate-900">
                    {item.what}
                  </span>
                </p>
                <p className="mt-1 text-slate-600">{item.reason}</p>
                {item.page && <p className="mt-0.5 truncate text-xs text-slate-500">{item.page}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      {before && after && (
        <section>
          <h4 className="font-semibold text-slate-900">Lighthouse</h4>
          <table className="mt-2 w-full max-w-sm text-left">
            <thead>
              <tr className="text-xs text-slate-500 uppercase">
                <th className="py-1 font-medium">Category</th>
                <th className="py-1 text-right font-medium">Before</th>
                <th className="py-1 text-right font-medium">After</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {LIGHTHOUSE_CATEGORIES.map((category) => (
                <tr key={category.label} className="border-t border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {category.label}
                  </th>
                  <td className="py-1 text-right">{toScore(category.read(before))}</td>
                  <td className="py-1 text-right font-semibold text-slate-900">
                    {toScore(category.read(after))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** The 'View report' panel: loads the report when opened. */
export function ProjectReportPanel({
  projectId,
}: {
  projectId: string;
  /** The run's screenshot names (`report_summary.screenshots`), for the before/after comparisons. */
  screenshots: string[];
}) {
  const report = useProjectReport(projectId, true);
  if (report.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Loading report...
      </p>
    );
  }
  if (report.isError) {
    return (
      <p className="flex items-center gap-2 text-sm text-red-700" role="alert">
        <XCircle className="size-4" aria-hidden /> The report could not be loaded.
      </p>
    );
  }
  return <ProjectReportView report={report.data} />;
}
