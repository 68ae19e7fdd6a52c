import { Fragment, useId } from 'react';
import { CheckCircle2, ChevronRight, XCircle } from 'lucide-react';
import type { SiteliftReport } from '@sitelift/shared/schemas/report';
import { cn } from '../../../utils/cn';
import {
  FIDELITY_METRICS,
  FIDELITY_TONE_TEXT,
  toFidelityTone,
  toOverallFidelity,
  toPercentLabel,
} from '../utils/fidelity';
import { toReadablePath } from '../utils/readable-path';
import { toSectionName } from '../utils/section-names';

type Fidelity = NonNullable<SiteliftReport['fidelity']>;

const BAR_TONES = { good: 'bg-emerald-500', fair: 'bg-amber-500', poor: 'bg-red-500' } as const;

/** The identity checks of DESIGN.md §4, named for people. */
const IDENTITY_LABELS: Record<string, string> = {
  brand_color: 'Brand colour',
  logo: 'Logo',
  hero_image: 'Hero image',
  navigation: 'Navigation',
  site_name: 'Site name',
  fonts: 'Fonts',
};

/** The "never worse" checks (issue 23), each named by what it looks for. */
const NEVER_WORSE_LABELS: Record<string, string> = {
  picture_twice: 'No picture shown twice',
  menu_twice: 'Menu shown once',
  menu_as_pictures: 'Menu not kept as pictures',
  logo_size: 'Logo at its size',
  hidden_text_shown: 'No cookie-bar, pop-up or hidden-form text in the content',
  language_menu: 'No language links in the main menu',
  hover_marks: 'No hover-only marks shown',
  first_screen: 'Hero picture and headline in the first screen',
  text_over_picture: 'Text over pictures readable (4.5:1)',
  width_used: 'Page width used at 1440 px',
  broken_image_alt: 'No broken images',
  site_name: 'Site named after itself, not its address or a button',
};

