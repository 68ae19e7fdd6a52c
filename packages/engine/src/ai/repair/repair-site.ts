/**
 * The repair loop (issue 25, decision record 058): for the pages that resemble their originals least,
 * the model sees the original's and the rebuild's crop of the worst section, the page's sections and
 * the checks that fail, and proposes one typed patch of the plan (./patch.ts). The patch is applied,
 * the project generated and that page verified again (with the start page, which the identity checks
 * read); the judge (./decide.ts) keeps it only when nothing measured got worse, and the guards
 * (./guards.ts) refuse new words, scripts, event handlers and external addresses. At most
 * `maxRounds` patches per page; the loop stops when the budget is spent. Every patch, kept or not, is
 * recorded with the scores that decided it and the crops the model saw.
 *
 * One patch per verify: the keep/reject decision is the patch's own, never shared with another
 * patch's effect. The stages' functions come in as `deps` (generate, verify), so the loop imports no
 * stage.
 */
import type { AiReport } from '@sitelift/shared/schemas/ai';
import type { SitePlan } from '../../model';
import type { FileTree, VerifyReport } from '../../types';
import type { AiClient, AiImage } from '../types';
import { judgePatch, type RouteMeasurement } from './decide';
import { checkRepairGuards } from './guards';
import { describeFailedChecks, measureRoute, pickShownSection, toModelImage } from './measurements';
import {
  affectedRoutes,
  applyPatch,
  describePatch,
  PATCH_COLOR_TOKENS,
  PATCH_VARIANTS,
  repairAnswerSchema,
  repairPatchSchema,
  type RepairPatch,
} from './patch';

export type RepairPatchRecord = AiReport['patches'][number];

/** What the loop needs of the pipeline: generate a plan, verify a project on some routes. */
export interface RepairDeps {
  ai: AiClient;
  generate(plan: SitePlan): Promise<FileTree>;
  /**
   * Verifies a project on these routes (all of them: undefined), screenshots and fidelity included;
   * its screenshot and crop names as verify writes them.
   */
  verify(tree: FileTree, routes?: string[]): Promise<VerifyReport>;
  /** A route's name in screenshot names (`about` for `/about`). */
  routeSlug(route: string): string;
  log(level: 'INFO' | 'WARNING' | 'DEBUG', message: string): void;
  /** Throws when the job was cancelled. */
  checkCancelled(): void;
  /** Rounds done of the most the loop may make (pages × maxRounds), for the progress bar. */
  progress?(done: number, total: number): void;
}

export interface RepairInput {
  plan: SitePlan;
  tree: FileTree;
  verify: VerifyReport;
}

export interface RepairResult {
  /** The repaired plan, project and their verify report; absent when no patch was kept. */
  repaired?: RepairInput;
  patches: RepairPatchRecord[];
  /** Crops of the patches, by their names in `patches[].crops` (for the report's screenshots). */
  crops: Record<string, Uint8Array>;
}

/** Pages the loop looks at, the least similar first: a long site's worst, not all of them. */
export const REPAIR_PAGES_BOUND = 5;
/** A route whose every score is at least this is left alone. */
const GOOD_ENOUGH = 0.97;

const SYSTEM = `You repair a website rebuild so that it looks more like the original. You are shown the original's section and the rebuild's, the page's sections and the checks that fail. Answer with JSON {"patch": {...}} holding ONE change of the rebuild's plan, or {"patch": null} when nothing you can change would help.
You can never add, remove or reword text: a patch holds only ids, numbers, enums and colours.
Patch kinds:
- {"kind":"variant","route","section","variant": one of ${PATCH_VARIANTS.join(', ')},"reason"}
- {"kind":"align","route","section","align":"center"|"left","reason"}
- {"kind":"columns","route","section","columns":1-6,"reason"} (sections with items)
- {"kind":"move","route","section","position": new 0-based place on the page,"reason"}
- {"kind":"spacing","sectionPadding":0-160 or null,"flowGap":0-64 or null,"reason"} (px, whole site)
- {"kind":"colors","colors":{each of ${PATCH_COLOR_TOKENS.join(', ')}: "#rrggbb" or null to keep it},"reason"} (whole site; text must keep 4.5:1 contrast)
- {"kind":"hide_duplicate","route","section","block": the block's index in the section,"reason"} (a picture or block the page shows twice)
- {"kind":"menu_style","style":"light"|"brand","reason"} (the header's menu bar)
"route" and "section" must be ones listed. "reason": one short sentence.`;

