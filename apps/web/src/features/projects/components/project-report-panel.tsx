import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, ChevronRight, XCircle } from 'lucide-react';
import type { ReportSummary } from '@sitelift/shared/schemas/project';
import type { SiteliftReport as ProjectReport } from '@sitelift/shared/schemas/report';
import { Spinner } from '../../../components/ui/spinner';
import { useProjectReport } from '../api/get-project-report';
import { toCountLabel } from '../utils/group-not-carried';
import { toReadablePath } from '../utils/readable-path';
import { ReportAi } from './report-ai';
import { ReportComparisons } from './report-comparisons';
import { ReportFidelity } from './report-fidelity';
import { ReportLighthouse } from './report-lighthouse';
import { ReportNotCarried } from './report-not-carried';
import { ReportPages } from './report-pages';

function toPercent(value: number): string {
  const percent = value <= 1 ? value * 100 : value;
  return `${Math.round(percent * 10) / 10} %`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The verification checks of a report: whether each passed and what it says. */
function toVerificationChecks(verification: ProjectReport['verification']) {
  const checks: { ok: boolean; label: string }[] = [
    {
      ok: verification.build.ok,
      label: verification.build.ok ? 'The project builds' : 'The build failed',
    },
    {
      ok: verification.text_coverage >= 0.9,
      label: `Text coverage: ${toPercent(verification.text_coverage)} of the original text kept`,
    },
  ];
  const snippets = verification.required_snippets;
  if (snippets) {
    checks.push({
      ok: snippets.kept === snippets.total,
      label: `Required snippets kept: ${snippets.kept} of ${snippets.total}`,
    });
  }
  const overflow = verification.overflow_375.length;
  const consoleErrors = verification.console_errors.length;
  const brokenImages = verification.broken_images.length;
  checks.push(
    {
      ok: overflow === 0,
      label:
        overflow === 0
          ? 'No horizontal overflow at 375 px'
          : `Horizontal overflow at 375 px on ${plural(overflow, 'page')}`,
    },
    {
      ok: consoleErrors === 0,
      label: consoleErrors === 0 ? 'No console errors' : plural(consoleErrors, 'console error'),
    },
    {
      ok: brokenImages === 0,
      label: brokenImages === 0 ? 'No broken images' : plural(brokenImages, 'broken image'),
    },
  );
  const deadLinks = verification.dead_links;
  if (deadLinks) {
    checks.push({
      ok: deadLinks.count === 0,
      label:
        deadLinks.count === 0
          ? 'No links that lead nowhere'
          : `${plural(deadLinks.count, 'link')} leading nowhere`,
    });
  }
  return checks;
}

/** A collapsed block: its summary says what is inside, opened it shows the rest. */
function Expandable({
  summary,
  open,
  children,
}: {
  summary: ReactNode;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details className="group" open={open}>
      <summary className="flex cursor-pointer list-none items-center gap-1.5 select-none [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
          aria-hidden
        />
        {summary}
      </summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}

function Verification({ verification }: { verification: ProjectReport['verification'] }) {
  const checks = toVerificationChecks(verification);
  const failed = checks.filter((check) => !check.ok).length;
  return (
    <Expandable
      open={failed > 0}
      summary={
        <span className="flex items-center gap-1.5">
          {failed === 0 ? (
            <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden />
          ) : (
            <AlertTriangle className="size-4 shrink-0 text-amber-600" aria-hidden />
          )}
          {failed === 0
            ? `All ${checks.length} checks passed`
            : `${failed} of ${checks.length} checks need attention`}
        </span>
      }
    >
      <ul className="space-y-1.5">
        {checks.map((check) => (
          <li key={check.label} className="flex items-start gap-2">
            {check.ok ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            ) : (
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            )}
            <span>{check.label}</span>
          </li>
        ))}
      </ul>
    </Expandable>
  );
}

function Pages({ report }: { report: ProjectReport }) {
  const notRebuilt = report.not_rebuilt?.length ?? 0;
  const found = report.pages.length + notRebuilt;
  return (
    <Expandable
      open={notRebuilt > 0}
      summary={
        <span className="font-semibold text-slate-900">
          {notRebuilt > 0
            ? `Pages: ${report.pages.length} of ${found} rebuilt`
            : `Pages and new routes (${report.pages.length})`}
        </span>
      }
    >
      <ReportPages report={report} />
      <LinksToOriginal links={report.links_to_original ?? []} />
    </Expandable>
  );
}

/**
 * Links of the rebuild kept pointing at pages of the original that were not rebuilt (issue 24): they
 * stop working when the old site goes, so each address is named once, with the pages that link to it.
 */
function LinksToOriginal({ links }: { links: NonNullable<ProjectReport['links_to_original']> }) {
  if (links.length === 0) return null;
  const routesByUrl = new Map<string, string[]>();
  for (const { route, url } of links)
    routesByUrl.set(url, [...(routesByUrl.get(url) ?? []), route]);
  return (
    <div className="mt-3 space-y-1.5" data-testid="links-to-original">
      <p className="text-slate-700">
        {plural(routesByUrl.size, 'page')} not rebuilt {routesByUrl.size === 1 ? 'is' : 'are'} still
        linked, to the original site. These links stop working when the old site goes offline.
      </p>
      <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {[...routesByUrl].map(([url, routes]) => (
          <li key={url} className="px-3 py-1.5">
            <span className="block truncate text-slate-900">{toReadablePath(url)}</span>
            <span className="block truncate text-xs text-slate-500">
              linked from {routes.map(toReadablePath).join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Heading({
  children,
  aside,
  isAsideHiddenOnPhones = false,
}: {
  children: ReactNode;
  aside?: ReactNode;
  /** A hint the phone layout can do without (it costs a line there). */
  isAsideHiddenOnPhones?: boolean;
}) {
  return (
    <h4 className="flex flex-wrap items-baseline gap-x-2 font-semibold text-slate-900">
      {children}
      {aside && (
        <span
          className={
            isAsideHiddenOnPhones
              ? 'hidden text-xs font-normal text-slate-500 sm:inline'
              : 'text-xs font-normal text-slate-500'
          }
        >
          {aside}
        </span>
      )}
    </h4>
  );
}

/**
 * The report, compact: fidelity and identity first, then the before/after of every page, Lighthouse
 * and the verification checks, what was not carried over (grouped) and the pages; details open on
 * demand.
 */
export function ProjectReportView({
  projectId,
  report,
  screenshots,
  lighthouseStatus,
}: {
  projectId: string;
  report: ProjectReport;
  screenshots: readonly string[];
  /** Lighthouse runs after delivery: whether its figures are still being measured. */
  lighthouseStatus?: ReportSummary['lighthouse_status'];
}) {
  return (
    <div className="space-y-5 text-sm text-slate-700">
      <ReportFidelity fidelity={report.fidelity} />

      <ReportAi ai={report.ai} projectId={projectId} screenshots={screenshots} />

      <section className="space-y-2">
        <Heading
          aside="the original on the left of the divider, the rebuild on its right"
          isAsideHiddenOnPhones
        >
          Before and after
        </Heading>
        <ReportComparisons projectId={projectId} pages={report.pages} screenshots={screenshots} />
      </section>

      <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
        <section className="space-y-2">
          <Heading aside="start page">Lighthouse</Heading>
          <ReportLighthouse lighthouse={report.lighthouse} status={lighthouseStatus} />
        </section>
        <section className="space-y-2">
          <Heading>Verification</Heading>
          <Verification verification={report.verification} />
        </section>
      </div>

      <section className="space-y-2">
        <Heading
          aside={
            report.not_carried.length > 0
              ? toCountLabel(report.not_carried.length, 'entry', 'entries')
              : undefined
          }
        >
          Not carried over
        </Heading>
        <ReportNotCarried rows={report.not_carried} sourceUrl={report.source_url} />
      </section>

      <Pages report={report} />
    </div>
  );
}

/** The 'View report' panel: loads the report when opened. */
export function ProjectReportPanel({
  projectId,
  screenshots,
  lighthouseStatus,
}: {
  projectId: string;
  /** The run's screenshot names (`report_summary.screenshots`), for the before/after comparisons. */
  screenshots: string[];
  /** `report_summary.lighthouse_status`: the report is read again when Lighthouse's figures join it. */
  lighthouseStatus?: ReportSummary['lighthouse_status'];
}) {
  const report = useProjectReport(projectId, true, lighthouseStatus);
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
  return (
    <ProjectReportView
      projectId={projectId}
      report={report.data}
      screenshots={screenshots}
      lighthouseStatus={lighthouseStatus}
    />
  );
}