/** A check's name for people: the known ones by the table above, others from their snake_case. */
export function toIdentityLabel(check: string): string {
  const known = IDENTITY_LABELS[check] ?? NEVER_WORSE_LABELS[check];
  if (known) return known;
  const words = check.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function ScoreBars({ scores }: { scores: Fidelity['overall'] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1.5">
      {FIDELITY_METRICS.map((metric) => {
        const score = scores[metric.key];
        const tone = toFidelityTone(score);
        return (
          <div key={metric.key} className="contents">
            <dt className="text-xs text-slate-600" title={metric.description}>
              {metric.label}
            </dt>
            <dd aria-hidden className="h-1.5 overflow-hidden rounded-full bg-slate-100">
              <span
                className={cn('block h-full rounded-full', BAR_TONES[tone])}
                style={{ width: `${Math.round(score * 100)}%` }}
              />
            </dd>
            <dd className="text-right text-xs font-semibold text-slate-900 tabular-nums">
              {toPercentLabel(score)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

type Check = Fidelity['identity'][number];

function IdentityChecks({ checks }: { checks: Check[] }) {
  if (checks.length === 0) {
    return <p className="text-slate-600">No identity checks applied to this site.</p>;
  }
  return <CheckList checks={checks} />;
}

/**
 * The "never worse" checks: what the rebuild must not do worse than the original. Failures show;
 * the passed ones (a dozen on most sites) open on demand, so the report stays compact on a phone.
 */
function NeverWorseChecks({ checks }: { checks: Check[] | undefined }) {
  if (checks === undefined) return null;
  const failed = checks.filter((check) => !check.ok);
  const passed = checks.filter((check) => check.ok);
  return (
    <div className="mt-4">
      <h4 className="font-semibold text-slate-900">Never worse than the original</h4>
      {checks.length === 0 ? (
        <p className="text-slate-600">No never-worse checks applied to this site.</p>
      ) : (
        <>
          <p className="text-xs text-slate-500">
            {passed.length} of {checks.length} passed
          </p>
          {failed.length > 0 && <CheckItems checks={failed} />}
          {passed.length > 0 && (
            <details className="group mt-1.5">
              <summary className="flex cursor-pointer list-none items-center gap-1 text-xs font-medium text-slate-700 select-none [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  className="size-3.5 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
                  aria-hidden
                />
                Passed checks ({passed.length})
              </summary>
              <CheckItems checks={passed} />
            </details>
          )}
        </>
      )}
    </div>
  );
}

/** Checks passed or failed, each with what was found and, when failed, what was expected. */
function CheckList({ checks }: { checks: Check[] }) {
  const passed = checks.filter((check) => check.ok).length;
  return (
    <>
      <p className="text-xs text-slate-500">
        {passed} of {checks.length} passed
      </p>
      <CheckItems checks={checks} />
    </>
  );
}

function CheckItems({ checks }: { checks: Check[] }) {
  return (
    <>
      <ul className="mt-1.5 space-y-1.5">
        {checks.map((check) => (
          <li key={check.check} className="flex items-start gap-2">
            {check.ok ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
            )}
            <p className="min-w-0 break-words">
              <span className="font-medium text-slate-900">{toIdentityLabel(check.check)}</span>
              <span className="sr-only">{check.ok ? ': passed' : ': failed'}</span>
              {check.found && (
                <span className="text-xs text-slate-600 sm:text-sm"> — {check.found}</span>
              )}
              {!check.ok && check.expected && (
                <span className="block text-xs text-slate-500">Expected: {check.expected}</span>
              )}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A route's weakest sections by name ("Navigation bar 3 %, Footer on a phone 41 %"). */
function WeakestSections({ sections }: { sections: Fidelity['routes'][number]['worst_sections'] }) {
  return (
    <>
      Weakest sections:{' '}
      {sections.map((section, index) => (
        <Fragment key={`${section.selector}-${index}`}>
          {index > 0 && ', '}
          <span className="text-slate-700">
            {toSectionName(section.selector)}
            {section.viewport === 'mobile' && ' on a phone'}
          </span>{' '}
          {toPercentLabel(section.score)}
        </Fragment>
      ))}
    </>
  );
}

function RouteScores({ routes }: { routes: Fidelity['routes'] }) {
  if (routes.length === 0) return null;
  return (
    <details className="group mt-3 rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-medium text-slate-800 select-none [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
          aria-hidden
        />
        Scores per page ({routes.length})
      </summary>
      {/* A phone: one card per page, its five scores in a grid (a six-column table does not fit). */}
      <ul className="divide-y divide-slate-100 border-t border-slate-100 sm:hidden">
        {routes.map((route) => (
          <li key={route.route} className="px-3 py-2 text-xs">
            <p className="font-medium break-words text-slate-900">{toReadablePath(route.route)}</p>
            <dl className="mt-1 grid grid-cols-3 gap-x-3 gap-y-1 tabular-nums">
              {FIDELITY_METRICS.map((metric) => (
                <div key={metric.key} className="flex items-baseline justify-between gap-1">
                  <dt className="text-slate-500">{metric.label}</dt>
                  <dd className={FIDELITY_TONE_TEXT[toFidelityTone(route[metric.key])]}>
                    {toPercentLabel(route[metric.key])}
                  </dd>
                </div>
              ))}
            </dl>
            {route.worst_sections.length > 0 && (
              <p className="mt-1 text-slate-500">
                <WeakestSections sections={route.worst_sections} />
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto border-t border-slate-100 px-3 pb-2 sm:block">
        <table className="w-full text-left text-xs">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1.5 pr-2 font-medium">Page</th>
              {FIDELITY_METRICS.map((metric) => (
                <th key={metric.key} className="px-1 py-1.5 text-right font-medium">
                  {metric.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {routes.map((route) => (
              <Fragment key={route.route}>
                <tr className="border-t border-slate-100">
                  <th scope="row" className="py-1.5 pr-2 font-normal break-words">
                    <span className="text-slate-800">{toReadablePath(route.route)}</span>
                  </th>
                  {FIDELITY_METRICS.map((metric) => (
                    <td
                      key={metric.key}
                      className={cn(
                        'px-1 py-1.5 text-right whitespace-nowrap',
                        FIDELITY_TONE_TEXT[toFidelityTone(route[metric.key])],
                      )}
                    >
                      {toPercentLabel(route[metric.key])}
                    </td>
                  ))}
                </tr>
                {route.worst_sections.length > 0 && (
                  <tr>
                    <td colSpan={FIDELITY_METRICS.length + 1} className="pb-2 text-slate-500">
                      <WeakestSections sections={route.worst_sections} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * The top of the report: how closely the rebuild resembles the original (overall score, the five
 * scores, per page on demand), the identity checks and the "never worse" checks — or that this run
 * did not measure it.
 */
export function ReportFidelity({ fidelity }: { fidelity: Fidelity | undefined }) {
  const headingId = useId();
  if (!fidelity) {
    return (
      <section aria-labelledby={headingId} className="rounded-lg bg-slate-50 px-3 py-2.5">
        <h4 id={headingId} className="font-semibold text-slate-900">
          Fidelity
        </h4>
        <p className="mt-1 text-slate-600">
          Not measured for this run: there are no similarity scores or identity checks (brand
          colour, logo, hero image, navigation, site name, fonts). Runs measure them when the
          original and the rebuild can both be rendered in a browser.
        </p>
      </section>
    );
  }
  const overall = toOverallFidelity(fidelity.overall);
  return (
    <section aria-labelledby={headingId}>
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <div>
          <h4 id={headingId} className="font-semibold text-slate-900">
            Fidelity
          </h4>
          <p className="mt-1 flex items-baseline gap-2">
            <span
              className={cn(
                'text-2xl font-bold tabular-nums',
                FIDELITY_TONE_TEXT[toFidelityTone(overall)],
              )}
            >
              {toPercentLabel(overall)}
            </span>
            <span className="text-xs text-slate-500">overall, the mean of the five scores</span>
          </p>
          <div className="mt-2">
            <ScoreBars scores={fidelity.overall} />
          </div>
        </div>
        <div>
          <h4 className="font-semibold text-slate-900">Identity</h4>
          <IdentityChecks checks={fidelity.identity} />
          <NeverWorseChecks checks={fidelity.never_worse} />
        </div>
      </div>
      <RouteScores routes={fidelity.routes} />
    </section>
  );
}