function short(text: string, max = 60): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A page's sections, one line each: id, variant, heading, blocks. */
export function describePage(plan: SitePlan, route: string): string {
  const page = plan.pages.find((entry) => entry.route === route);
  if (page === undefined) return '';
  return page.sections
    .map((section, index) => {
      const heading = section.heading?.inlines.map((run) => run.text).join('') ?? '';
      const blocks = section.blocks
        .map((block, i) => {
          if (block.kind === 'image')
            return `${i}:image(${block.image.src.split('/').pop() ?? ''})`;
          if (block.kind === 'items')
            return `${i}:items(${block.items.length} in ${block.columns} columns)`;
          if (block.kind === 'paragraph' || block.kind === 'heading')
            return `${i}:${block.kind}("${short(block.inlines.map((run) => run.text).join(''), 30)}"${block.align === 'center' ? ', centred' : ''})`;
          return `${i}:${block.kind}`;
        })
        .join(' ');
      return `${index}. section "${section.id}" variant ${section.variant}${heading === '' ? '' : ` heading "${short(heading)}"${section.heading?.align === 'center' ? ' centred' : ''}`}: ${blocks}`;
    })
    .join('\n');
}

function describeSite(plan: SitePlan): string {
  const { colors, header, typography } = plan.design.tokens;
  const palette = PATCH_COLOR_TOKENS.map((name) => `${name} ${colors[name]}`).join(', ');
  const spacing =
    typography === undefined
      ? 'spacing: the template default'
      : `spacing: section padding ${typography.sectionPadding} px, block gap ${typography.flowGap} px`;
  return `Colours: ${palette}. Menu bar: ${header}. ${spacing}.`;
}

function formatScores(measurement: RouteMeasurement): string {
  const s = measurement.scores;
  if (s === undefined) return 'not measured';
  return `block ${s.block.toFixed(2)}, text ${s.text.toFixed(2)}, position ${s.position.toFixed(2)}, color ${s.color.toFixed(2)}, visual ${s.visual.toFixed(2)}`;
}

/** The routes the loop repairs: measured, not already good, the least similar first. */
export function pickRoutes(verify: VerifyReport, start: string | undefined): string[] {
  const routes = [...(verify.fidelity?.routes ?? [])]
    .filter((route) =>
      [route.block, route.text, route.position, route.color, route.visual].some(
        (score) => score < GOOD_ENOUGH,
      ),
    )
    .sort((a, b) => a.visual - b.visual)
    .map((route) => route.route);
  // A failed check is the start page's to fix first (identity checks read it).
  const failing = describeFailedChecks(verify).length > 0;
  if (failing && start !== undefined && !routes.includes(start)) routes.unshift(start);
  return routes.slice(0, REPAIR_PAGES_BOUND);
}

