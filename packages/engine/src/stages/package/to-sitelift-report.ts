import type {
  NotCarried,
  NotReadPage,
  SiteliftReport,
  StageName,
  Strategy,
  VerifyReport,
} from '../../types';
import type { Fidelity, FidelityScores } from '../../measure/fidelity';

/** What {@link toSiteliftReport} assembles the report from. */
export interface SiteliftReportInput {
  sourceUrl: string;
  strategy: Strategy;
  /** The rebuilt pages; `kind`: the page's kind (plan/page-kinds.ts), when it is one of a kind. */
  pages: { url: string; route: string; title: string; kind?: string }[];
  verify: VerifyReport;
  notCarried: NotCarried[];
  /** The pages found and not read (RawSite.notRead): the report's `not_rebuilt`. */
  notRead: NotReadPage[];
  /** Links kept pointing at pages of the original that were not rebuilt (the plan's). */
  linksToOriginal?: { route: string; url: string }[];
  /** Milliseconds per stage (those finished when the report is written). */
  timings: Partial<Record<StageName, number>>;
}

/**
 * Builds sitelift-report.json (DESIGN.md §4) from the pipeline's results. A page not read is listed
 * once, in `not_rebuilt` with its reason, not again among the things not carried.
 */
export function toSiteliftReport(input: SiteliftReportInput): SiteliftReport {
  const { verify } = input;
  const notRebuilt = new Set(input.notRead.map((page) => page.url));
  const report: SiteliftReport = {
    version: 1,
    source_url: input.sourceUrl,
    strategy: input.strategy,
    pages: input.pages.map(({ url, route, title, kind }) =>
      kind === undefined ? { url, route, title } : { url, route, title, kind },
    ),
    verification: {
      build: { ok: verify.build.ok, ms: verify.build.ms },
      text_coverage: Math.round(verify.textCoverage * 10_000) / 10_000,
      ...(verify.requiredSnippets === undefined
        ? {}
        : {
            required_snippets: {
              kept: verify.requiredSnippets.kept,
              total: verify.requiredSnippets.total,
            },
          }),
      overflow_375: [...verify.overflow375],
      console_errors: verify.consoleErrors.map(({ route, message }) => ({ route, message })),
      broken_images: verify.brokenImages.map(({ route, src }) => ({ route, src })),
      ...(verify.deadLinks === undefined
        ? {}
        : {
            dead_links: {
              count: verify.deadLinks.count,
              links: verify.deadLinks.links.map(({ route, href }) => ({ route, href })),
            },
          }),
      ...(verify.rendered === undefined ? {} : { rendered: { ...verify.rendered } }),
      ...(verify.motion === undefined
        ? {}
        : {
            motion: {
              route: verify.motion.route,
              animations: verify.motion.animations.map(({ name, trigger, count }) => ({
                name,
                trigger,
                count,
              })),
            },
          }),
    },
    not_carried: input.notCarried
      .filter((item) => item.kind !== 'page' || !notRebuilt.has(item.what))
      .map(({ kind, what, page, reason }) => ({ kind, what, page, reason })),
    not_rebuilt: input.notRead.map(({ url, reason, detail }) => ({
      url,
      reason,
      ...(detail === undefined ? {} : { detail }),
    })),
    ...(input.linksToOriginal === undefined
      ? {}
      : { links_to_original: input.linksToOriginal.map(({ route, url }) => ({ route, url })) }),
    timings: Object.fromEntries(
      Object.entries(input.timings).map(([stage, ms]) => [stage, Math.round(ms ?? 0)]),
    ),
  };
  if (verify.lighthouse !== undefined) report.lighthouse = verify.lighthouse;
  if (verify.fidelity !== undefined) report.fidelity = toReportFidelity(verify.fidelity);
  return report;
}

/** Scores with four decimals, as text coverage. */
function toUnit(score: number): number {
  return Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000;
}

function toReportScores(scores: FidelityScores): FidelityScores {
  return {
    block: toUnit(scores.block),
    text: toUnit(scores.text),
    position: toUnit(scores.position),
    color: toUnit(scores.color),
    visual: toUnit(scores.visual),
  };
}

/** The report's `fidelity` (DESIGN.md §4, snake_case) from verify's. */
export function toReportFidelity(fidelity: Fidelity): NonNullable<SiteliftReport['fidelity']> {
  return {
    overall: toReportScores(fidelity.overall),
    routes: fidelity.routes.map((route) => ({
      route: route.route,
      ...toReportScores(route),
      worst_sections: route.worstSections.map((section) => ({
        selector: section.selector,
        score: toUnit(section.score),
        viewport: section.viewport,
        ...(section.crops === undefined ? {} : { crops: { ...section.crops } }),
      })),
    })),
    identity: fidelity.identity.map(({ check, ok, found, expected }) => ({
      check,
      ok,
      found,
      ...(expected === undefined ? {} : { expected }),
    })),
    ...(fidelity.neverWorse === undefined
      ? {}
      : {
          never_worse: fidelity.neverWorse.map(({ check, ok, found, expected }) => ({
            check,
            ok,
            found,
            ...(expected === undefined ? {} : { expected }),
          })),
        }),
  };
}