/** Strict parse of the model's patch: the patch, or why it is refused. */
function parsePatch(raw: unknown): { ok: true; patch: RepairPatch } | { ok: false; why: string } {
  const parsed = repairPatchSchema.safeParse(raw);
  if (parsed.success) return { ok: true, patch: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  return {
    ok: false,
    why: `not a patch the engine allows (${issue?.message ?? 'invalid'}${where})`,
  };
}

function stringField(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  return typeof value === 'string' ? value.slice(0, 120) : undefined;
}

/**
 * Runs the loop. Never throws for the model's sake (a failed call leaves the offline result); throws
 * only when the job is cancelled or a stage itself fails.
 */
export async function repairSite(input: RepairInput, deps: RepairDeps): Promise<RepairResult> {
  const { ai } = deps;
  const patches: RepairPatchRecord[] = [];
  const crops: Record<string, Uint8Array> = {};
  let current = input;
  const offline = input;
  const start = input.plan.pages[0]?.route;
  const routes = pickRoutes(input.verify, start);
  // Each route's latest measurement: the offline verify's, then each kept patch's.
  // Every measured route's, not only the repaired ones': a site-wide patch is judged on them all.
  const measured = new Map(
    [
      ...new Set([...routes, ...(input.verify.fidelity?.routes ?? []).map((entry) => entry.route)]),
    ].map((route) => [route, measureRoute(input.verify, route)]),
  );
  // The report each route's pictures come from (the latest verify that measured it).
  const shownFrom = new Map(routes.map((route) => [route, input.verify]));
  let kept = 0;
  let stopped = false;
  const total = routes.length * ai.config.maxRounds;

  const addCrop = (index: number, side: string, verify: VerifyReport, name: string) => {
    const bytes = verify.screenshots[name];
    if (bytes === undefined) return undefined;
    const extension = name.split('.').pop() ?? 'png';
    const cropName = `ai/patch-${index}-${side}.${extension}`;
    crops[cropName] = bytes;
    return cropName;
  };

  for (const [pageIndex, route] of routes.entries()) {
    if (stopped) break;
    const rejected: string[] = [];
    for (let round = 0; round < ai.config.maxRounds; round += 1) {
      // Rounds started of the most the loop may make (a page left early skips its others).
      deps.progress?.(pageIndex * ai.config.maxRounds + round, total);
      deps.checkCancelled();
      if (!ai.allows('repair')) {
        // The budget is spent, or the client stopped calling a model that kept failing (its note).
        ai.note(
          'The repair loop stopped: no more model calls in this job (budget spent or model failing); the rest stays as the rules built it.',
        );
        stopped = true;
        break;
      }
      const shownVerify = shownFrom.get(route) ?? current.verify;
      const shown = pickShownSection(shownVerify, route, deps.routeSlug(route));
      const images: AiImage[] = [];
      if (shown !== undefined) {
        const original = shownVerify.screenshots[shown.original];
        const rebuilt = shownVerify.screenshots[shown.rebuilt];
        if (original !== undefined) images.push(await toModelImage(original));
        if (rebuilt !== undefined) images.push(await toModelImage(rebuilt));
      }
      const before = measured.get(route) ?? measureRoute(input.verify, route);
      const failed = describeFailedChecks(current.verify);
      const prompt = [
        `Page ${route}. Scores (0..1, 1 is identical): ${formatScores(before)}.`,
        shown === undefined
          ? 'No pictures of this page.'
          : `Picture 1: the original's ${shown.selector === 'body' ? 'page' : `section ${shown.selector}`} (${shown.viewport}); picture 2: the rebuild's${shown.score === undefined ? '' : ` (similarity ${shown.score.toFixed(2)})`}.`,
        failed.length === 0 ? 'No check fails.' : `Failing checks:\n${failed.join('\n')}`,
        `The rebuild's sections on ${route}:\n${describePage(current.plan, route)}`,
        describeSite(current.plan),
        rejected.length === 0
          ? ''
          : `Already tried and refused on this page: ${rejected.join('; ')}.`,
      ]
        .filter(Boolean)
        .join('\n\n');
      const answer = await ai.call({
        task: 'repair',
        // The patches' own schema: a model decoding by it can only answer a patch the engine allows;
        // one that answers otherwise is asked once more with the error, then the page stays offline.
        schema: repairAnswerSchema,
        system: SYSTEM,
        prompt,
        images,
        maxOutputTokens: 600,
      });
      if (!answer.ok) {
        // The client notes every failure; the loop says where it stopped when nothing more may run.
        if (answer.reason === 'over_budget' || answer.reason === 'disabled') {
          ai.note(
            `The repair loop stopped at ${route}: ${answer.reason === 'over_budget' ? 'the AI budget for this job is spent' : 'repair is turned off'}; the rest stays as the rules built it.`,
          );
          stopped = true;
        } else
          deps.log(
            'WARNING',
            `No repair on ${route}: the model gave no usable answer (${answer.reason}); the page stays as the rules built it`,
          );
        break;
      }
      // Checked again here: the loop trusts no answer (a cached one, a client's double) blindly.
      const raw = answer.value.patch as (Record<string, unknown> & { kind: string }) | null;
      if (raw === null) break;

      const index = patches.length + 1;
      const record = (
        entry: Omit<RepairPatchRecord, 'crops'> & { after?: RepairPatchRecord['after'] },
        afterVerify?: VerifyReport,
      ) => {
        const original =
          shown === undefined ? undefined : addCrop(index, 'original', shownVerify, shown.original);
        const beforeCrop =
          shown === undefined ? undefined : addCrop(index, 'before', shownVerify, shown.rebuilt);
        let afterCrop: string | undefined;
        if (afterVerify !== undefined) {
          const next = pickShownSection(afterVerify, route, deps.routeSlug(route));
          if (next !== undefined) afterCrop = addCrop(index, 'after', afterVerify, next.rebuilt);
        }
        patches.push({
          ...entry,
          ...(original !== undefined && beforeCrop !== undefined
            ? {
                crops: {
                  original,
                  before: beforeCrop,
                  ...(afterCrop === undefined ? {} : { after: afterCrop }),
                },
              }
            : {}),
        });
        deps.log(
          entry.kept ? 'INFO' : 'DEBUG',
          `AI patch ${entry.kept ? 'kept' : 'rejected'} on ${entry.route}: ${entry.change} — ${entry.why}`,
        );
        if (!entry.kept) rejected.push(`${entry.change} (${entry.why})`);
      };
      const reasonOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : '');
      const parsed = parsePatch(raw);
      if (!parsed.ok) {
        record({
          route: stringField(raw, 'route') ?? route,
          section: stringField(raw, 'section') ?? '',
          change: `${raw.kind.slice(0, 40)} (refused)`,
          reason: reasonOf(raw.reason),
          kept: false,
          why: parsed.why,
          ...(before.scores === undefined ? {} : { before: before.scores }),
        });
        continue;
      }
      const patch = parsed.patch;
      const base = {
        route: 'route' in patch ? patch.route : route,
        section: 'section' in patch ? patch.section : 'site',
        ...(shown === undefined ? {} : { viewport: shown.viewport }),
        change: describePatch(patch, current.plan),
        reason: patch.reason,
        ...(before.scores === undefined ? {} : { before: before.scores }),
      };
      const applied = applyPatch(current.plan, patch);
      if (!applied.ok) {
        record({ ...base, kept: false, why: applied.reason });
        continue;
      }
      const tree = await deps.generate(applied.plan);
      const guard = checkRepairGuards(offline, { plan: applied.plan, tree });
      if (guard !== undefined) {
        record({ ...base, kept: false, why: guard });
        continue;
      }
      const affected = affectedRoutes(patch, applied.plan);
      // A page's patch is verified on its page (and the start page, which the identity checks
      // read); a site-wide one on every page.
      const verifyRoutes =
        'route' in patch
          ? [...new Set([...(start === undefined ? [] : [start]), patch.route])]
          : undefined;
      const verify = await deps.verify(tree, verifyRoutes);
      // Every measured route the patch touches must hold; the page's own decides the record.
      const verdicts = affected
        .filter(
          (name) => name === route || verify.fidelity?.routes.some((entry) => entry.route === name),
        )
        .map((name) => ({
          name,
          verdict: judgePatch(
            name,
            measured.get(name) ?? measureRoute(input.verify, name),
            measureRoute(verify, name),
          ),
        }));
      const refused = verdicts.find(({ verdict }) => !verdict.kept);
      const own = verdicts.find(({ name }) => name === route)?.verdict ?? refused?.verdict;
      const afterScores = measureRoute(verify, route).scores;
      const outcome = {
        ...base,
        kept: refused === undefined,
        why:
          refused?.verdict.why ??
          (verdicts.length > 1 && own?.why.startsWith('no score lower')
            ? `no score lower on any of ${verdicts.length} pages`
            : (own?.why ?? 'no score lower')),
        ...(afterScores === undefined ? {} : { after: afterScores }),
      };
      record(outcome, verify);
      if (!outcome.kept) continue;
      kept += 1;
      current = { plan: applied.plan, tree, verify };
      for (const { name } of verdicts) {
        measured.set(name, measureRoute(verify, name));
        shownFrom.set(name, verify);
      }
    }
  }
  deps.progress?.(total, total);
  if (kept === 0) return { patches, crops };
  return { repaired: current, patches, crops };
}
